import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Hostile and odd project files and Podfiles through `deintegrate` and `podfile`: reference cycles,
/// dangling references, duplicate object IDs, binary and invalid UTF-8 bytes, huge and deeply nested
/// files, read-only files. Each gets a clear error (or a correct result) and nothing half-written.
final class ProjectInputTests: ReliabilityTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz").path
    static var integrated: String {
        String(
            decoding: FileManager.default.contents(atPath: fixtures + "/PbxprojFuzz/integrated.pbxproj") ?? Data(),
            as: UTF8.self)
    }

    /// A project folder holding `pbxproj` as App.xcodeproj/project.pbxproj and a Podfile.
    func project(_ pbxproj: [UInt8]) throws -> TempDirectory {
        let dir = TempDirectory("rel-project")
        try dir.write("App.xcodeproj/project.pbxproj", pbxproj)
        try dir.write("Podfile", "platform :ios, '12.0'\ntarget 'App' do\nend\n")
        return dir
    }

    func testDeintegrateOfAMangledCommentStillWritesAProjectThatParses() throws {
        // Found by PbxprojFuzz: a comment left open on `/* End … section/* ` swallowed the next
        // `/* Begin … section */` line; deleting that "marker" used to leave a file that did not parse.
        let bytes = Array(
            FileManager.default.contents(
                atPath: Self.fixtures + "/PbxprojFuzz/regressions/comment-swallows-section-marker.pbxproj") ?? Data())
        XCTAssertFalse(bytes.isEmpty)
        let dir = try project(bytes)
        let r = try bin.run(["deintegrate"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let after = try dir.read("App.xcodeproj/project.pbxproj")
        XCTAssertNotEqual(after, bytes)
        XCTAssertNoThrow(try PBXProjectFile(bytes: after, path: "after.pbxproj"))
    }

    func testDuplicateObjectIDsAreRefusedNamingBothLines() throws {
        // Found by PbxprojFuzz: with one ID defined twice, the deintegrator's second run removed more.
        let bytes = Array(
            FileManager.default.contents(
                atPath: Self.fixtures + "/PbxprojFuzz/regressions/duplicate-object-ids.pbxproj") ?? Data())
        XCTAssertFalse(bytes.isEmpty)
        let dir = try project(bytes)
        let before = TreeSnapshot(dir.path)
        let r = try bin.run(["deintegrate", "App.xcodeproj"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(
            r.stderr.contains(
                "project.pbxproj:20: object F00000000000000000000004 is defined twice (first at line 11)"), r.stderr)
        XCTAssertEqual(TreeSnapshot(dir.path), before)
    }

    func testReferenceCyclesAndDanglingReferencesDoNotCrash() throws {
        let cases = [
            // The main group lists itself as a child: a cycle.
            (
                "cycle",
                Self.integrated.replacingOccurrences(
                    of: "\t\t\tchildren = (\n", with: "\t\t\tchildren = (\n\t\t\t\tG00000000000000000000001,\n")
            ),
            // A build phase and a file reference that exist nowhere.
            (
                "dangling",
                Self.integrated.replacingOccurrences(
                    of: "\t\t\tbuildPhases = (\n",
                    with: "\t\t\tbuildPhases = (\n\t\t\t\tDEADBEEFDEADBEEFDEADBEEF /* [CP] Ghost */,\n")
            ),
        ]
        for (name, text) in cases {
            XCTAssertNotEqual(text, Self.integrated, name)
            let dir = try project(Array(text.utf8))
            let before = TreeSnapshot(dir.path)
            let r = try bin.run(["deintegrate", "--json"], home: dir.path, cwd: dir.path)
            XCTAssertTrue(
                [0, 1, 2].contains(r.status),
                "\(name): a result or a clear error, not a crash (\(r.status)): \(r.stderr)")
            if r.status == 0 {
                // Deintegrated: the result must read back (deintegrate again finds nothing).
                let again = try bin.run(["deintegrate", "--check"], home: dir.path, cwd: dir.path)
                XCTAssertEqual(again.status, 0, "\(name): \(again.stdout) \(again.stderr)")
            } else {
                assertFailedCleanly(r, status: r.status, mentions: ["project.pbxproj"], before: before)
            }
            XCTAssertEqual(TreeSnapshot(dir.path).leftovers, [], name)
        }
    }

    func testBinaryInvalidUTF8AndNestedProjectFilesAreRefused() throws {
        let cases: [(String, [UInt8])] = [
            ("binary", (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }),
            (
                "invalid UTF-8",
                Array(Self.integrated.replacingOccurrences(of: "name = App;", with: "name = \"App\u{1}\";").utf8) + [
                    0xFF, 0xFE,
                ]
            ),
            (
                "deeply nested",
                Array(
                    ("// !$*UTF8*$!\n" + String(repeating: "{a = ", count: 50_000)
                        + String(repeating: "};", count: 50_000)).utf8)
            ),
            ("truncated", Array(Self.integrated.utf8.prefix(4000))),
        ]
        for (name, bytes) in cases {
            let dir = try project(bytes)
            let before = TreeSnapshot(dir.path)
            let r = try bin.run(["deintegrate"], home: dir.path, cwd: dir.path)
            XCTAssertTrue(
                [1, 2].contains(r.status), "\(name): a clear error, not a crash (\(r.status)): \(r.stderr.prefix(300))")
            assertFailedCleanly(r, status: r.status, mentions: ["project.pbxproj"], before: before)
        }
    }

    func testHostilePodfilesAreRefusedNamingTheFile() throws {
        let cases: [(String, [UInt8])] = [
            ("binary", (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }),
            ("invalid UTF-8", Array("platform :ios, '12.0'\n# caf".utf8) + [0xE9, 0x0A]),
            ("NUL", Array("platform :ios, '12.0'\0\n".utf8)),
            (
                "deep blocks",
                Array(
                    (String(repeating: "target 'A' do\n", count: 20_000) + String(repeating: "end\n", count: 20_000))
                        .utf8)
            ),
            (
                "deep parens",
                Array(
                    ("x = " + String(repeating: "(", count: 50_000) + "1" + String(repeating: ")", count: 50_000)
                        + "\n").utf8)
            ),
            ("unterminated heredoc", Array("x = <<~EOS\nsource 'https://x'\n".utf8)),
        ]
        for (name, bytes) in cases {
            let dir = TempDirectory("rel-podfile")
            let podfile = try dir.write("Podfile", bytes)
            let before = TreeSnapshot(dir.path)
            for args in [
                ["podfile", "source", "use", "tuna"], ["podfile", "platform", "ios", "13.0"], ["podfile", "show"],
            ] {
                let r = try bin.run(args + ["--podfile", podfile], home: dir.path, cwd: dir.path)
                XCTAssertTrue(
                    [1, 2].contains(r.status),
                    "\(name) \(args): a clear error, not a crash (\(r.status)): \(r.stderr.prefix(300))")
                assertFailedCleanly(r, status: r.status, mentions: ["Podfile"], before: before)
            }
        }
    }

    func testReadOnlyPodfileAndProjectFailAndKeepEveryByte() throws {
        let dir = try project(Array(Self.integrated.utf8))
        try dir.write("Pods/Manifest.lock", "PODS: []\n")
        try makeReadOnly(dir.sub("Podfile"))
        try makeReadOnly(dir.sub("App.xcodeproj/project.pbxproj"))
        let before = TreeSnapshot(dir.path)
        var r = try bin.run(
            ["podfile", "source", "use", "tuna", "--podfile", dir.sub("Podfile")], home: dir.path, cwd: dir.path)
        assertFailedCleanly(r, status: 1, mentions: [dir.sub("Podfile")], before: before)
        r = try bin.run(["deintegrate"], home: dir.path, cwd: dir.path)
        assertFailedCleanly(r, status: 1, mentions: ["project.pbxproj"], before: before)
    }

    func testFileSizeLimitWhileWritingPodfile() throws {
        let dir = TempDirectory("rel-podfile")
        let padding = (0..<200).map { "# note \($0): keep this line exactly as it is\n" }.joined()
        let podfile = try dir.write(
            "Podfile", "source 'https://github.com/CocoaPods/Specs.git'\n" + padding + "target 'A' do\nend\n")
        let before = TreeSnapshot(dir.path)
        let r = try runWithFileSizeLimit(
            blocks: 8, ["podfile", "source", "use", "tuna", "--podfile", podfile], home: dir.path)
        assertFailedCleanly(r, status: 1, mentions: [podfile, "too large"], before: before)
    }
}
