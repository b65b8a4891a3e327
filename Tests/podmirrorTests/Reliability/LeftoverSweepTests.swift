import Foundation
import PodMirrorTestSupport
import XCTest

/// What a killed run leaves beside a file it edits or a folder it removes (`.<name>.podmirror-<pid>-<tag>`)
/// is removed by the next run of the command that made it, once its owner is gone; a running owner's
/// files stay.
final class LeftoverSweepTests: ReliabilityTestCase {
    func testPodfileEditRemovesTempFilesOfKilledRunsOnly() throws {
        let home = TempDirectory("sweep-podfile")
        try home.write("Podfile", "platform :ios, '13.0'\ntarget 'App' do\nend\n")
        let dead = try ProcessRunner.exitedProcessID()
        let stale = try home.write(".Podfile.podmirror-\(dead)-Ab12Cd", "half a Podfile")
        // A live owner (this test process) may still be writing its file: it stays.
        let live = try home.write(".Podfile.podmirror-\(getpid())-Ef34Gh", "being written")
        // Also when the Podfile is already as asked: the leftover alone is drift.
        XCTAssertEqual(try bin.run(["podfile", "platform", "ios", "13.0", "--check"], home: home.path).status, 3)
        XCTAssertTrue(FileManager.default.fileExists(atPath: stale), "--check changes nothing")
        let r = try bin.run(["podfile", "platform", "ios", "13.0", "--json"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live))
        let kinds = (try PodmirrorBinary.json(r)["changes"] as? [[String: Any]] ?? []).compactMap {
            $0["kind"] as? String
        }
        XCTAssertTrue(kinds.contains("leftover-remove"), "\(kinds)")
        try FileManager.default.removeItem(atPath: live)
        XCTAssertEqual(try bin.run(["podfile", "platform", "ios", "13.0", "--check"], home: home.path).status, 0)
        XCTAssertEqual(TreeSnapshot(home.path).leftovers, [])
    }

    func testDeintegrateRemovesAHalfDeletedPodsFolderAndProjectTempFiles() throws {
        let dir = TempDirectory("sweep-deintegrate")
        try dir.write(
            "App.xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/googleads-swiftui/project.pbxproj"))
        try dir.write("Podfile", "target 'App' do\nend\n")
        let dead = try ProcessRunner.exitedProcessID()
        try dir.write(".Pods.podmirror-\(dead)-removing/Target Support Files/x.xcconfig", "X = 1\n")
        try dir.write("App.xcodeproj/.project.pbxproj.podmirror-\(dead)-Zz99Yy", "half a project")
        let r = try bin.run(["deintegrate"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("No CocoaPods integration found"), r.stdout)
        XCTAssertTrue(r.stdout.contains("leftover"), r.stdout)
        XCTAssertEqual(TreeSnapshot(dir.path).leftovers, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.sub(".Pods.podmirror-\(dead)-removing")))
    }
}
