import Foundation
import PodMirrorTestSupport
import XCTest

/// `reinstall` runs `pods fetch` first (stand-in `pod` on PATH: CocoaPods cannot be installed here).
final class ReinstallPodsFetchCLITests: XCTestCase {
    let bin = PodmirrorBinary()

    func testStandInPodIsNotRunWhenAPodCannotBeFetchedAndTheProjectIsUntouched() throws {
        let project = Fixtures.path("xcodeproj/localsend-flutter/project.pbxproj")
        let tmp = TempDirectory("reinstall-fetch")
        try FileManager.default.createDirectory(atPath: tmp.path + "/served", withIntermediateDirectories: true)
        let server = try GitHTTPServer(root: tmp.path + "/served")
        defer { server.stop() }
        let fixture = try PodSourcesFixture(dir: tmp.path, base: "http://127.0.0.1:\(server.port)")
        try fixture.writeLock(try fixture.podfileLock(tagOverride: ["PMGitA": "9.9.9"]))
        let pbx = fixture.project + "/Runner.xcodeproj/project.pbxproj"
        try FileManager.default.createDirectory(
            atPath: (pbx as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: project, toPath: pbx)
        try "target 'Runner' do\nend\n".write(toFile: fixture.project + "/Podfile", atomically: true, encoding: .utf8)
        // An existing cache VERSION, so the stand-in is not asked for `pod --version`.
        let pods = fixture.home + "/Library/Caches/CocoaPods/Pods"
        try FileManager.default.createDirectory(atPath: pods, withIntermediateDirectories: true)
        try "1.17.0".write(toFile: pods + "/VERSION", atomically: true, encoding: .utf8)
        let standin = TempDirectory("standin-bin")
        let pod = try standin.write("pod", ReinstallCLITests.standIn)
        chmod(pod, 0o755)
        let log = tmp.path + "/pod.log"
        let before = TreeSnapshot(fixture.project)
        let r = try bin.run(
            ["reinstall", fixture.project], home: fixture.home,
            extraEnvironment: ["PATH": "\(standin.path):/usr/bin:/bin", "POD_STANDIN_LOG": log])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("could not fetch PMGitA"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: log), "pod install must not run")
        XCTAssertEqual(TreeSnapshot(fixture.project).differences(to: before), [])
        // The other pods were fetched all the same.
        XCTAssertTrue(FileManager.default.fileExists(atPath: pods + "/Release/PMFoo"))

        let skipped = try bin.run(
            ["reinstall", fixture.project, "--no-fetch"], home: fixture.home,
            extraEnvironment: ["PATH": "\(standin.path):/usr/bin:/bin", "POD_STANDIN_LOG": log])
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        XCTAssertTrue(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("argv: install"))
    }
}
