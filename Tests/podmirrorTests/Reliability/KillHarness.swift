import Foundation
import PodMirrorTestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// The kill harness of `KillRecoveryTests` and `SlowServerKillTests`: a command run uninterrupted from a copy of
/// a pristine folder (how long it takes), then in new copies killed (`SIGKILL`) at points spread over that time,
/// each followed by the same command again and the checks that it converged.
extension GitServerTestCase {
    /// Copies the folder `source` to a new temporary folder (the state every kill starts from).
    func copy(_ source: String) throws -> TempDirectory {
        let copy = TempDirectory("kill-home")
        try FileManager.default.removeItem(atPath: copy.path)
        XCTAssertEqual(try ProcessRunner.run("/bin/cp", ["-a", source, copy.path]).status, 0)
        return copy
    }

    /// Runs `args` in a copy of `pristine` uninterrupted (how long it takes), then in new copies killed
    /// after 1/(points+1) … points/(points+1) of that time, each followed by `check(home, rerun)`.
    /// `afterKill(home, point)` checks what the kill left before the rerun. `together` runs the killed runs at
    /// once, then their reruns at once (for commands that mostly wait on a slow server), each killed at its point
    /// of its own run. Returns the measured seconds.
    @discardableResult
    func killAtManyPoints(
        _ args: [String], points: Int, from pristine: String, together: Bool = false,
        cwd: (TempDirectory) -> String? = { _ in nil }, afterKill: (TempDirectory, Int) throws -> Void = { _, _ in },
        check: (TempDirectory, ProcessResult) throws -> Void
    ) throws -> Double {
        let timed = try copy(pristine)
        let start = Date()
        let full = try bin.run(args, home: timed.path, cwd: cwd(timed))
        let total = Date().timeIntervalSince(start)
        XCTAssertEqual(full.status, 0, "uninterrupted: \(full.stdout) \(full.stderr)")
        try check(timed, full)
        let at = (1...points).map { total * Double($0) / Double(points + 1) }
        let homes = try (1...points).map { _ in try copy(pristine) }
        for batch in together ? [Array(0..<points)] : (0..<points).map({ [$0] }) {
            let runs = try batch.map {
                (try RunningPodmirror(bin, args, home: homes[$0].path, cwd: cwd(homes[$0])), Date())
            }
            for (k, (run, started)) in zip(batch, runs) {
                let wait = at[k] - Date().timeIntervalSince(started)
                if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
                run.signal(SIGKILL)
            }
            for (run, _) in runs { _ = run.wait(timeout: 30) }
            for k in batch { try afterKill(homes[k], k + 1) }
            let reruns = try batch.map { try RunningPodmirror(bin, args, home: homes[$0].path, cwd: cwd(homes[$0])) }
            for (k, rerun) in zip(batch, reruns) {
                let again = rerun.wait(timeout: 120).result
                XCTAssertEqual(
                    again.status, 0, "rerun after a kill at \(k + 1)/\(points + 1): \(again.stdout) \(again.stderr)")
                try check(homes[k], again)
            }
        }
        return total
    }

    func git(_ clone: String, _ args: [String]) throws -> String {
        try ProcessRunner.git(["-C", clone] + args).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The repo is at `tip` on its branch, clean (untracked files too), whole for `git fsck` and `repo verify`,
    /// `doctor` finds nothing about it, `check` (the same command with `--check`) finds nothing to do, and
    /// nothing temporary or journaled is left.
    func assertConverged(
        _ home: TempDirectory, repo name: String, tip: String, url: String? = nil, check: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let clone = home.sub(".cocoapods/repos/\(name)")
        XCTAssertEqual(try git(clone, ["rev-parse", "HEAD"]), tip, file: file, line: line)
        XCTAssertEqual(try git(clone, ["symbolic-ref", "HEAD"]), "refs/heads/master", file: file, line: line)
        XCTAssertEqual(try git(clone, ["status", "--porcelain", "-uall"]), "", file: file, line: line)
        let fsck = try ProcessRunner.git(["-C", clone, "fsck", "--no-dangling", "--strict"])
        XCTAssertEqual(fsck.status, 0, fsck.stdout + fsck.stderr, file: file, line: line)
        if let url { XCTAssertEqual(try git(clone, ["remote", "get-url", "origin"]), url, file: file, line: line) }
        let verify = try bin.run(["repo", "verify", name], home: home.path)
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr, file: file, line: line)
        XCTAssertEqual(try repoFindings(home), [], file: file, line: line)
        let again = try bin.run(check + ["--check"], home: home.path)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr, file: file, line: line)
        XCTAssertEqual(TreeSnapshot(home.path).leftovers, [], file: file, line: line)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: clone + "/.git/podmirror-journal.json"), file: file, line: line)
    }

    /// `doctor --json`'s warnings and errors about spec repos (`repo.*`), as `id subject`.
    func repoFindings(_ home: TempDirectory) throws -> [String] {
        let doctor = try bin.run(["doctor", "--json"], home: home.path)
        let findings = try PodmirrorBinary.json(doctor)["findings"] as? [[String: Any]] ?? []
        return findings.compactMap { f in
            guard let id = f["id"] as? String, id.hasPrefix("repo."), f["severity"] as? String != "note" else {
                return nil
            }
            return "\(id) \(f["subject"] as? String ?? "")"
        }
    }

    /// What a kill left in a repo: HEAD at `old` or `tip` on its branch, every object of `old` still there (`git
    /// fsck`), and a work tree that differs from HEAD (untracked files too) or a moved origin only with a journal
    /// that says what to finish.
    func assertKillLeftAJournalOrNothingHalfDone(
        _ home: TempDirectory, repo name: String, old: String, tip: String, oldURL: String, point: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let clone = home.sub(".cocoapods/repos/\(name)")
        let head = try git(clone, ["rev-parse", "HEAD"])
        XCTAssertTrue([old, tip].contains(head), "kill \(point): HEAD \(head)", file: file, line: line)
        XCTAssertEqual(try git(clone, ["symbolic-ref", "HEAD"]), "refs/heads/master", file: file, line: line)
        let fsck = try ProcessRunner.git(["-C", clone, "fsck", "--no-dangling", old])
        XCTAssertEqual(fsck.status, 0, "kill \(point): \(fsck.stderr)", file: file, line: line)
        let halfDone =
            try git(clone, ["status", "--porcelain", "-uall"]) != ""
            || (head == old && (try git(clone, ["remote", "get-url", "origin"])) != oldURL)
        let journal = FileManager.default.fileExists(atPath: clone + "/.git/podmirror-journal.json")
        XCTAssertTrue(!halfDone || journal, "kill \(point): half-done without a journal", file: file, line: line)
    }
}
