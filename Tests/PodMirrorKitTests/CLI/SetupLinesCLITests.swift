import Foundation
import PodMirrorTestSupport
import XCTest

/// What setup says, run after run (#29 item 13): its lines come in the plan's order on the first run and on the
/// second (the clone, which can be undone, ran before the Podfile edit; its update, which cannot, ran after it and
/// was listed last), and `--check` names in its drift line only what drifted, not every edit asked.
final class SetupLinesCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func testLinesKeepTheirOrderOnTheSecondRunAndCheckNamesOnlyWhatDrifted() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        _ = try SpecsFixture(root: served.path, name: "Specs", pods: 5, commits: 1)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        let url = server.url("Specs.git")
        try home.write("Podfile", "platform :ios, '12.0'\n\ntarget 'App' do\n  pod 'A'\nend\n")
        let args = [
            "setup", "--strategy", "podfile", "--mirror", url, "--podfile", home.sub("Podfile"), "--platform",
            "ios:13.0", "--inhibit-warnings", "--gems", "ruby-china", "--no-verify",
        ]
        /// Which step each stdout line speaks of, in order.
        func steps(_ r: ProcessResult) -> [String] {
            r.stdout.split(separator: "\n").compactMap { line in
                if line.contains(".gemrc") { return "gems" }
                if line.contains(home.sub("Podfile")) { return "podfile" }
                if line.contains(url) { return "repo" }
                return nil
            }
        }
        let first = try bin.run(args, home: home.path)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(steps(first), ["gems", "repo", "podfile"], first.stdout)
        let second = try bin.run(args, home: home.path)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(steps(second), ["gems", "repo", "podfile"], second.stdout)
        let kinds = { (r: ProcessResult) in
            try (PodmirrorBinary.json(r)["changes"] as? [[String: Any]] ?? []).map { $0["subject"] as? String ?? "" }
        }
        XCTAssertEqual(
            try kinds(try bin.run(args + ["--json"], home: home.path)).count, 3, "the JSON lists the same steps")

        // One setting drifts: the drift line names it, not the source and the warnings that still hold.
        try home.write(
            "Podfile",
            String(decoding: try home.read("Podfile"), as: UTF8.self).replacingOccurrences(of: "13.0", with: "14.0"))
        let check = try bin.run(args + ["--check"], home: home.path)
        XCTAssertEqual(check.status, 3, check.stderr)
        let drift = try XCTUnwrap(check.stdout.split(separator: "\n").first { $0.hasPrefix("would change") })
        XCTAssertTrue(drift.contains("platform :ios, '13.0'"), String(drift))
        XCTAssertFalse(drift.contains("use Specs source"), String(drift))
        XCTAssertFalse(drift.contains("inhibit_all_warnings!"), String(drift))
        let json = try PodmirrorBinary.json(try bin.run(args + ["--check", "--json"], home: home.path))
        let changed = (json["changes"] as? [[String: Any]] ?? []).filter { $0["changed"] as? Bool == true }
        XCTAssertEqual(changed.count, 1, "\(changed)")
        let summary = changed.first?["summary"] as? String ?? ""
        XCTAssertEqual(summary, "platform :ios, '13.0' in \(home.sub("Podfile"))")
        // Compliant: every edit asked is named as holding.
        XCTAssertEqual(try bin.run(args, home: home.path).status, 0)
        let ok = try bin.run(args + ["--check"], home: home.path)
        XCTAssertEqual(ok.status, 0, ok.stdout)
        XCTAssertTrue(ok.stdout.contains("use Specs source \(url); platform :ios, '13.0'"), ok.stdout)
    }
}
