import Foundation
import PodMirrorTestSupport
import XCTest

/// `podmirror deintegrate` end to end, on real files in a temporary folder.
final class DeintegrateCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    /// A project folder with Podfile, Podfile.lock, workspace and Pods/, from a project fixture
    /// (Tests/Fixtures/xcodeproj).
    func project(_ fixture: String, name: String = "App") throws -> TempDirectory {
        let dir = TempDirectory("deintegrate")
        try dir.write("\(name).xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/\(fixture)/project.pbxproj"))
        try dir.write("Podfile", "target '\(name)' do\nend\n")
        try dir.write("Podfile.lock", "PODS:\n")
        try dir.write("\(name).xcworkspace/contents.xcworkspacedata", "<Workspace/>\n")
        try dir.write("Pods/Manifest.lock", "PODS:\n")
        try dir.write("Pods/Target Support Files/Pods-App/Pods-App.debug.xcconfig", "X = 1\n")
        return dir
    }

    /// Two projects in the folder named: the hint names one by a path usable from where the command ran (not one
    /// relative to the folder searched), for `deintegrate` and `swiftpm show` alike.
    func testAmbiguousProjectHintIsUsableFromTheCurrentFolder() throws {
        let dir = TempDirectory("ambiguous")
        for name in ["A", "B"] {
            try dir.write(
                "sub/\(name).xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/actionsdemo/project.pbxproj"))
        }
        let outside = try bin.run(["deintegrate", "sub"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(outside.status, 2, outside.stderr)
        XCTAssertTrue(outside.stderr.contains("podmirror deintegrate sub/A.xcodeproj"), outside.stderr)
        let inside = try bin.run(["deintegrate"], home: dir.path, cwd: dir.sub("sub"))
        XCTAssertTrue(inside.stderr.contains("podmirror deintegrate A.xcodeproj"), inside.stderr)
        let swiftpm = try bin.run(["swiftpm", "show", "sub"], home: dir.path, cwd: dir.path)
        XCTAssertTrue(swiftpm.stderr.contains("sub/A.xcodeproj"), swiftpm.stderr)
        let elsewhere = try bin.run(["deintegrate", dir.sub("sub")], home: dir.path, cwd: "/")
        XCTAssertTrue(
            elsewhere.stderr.contains("podmirror deintegrate \(dir.sub("sub"))/A.xcodeproj"), elsewhere.stderr)
    }

    func testRemovesIntegrationAndPodsKeepsPodfileAndWorkspace() throws {
        let dir = try project("actionsdemo")
        let before = try dir.read("App.xcodeproj/project.pbxproj")
        let r = try bin.run(["deintegrate"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stdout.hasPrefix(
                "Deintegrating `App.xcodeproj`\nDeleted 1 'Check Pods Manifest.lock' build phases.\n"
                    + "Deleted 1 'Embed Pods Frameworks' build phases.\n- Pods_actionsDemo.framework\n"
            ), r.stdout)
        XCTAssertTrue(
            r.stdout.contains(
                "Removing `Pods` directory.\n\nProject has been deintegrated. No traces of CocoaPods left in project.\n"
                    + "Note: The workspace referencing the Pods project still remains.\n"
            ), r.stdout)
        let after = try dir.read("App.xcodeproj/project.pbxproj")
        XCTAssertLessThan(after.count, before.count)
        XCTAssertFalse(String(decoding: after, as: UTF8.self).contains("[CP]"))
        XCTAssertEqual(
            dir.listing().filter { !$0.hasPrefix("App.xcodeproj") },
            ["App.xcworkspace", "App.xcworkspace/contents.xcworkspacedata", "Podfile", "Podfile.lock"])

        // Idempotent: nothing changes the second time.
        let again = try bin.run(["deintegrate", "--json"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(again.status, 0, again.stderr)
        let obj = try PodmirrorBinary.json(again)
        XCTAssertEqual(obj["changed"] as? Bool, false)
        XCTAssertEqual(obj["integrated"] as? Bool, false)
        XCTAssertEqual(try dir.read("App.xcodeproj/project.pbxproj"), after)
    }

    func testJSONListsEveryRemovedObject() throws {
        let dir = try project("actionsdemo")
        let r = try bin.run(["deintegrate", "--json", dir.sub("App.xcodeproj")], home: dir.path, cwd: "/")
        XCTAssertEqual(r.status, 0, r.stderr)
        let obj = try PodmirrorBinary.json(r)
        XCTAssertEqual(obj["command"] as? String, "deintegrate")
        let removed = try XCTUnwrap(obj["removedObjects"] as? [[String: Any]])
        let text = String(decoding: try dir.read("App.xcodeproj/project.pbxproj"), as: UTF8.self)
        XCTAssertGreaterThan(removed.count, 10)
        for o in removed {
            let id = try XCTUnwrap(o["id"] as? String)
            XCTAssertNotNil(o["isa"] as? String)
            XCTAssertFalse(text.contains(id), "\(id) still in the file")
        }
        XCTAssertEqual(
            (obj["targets"] as? [[String: Any]])?.map { $0["name"] as? String },
            ["actionsDemo", "actionsDemoTests", "actionsDemoUITests"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.sub("Pods")))
    }

    func testDryRunShowsTheDiffAndChangesNothing() throws {
        let dir = try project("actionsdemo")
        let before = dir.listing()
        let bytes = try dir.read("App.xcodeproj/project.pbxproj")
        let r = try bin.run(["deintegrate", "--dry-run"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("-\t\t\t\t") && r.stdout.contains("[CP] Check Pods Manifest.lock"), r.stdout)
        XCTAssertFalse(
            r.stdout.split(separator: "\n").contains { $0.hasPrefix("+") && !$0.hasPrefix("+++") }, "only deletions")
        XCTAssertEqual(dir.listing(), before)
        XCTAssertEqual(try dir.read("App.xcodeproj/project.pbxproj"), bytes)
        let check = try bin.run(["deintegrate", "--check"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(check.status, 3)
    }

    func testProjectWithoutIntegrationKeepsPodsUnlessAsked() throws {
        let dir = try project("googleads-swiftui")
        let bytes = try dir.read("App.xcodeproj/project.pbxproj")
        let r = try bin.run(["deintegrate"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("No CocoaPods integration found"), r.stdout)
        XCTAssertTrue(r.stdout.contains("--remove-pods"), r.stdout)
        XCTAssertEqual(try dir.read("App.xcodeproj/project.pbxproj"), bytes)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.sub("Pods/Manifest.lock")))
        // podmirror's own words follow the language, given before the subcommand too.
        let zh = try bin.run(["--lang", "zh-Hans", "deintegrate"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(zh.status, 0, zh.stderr)
        XCTAssertTrue(zh.stdout.contains("中没有找到 CocoaPods 集成；项目文件未改动。"), zh.stdout)
        XCTAssertTrue(zh.stdout.contains("`Pods` 目录已保留"), zh.stdout)
        // JSON stays English whatever the language.
        let zhJSON = try bin.run(["--lang", "zh-Hans", "deintegrate", "--json"], home: dir.path, cwd: dir.path)
        let messages = try XCTUnwrap(PodmirrorBinary.json(zhJSON)["messages"] as? [String], zhJSON.stdout)
        XCTAssertTrue(messages.contains { $0.contains("No CocoaPods integration found") }, "\(messages)")
        XCTAssertFalse(messages.contains { $0.contains("没有") }, "\(messages)")
        let r2 = try bin.run(["deintegrate", "--remove-pods"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r2.status, 0, r2.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.sub("Pods")))
        XCTAssertEqual(try dir.read("App.xcodeproj/project.pbxproj"), bytes)
    }

    func testMalformedProjectIsAnErrorWithLineAndNothingChanges() throws {
        let dir = TempDirectory("deintegrate")
        try dir.write(
            "App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXGroup\n\t};\n}\n")
        try dir.write("Podfile", "")
        try dir.write("Pods/x", "")
        let r = try bin.run(["deintegrate"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("project.pbxproj:5:2: expected ';'"), r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.sub("Pods/x")))
    }

    func testSeveralProjectsAreListed() throws {
        let dir = TempDirectory("deintegrate")
        try dir.write("A.xcodeproj/project.pbxproj", "{ objects = {}; }")
        try dir.write("B.xcodeproj/project.pbxproj", "{ objects = {}; }")
        let r = try bin.run(["deintegrate"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("A.xcodeproj, B.xcodeproj"), r.stderr)
        // The remedies name the command that ran, so they can be run as written (no `<command>` placeholder).
        XCTAssertTrue(r.stderr.contains("podmirror deintegrate A.xcodeproj"), r.stderr)
        let none = TempDirectory("deintegrate")
        let r2 = try bin.run(["deintegrate", "--json"], home: none.path, cwd: none.path)
        XCTAssertEqual(r2.status, 2)
        XCTAssertEqual(
            ((try PodmirrorBinary.json(r2))["error"] as? [String: Any])?["code"] as? String, "xcodeproj.not-found")
        let r3 = try bin.run(["reinstall"], home: none.path, cwd: none.path)
        XCTAssertTrue(r3.stderr.contains("podmirror reinstall PATH"), r3.stderr)
        XCTAssertFalse(r3.stderr.contains("<"), r3.stderr)
    }
}
