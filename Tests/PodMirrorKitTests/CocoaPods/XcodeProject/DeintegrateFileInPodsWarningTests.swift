import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// The warning about a file built from inside Pods/ names it by a path usable from any folder, and only while there
/// is a Pods/ to remove (not again after a reinstall moved Pods/ aside).
final class DeintegrateFileInPodsWarningTests: XCTestCase {
    func warnings(podsPresent: Bool) throws -> [Diagnostic] {
        let dir = TempDirectory("file-in-pods")
        try dir.write("App.xcodeproj/project.pbxproj", PBXFixtures.integrated)
        if podsPresent { try dir.write("Pods/Gen/Generated.swift", "// generated\n") }
        let location = XcodeProjectLocation(
            xcodeproj: dir.sub("App.xcodeproj"), installationRoot: dir.path, hasPodfile: true)
        return try DeintegratePlanner.make(location, fileSystem: LocalFileSystem()).plan.warnings
            .filter { $0.code == .deintegrateFileInPods }
    }

    func testWarnedWithAnAbsolutePathOnlyWhilePodsExists() throws {
        let present = try warnings(podsPresent: true)
        XCTAssertEqual(present.count, 1, "\(present)")
        XCTAssertTrue(present.first?.message.contains("/Pods/Gen/Generated.swift") ?? false, "\(present)")
        XCTAssertFalse(present.first?.message.contains("builds `Pods/") ?? true, "\(present)")
        XCTAssertEqual(try warnings(podsPresent: false).count, 0)
    }
}
