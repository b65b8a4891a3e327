import Foundation
import PodMirrorTestSupport
import XCTest

/// Dry-run diffs of files written with CRLF line endings print each line once, with no
/// "No newline at end of file" marker (a `"\r\n"` is one Swift Character).
final class CRLFDiffCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func testCRLFPodfileDiffHasNoSpuriousNoNewlineMarkers() throws {
        let home = TempDirectory()
        let text = "platform :ios, '12.0'\r\n\r\ntarget 'App' do\r\n  pod 'Alamofire'\r\nend\r\n"
        try home.write("Podfile", text)
        let r = try bin.run(["podfile", "source", "use", "tuna", "--dry-run"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("No newline at end of file"), r.stdout)
        XCTAssertTrue(
            r.stdout.contains(
                "@@ -1,3 +1,5 @@\n+source 'https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git'\r\n"
                    + "+\r\n platform :ios, '12.0'\r\n \r\n target 'App' do\r\n"), r.stdout)
        XCTAssertEqual(try home.read("Podfile"), Array(text.utf8))
    }

    func testCRLFGemrcDiffHasNoSpuriousNoNewlineMarkers() throws {
        let home = TempDirectory()
        let text = "---\r\n:sources:\r\n- https://rubygems.org/\r\n"
        try home.write(".gemrc", text)
        let r = try bin.run(["gems", "source", "use", "tuna", "--dry-run"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("No newline at end of file"), r.stdout)
        XCTAssertTrue(
            r.stdout.contains("-- https://rubygems.org/\r\n+- https://mirrors.tuna.tsinghua.edu.cn/rubygems/\r\n"),
            r.stdout)
        XCTAssertEqual(try home.read(".gemrc"), Array(text.utf8))
    }

    func testMissingFinalNewlineIsStillMarked() throws {
        let home = TempDirectory()
        try home.write("Podfile", "platform :ios, '12.0'\r\ntarget 'App' do\r\nend")
        let r = try bin.run(["podfile", "platform", "ios", "13.0", "--dry-run"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.components(separatedBy: "No newline at end of file").count - 1, 1, r.stdout)
        // The diff ends with the marker; the dry run's last line then says how to apply it.
        XCTAssertTrue(r.stdout.contains(" end\n\\ No newline at end of file\ndry run: nothing was changed"), r.stdout)
    }
}
