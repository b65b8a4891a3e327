import Foundation
import PodMirrorTestSupport
import XCTest

/// A 0444 file in a writable folder (a Perforce or TFVC checkout) is refused by every command that edits files:
/// exit 1 naming the file and its mode, every byte and the mode kept; `--force` replaces it. The decision reads
/// the mode bits, so these tests hold when the suite runs as root.
extension InProcessCommandTests {
    private func assertRefused(
        _ outcome: Outcome, _ path: String, json: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(outcome.status, 1, outcome.stdout + outcome.stderr, file: file, line: line)
        let text = json ? outcome.stdout : outcome.stderr
        XCTAssertTrue(text.contains(path), text, file: file, line: line)
        XCTAssertTrue(text.contains("0444"), text, file: file, line: line)
        XCTAssertTrue(text.contains("--force"), "the remedy names --force: \(text)", file: file, line: line)
        if json {
            let object = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], file: file,
                line: line)
            let error = try XCTUnwrap(object["error"] as? [String: Any], file: file, line: line)
            XCTAssertEqual(error["code"] as? String, "file.read-only", file: file, line: line)
        }
    }

    private func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
    }

    func testAReadOnlyPodfileIsRefusedUnlessForced() throws {
        let original = "target 'App' do\n  pod 'A'\nend\n"
        let podfile = try home.write("App/Podfile", original)
        chmod(podfile, 0o444)

        try assertRefused(run(["podfile", "inhibit-warnings", "on", "--podfile", podfile]), podfile)
        try assertRefused(
            run(["podfile", "inhibit-warnings", "on", "--podfile", podfile, "--json"]), podfile, json: true)
        XCTAssertEqual(try String(contentsOfFile: podfile, encoding: .utf8), original)
        XCTAssertEqual(mode(podfile), 0o444)

        let forced = run(["podfile", "inhibit-warnings", "on", "--podfile", podfile, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(try String(contentsOfFile: podfile, encoding: .utf8).contains("inhibit_all_warnings!"))
        XCTAssertEqual(mode(podfile), 0o444, "--force keeps the mode")
        let hoisted = run(["--force", "podfile", "inhibit-warnings", "off", "--podfile", podfile])
        XCTAssertEqual(hoisted.status, 0, "--force before the command: \(hoisted.stderr)")
    }

    func testAReadOnlyGemrcIsRefused() throws {
        let original = "---\n:sources:\n- https://rubygems.org/\n"
        let gemrc = try home.write(".gemrc", original)
        chmod(gemrc, 0o444)
        try assertRefused(run(["gems", "source", "use", "https://gems.example.test/"]), gemrc)
        XCTAssertEqual(try String(contentsOfFile: gemrc, encoding: .utf8), original)
    }

    func testAReadOnlyProjectIsNotDeintegrated() throws {
        let project = try home.write(
            "Proj/App.xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/actionsdemo/project.pbxproj"))
        _ = try home.write("Proj/Podfile", "target 'App' do\nend\n")
        _ = try home.write("Proj/Pods/A/A.m", "x")
        chmod(project, 0o444)
        let before = TreeSnapshot(home.sub("Proj"))
        try assertRefused(run(["deintegrate"], in: home.sub("Proj")), project)
        XCTAssertEqual(before.differences(to: TreeSnapshot(home.sub("Proj"))), [], "Pods/ and the project kept")
    }

    /// setup checks the Podfile before it clones (a real Specs takes minutes): the dead mirror is never tried.
    func testSetupRefusesAReadOnlyPodfileBeforeCloning() throws {
        let podfile = try home.write("App/Podfile", "target 'App' do\n  pod 'A'\nend\n")
        chmod(podfile, 0o444)
        let outcome = run([
            "setup", "--strategy", "podfile", "--mirror", "http://127.0.0.1:9/Specs.git", "--no-verify", "--podfile",
            podfile,
        ])
        try assertRefused(outcome, podfile)
        let repos = (try? FileManager.default.contentsOfDirectory(atPath: home.sub(".cocoapods/repos"))) ?? []
        XCTAssertEqual(repos.filter { $0 != "Spec_Lock" }, [], "no clone was started")
    }
}
