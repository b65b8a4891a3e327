import Foundation
import PodMirrorTestSupport
import XCTest

/// A warning that repeats on runs that change nothing is shown once per state: later runs print one
/// "unchanged" line; `--verbose` and `--json` always carry every warning. Also: a note-level finding is
/// never marked as a warning.
final class RepeatedWarningsCLITests: XCTestCase {
    let bin = InProcessPodmirror()
    let podfile = "source 'https://cdn.cocoapods.org/'\n\ntarget 'App' do\nend\n"
    let absent = "https://example.com/private/Specs.git"
    let warning = "warning: the Podfile has no source https://example.com/private/Specs.git; nothing to remove"

    func remove(_ dir: TempDirectory, _ extra: [String] = [], env: [String: String] = [:]) throws -> ProcessResult {
        let r = try bin.run(
            ["podfile", "source", "remove", absent] + extra, home: dir.path, cwd: dir.path, extraEnvironment: env)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        return r
    }

    func testSameWarningOnRunsThatChangeNothingIsShownOncePerState() throws {
        let dir = TempDirectory("repeat-warn")
        try dir.write("Podfile", podfile)
        let first = try remove(dir)
        XCTAssertTrue(first.stderr.contains(warning), first.stderr)

        let second = try remove(dir)
        XCTAssertFalse(second.stderr.contains("warning:"), second.stderr)
        XCTAssertEqual(
            second.stderr,
            "note: 1 warning unchanged since the last run (podmirror podfile source remove \(absent) --verbose"
                + " shows it)\n")
        XCTAssertEqual(second.stdout, first.stdout, "the results are the same")

        // --verbose and --json always show it, and do not reset the memory.
        XCTAssertTrue(try remove(dir, ["--verbose"]).stderr.contains(warning))
        for _ in 0..<2 {
            let json = try PodmirrorBinary.json(try remove(dir, ["--json"]))
            XCTAssertEqual(json["changed"] as? Bool, false)
            let warnings = json["warnings"] as? [[String: Any]]
            XCTAssertEqual(warnings?.map { $0["code"] as? String }, ["podfile.source-absent"])
        }
        XCTAssertFalse(try remove(dir).stderr.contains("warning:"))
        XCTAssertEqual(try String(contentsOfFile: dir.sub("Podfile"), encoding: .utf8), podfile)

        // Another state (the Podfile's bytes changed): shown again, then summed up again.
        try dir.write("Podfile", podfile + "# edited\n")
        XCTAssertTrue(try remove(dir).stderr.contains(warning))
        XCTAssertFalse(try remove(dir).stderr.contains("warning:"))
        // Another command line is another state.
        let other = try bin.run(
            ["podfile", "source", "remove", absent, "--dry-run"], home: dir.path, cwd: dir.path)
        XCTAssertTrue(other.stderr.contains(warning), other.stderr)
    }

    func testCheckRunsStayCompliantAndTheMemoryIsWrittenAtomically() throws {
        let dir = TempDirectory("repeat-warn-check")
        try dir.write("Podfile", podfile)
        for _ in 0..<3 {
            let r = try bin.run(["podfile", "source", "remove", absent, "--check"], home: dir.path, cwd: dir.path)
            XCTAssertEqual(r.status, 0, "remembering a warning is not drift: \(r.stdout)\(r.stderr)")
        }
        let state = dir.sub(".local/state/podmirror")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: state), ["shown-warnings"])
        let lines = try String(contentsOfFile: state + "/shown-warnings", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        let json = try PodmirrorBinary.json(
            try bin.run(["podfile", "source", "remove", absent, "--check", "--json"], home: dir.path, cwd: dir.path))
        XCTAssertEqual(json["changed"] as? Bool, false)
    }

    func testUnwritableStateFolderNeverFailsTheCommand() throws {
        let dir = TempDirectory("repeat-warn-ro")
        try dir.write("Podfile", podfile)
        // A file where the state folder would go: nothing can be created under it (even as root).
        try dir.write("blocked", "not a folder\n")
        let env = ["XDG_STATE_HOME": dir.sub("blocked/state")]
        for _ in 0..<2 {
            let r = try remove(dir, env: env)
            XCTAssertTrue(r.stderr.contains(warning), "nothing remembered, so shown every time: \(r.stderr)")
        }
        XCTAssertEqual(try String(contentsOfFile: dir.sub("blocked"), encoding: .utf8), "not a folder\n")
    }

    func testDoctorMarksANoteAsOKNeverAsWarning() throws {
        let home = TempDirectory("doctor-note")
        let env = ["LANG": "en_US.UTF-8", "LC_ALL": "", "LC_CTYPE": ""]
        let json = try PodmirrorBinary.json(
            try bin.run(["doctor", "--offline", "--json"], home: home.path, extraEnvironment: env))
        let findings = json["findings"] as? [[String: Any]] ?? []
        XCTAssertEqual(findings.first { $0["id"] as? String == "repos.missing" }?["severity"] as? String, "note")
        let text = try bin.run(["doctor", "--offline"], home: home.path, extraEnvironment: env)
        let line = text.stdout.split(separator: "\n").first { $0.contains("no repos dir at") }
        XCTAssertEqual(line.map { String($0.prefix(9)) }, "ok       ", text.stdout)
        let warnings = findings.filter { $0["severity"] as? String == "warning" }.count
        let marked = text.stdout.split(separator: "\n").filter { $0.hasPrefix("warning") }.count
        XCTAssertEqual(marked, warnings, "only warning findings carry the warning mark: \(text.stdout)")
        XCTAssertFalse(text.stdout.contains("warning: "), text.stdout)
    }
}
