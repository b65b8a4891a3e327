import Foundation
import PodMirrorTestSupport
import XCTest

final class InitCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func project() throws -> TempDirectory {
        let dir = TempDirectory("init")
        try dir.write(
            "actionsDemo.xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/actionsdemo/project.pbxproj"))
        return dir
    }

    func testWritesPodInitsPodfileFromTheProjectsTargets() throws {
        let dir = try project()
        let r = try bin.run(["init"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            String(decoding: try dir.read("Podfile"), as: UTF8.self),
            """
            # Uncomment the next line to define a global platform for your project
            # platform :ios, '9.0'

            target 'actionsDemo' do
              # Comment the next line if you don't want to use dynamic frameworks
              use_frameworks!

              # Pods for actionsDemo

              target 'actionsDemoTests' do
                inherit! :search_paths
                # Pods for testing
              end

              target 'actionsDemoUITests' do
                # Pods for testing
              end

            end

            """)
    }

    func testRefusesToOverwriteAndPlatformAndProjectLine() throws {
        let dir = try project()
        try dir.write("Podfile", "mine\n")
        let r = try bin.run(["init", "--json"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(
            ((try PodmirrorBinary.json(r))["error"] as? [String: Any])?["code"] as? String, "init.podfile-exists")
        XCTAssertEqual(try dir.read("Podfile"), Array("mine\n".utf8))

        let other = TempDirectory("init-cwd")
        let r2 = try bin.run(
            ["init", "--platform", "ios:13.0", dir.sub("actionsDemo.xcodeproj")], home: other.path, cwd: other.path)
        XCTAssertEqual(r2.status, 0, r2.stderr)
        let text = String(decoding: try other.read("Podfile"), as: UTF8.self)
        XCTAssertTrue(
            text.hasPrefix(
                "project '\(dir.sub("actionsDemo.xcodeproj"))'\n\nplatform :ios, '13.0'\n\ntarget 'actionsDemo' do"),
            text)

        let bad = try bin.run(["init", "--template", "nope", dir.path], home: other.path, cwd: other.path)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(
            bad.stderr.contains("no Podfile template named 'nope'") && bad.stderr.contains("default"), bad.stderr)
    }

    /// `--mirror` and `--source` write the new Podfile's source lines as `podfile source use`/`add` would, so the
    /// Podfile reaches the mirror from its first `pod install`.
    func testMirrorAndSourceWriteTheSourceLines() throws {
        let dir = try project()
        let r = try bin.run(
            ["init", "--mirror", "tuna", "--source", "https://git.example/private-specs.git"], home: dir.path,
            cwd: dir.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = String(decoding: try dir.read("Podfile"), as: UTF8.self)
        let sources = text.split(separator: "\n").filter { $0.hasPrefix("source ") }
        XCTAssertEqual(
            sources,
            [
                "source 'https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git'",
                "source 'https://git.example/private-specs.git'",
            ], text)
        XCTAssertTrue(text.contains("target 'actionsDemo' do"), text)
        // The same as writing the Podfile, then running podfile source use/add: nothing left to change.
        let again = try bin.run(["podfile", "source", "use", "tuna", "--check"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
    }

    func testDryRunShowsTheNewFileAndWritesNothing() throws {
        let dir = try project()
        let r = try bin.run(["init", "--dry-run"], home: dir.path, cwd: dir.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("+target 'actionsDemo' do"), r.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.sub("Podfile")))
    }
}
