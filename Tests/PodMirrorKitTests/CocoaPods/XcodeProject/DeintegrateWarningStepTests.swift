import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// A deintegration's warnings as a step shown once per state: it changes something while the project edit or the
/// `Pods/` removal is needed, and its state follows the project's bytes, not `--verbose`.
final class DeintegrateWarningStepTests: XCTestCase {
    func testTheStepCarriesThePlansWarningsAndFollowsTheProjectsBytes() throws {
        let dir = TempDirectory("deintegrate-step")
        try dir.write("App.xcodeproj/project.pbxproj", PBXFixtures.integrated)
        try dir.write("Pods/Gen/Generated.swift", "// generated\n")
        let location = XcodeProjectLocation(
            xcodeproj: dir.sub("App.xcodeproj"), installationRoot: dir.path, hasPodfile: true)
        let env = RuntimeEnvironment(variables: ["HOME": dir.path], currentDirectory: dir.path)
        func step(_ arguments: [String] = ["deintegrate"]) throws -> WarningStep {
            try DeintegratePlanner.make(location, fileSystem: LocalFileSystem())
                .warningStep(arguments: arguments, environment: env)
        }
        let integrated = try step()
        XCTAssertTrue(integrated.changed)
        XCTAssertEqual(integrated.warnings.map(\.code), [.deintegrateFileInPods])
        XCTAssertEqual(try step(["deintegrate", "--verbose"]).state, integrated.state)
        XCTAssertNotEqual(try step(["reinstall"]).state, integrated.state)

        try dir.write("App.xcodeproj/project.pbxproj", PBXFixtures.plain)
        try FileManager.default.removeItem(atPath: dir.sub("Pods"))
        let plain = try step()
        XCTAssertFalse(plain.changed, "nothing to deintegrate")
        XCTAssertNotEqual(plain.state, integrated.state)
    }
}
