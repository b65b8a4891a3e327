import Foundation
import PodMirrorTestSupport
import XCTest

/// Processes: SIGINT/SIGTERM arriving while a command works (the binary runs as a child; the signal
/// is sent once the server or a stand-in tool has reached a known point), two podmirror processes on
/// one repos dir, and `pod` holding CocoaPods' `Spec_Lock` (a `flock(1)` child stands in for it).
final class SignalAndLockTests: GitServerTestCase {
    /// Waits until the server has sent some pack bytes (the transfer is under way), at most `timeout` s.
    func waitForTransfer(after baseline: Int = 0, timeout: Double = 20) {
        let start = Date()
        while server.bytesSent <= baseline && Date().timeIntervalSince(start) < timeout { usleep(20_000) }
        usleep(200_000)
    }

    /// Starts `args` against a stalling server, signals it mid-transfer, checks the interrupted contract.
    func assertInterruptedCleanly(
        _ args: [String], signal sig: Int32, before: TreeSnapshot,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let baseline = server.bytesSent
        server.setFault(.stallAfter(bytes: 30_000))
        let run = try RunningPodmirror(bin, args + ["--timeout", "60"], home: home.path)
        waitForTransfer(after: baseline)
        run.signal(sig)
        let (r, seconds) = run.wait(timeout: 30)
        XCTAssertLessThan(seconds, 15, "a signal must stop the transfer promptly", file: file, line: line)
        assertFailedCleanly(
            r, status: 130, mentions: ["interrupted"], before: before, allowing: lockFile, file: file, line: line)
        server.setFault(.none)
    }

    func testSignalDuringRepoAddLeavesNothing() throws {
        let before = TreeSnapshot(home.path)
        for sig in [SIGINT, SIGTERM] {
            try assertInterruptedCleanly(
                ["repo", "add", "specs", server.url("specs.git")], signal: sig, before: before)
        }
    }

    func testSignalDuringRepoUpdateKeepsTheRepo() throws {
        XCTAssertEqual(try bin.run(["repo", "add", "specs", server.url("specs.git")], home: home.path).status, 0)
        try specs.addCommits(5)
        let before = TreeSnapshot(home.path)
        for sig in [SIGTERM, SIGINT] {
            server.setFault(.stallAfter(bytes: 500))
            let baseline = server.bytesSent
            let run = try RunningPodmirror(bin, ["repo", "update", "specs", "--timeout", "60"], home: home.path)
            waitForTransfer(after: baseline, timeout: 5)
            run.signal(sig)
            let (r, seconds) = run.wait(timeout: 30)
            XCTAssertLessThan(seconds, 15)
            assertFailedCleanly(r, status: 130, mentions: ["interrupted"], before: before, allowing: lockFile)
            server.setFault(.none)
        }
    }

    func testSignalDuringRepoUseOfAnotherMirrorKeepsTheOldRepo() throws {
        XCTAssertEqual(try bin.run(["repo", "add", "specs", server.url("specs.git")], home: home.path).status, 0)
        _ = try SpecsFixture(root: served.path, name: "other", pods: 40, commits: 2, seed: "oth", padding: 6_000)
        let before = TreeSnapshot(home.path)
        for sig in [SIGINT, SIGTERM] {
            try assertInterruptedCleanly(
                ["repo", "use", server.url("other.git"), "--name", "specs"], signal: sig, before: before)
        }
    }

    func testSignalDuringSetupWhileTheSpecRepoClonesUndoesEveryStep() throws {
        // Setup edits the gemrc and the Podfile and clones the Specs repo in one plan: a signal during
        // the clone must leave all three as they were.
        try home.write("Podfile", "platform :ios, '12.0'\ntarget 'App' do\n  pod 'A'\nend\n")
        try home.write(".gemrc", "---\n:sources:\n- https://rubygems.org/\n")
        let before = TreeSnapshot(home.path)
        for sig in [SIGINT, SIGTERM] {
            try assertInterruptedCleanly(
                [
                    "setup", "--strategy", "podfile", "--mirror", server.url("specs.git"), "--gems",
                    "https://gems.example.invalid/",
                    "--podfile", home.sub("Podfile"), "--inhibit-warnings", "--no-verify",
                ],
                signal: sig, before: before)
        }
    }

    func testSecondSignalEndsTheProcessAtOnce() throws {
        server.setFault(.stallAfter(bytes: 30_000))
        let run = try RunningPodmirror(
            bin, ["repo", "add", "specs", server.url("specs.git"), "--timeout", "60"], home: home.path)
        waitForTransfer()
        run.signal(SIGINT)
        run.signal(SIGINT)
        let (r, seconds) = run.wait(timeout: 30)
        XCTAssertLessThan(seconds, 10)
        XCTAssertTrue([130, 128 + SIGINT].contains(r.status), "\(r.status)")
        // Killed at once: a temporary clone folder may be left; the next run removes it while holding the lock.
        XCTAssertFalse(FileManager.default.fileExists(atPath: repos + "/specs"))
        server.setFault(.none)
        let next = try bin.run(["repo", "list"], home: home.path)
        XCTAssertEqual(next.status, 0)
    }

    func testTwoPodmirrorProcessesOnOneReposDir() throws {
        server.setFault(.stallAfter(bytes: 30_000))
        let first = try RunningPodmirror(
            bin, ["repo", "add", "specs", server.url("specs.git"), "--timeout", "60"], home: home.path)
        waitForTransfer()
        let before = TreeSnapshot(home.path)
        let second = try bin.run(
            ["repo", "add", "other", server.url("specs.git"), "--lock-timeout", "1", "--json"], home: home.path)
        XCTAssertEqual(second.status, 5, second.stdout + second.stderr)
        XCTAssertTrue(second.stdout.contains("Spec_Lock"), second.stdout)
        XCTAssertTrue(
            second.stdout.contains("\(first.process.processIdentifier)"), "names the holder: \(second.stdout)")
        XCTAssertEqual((try PodmirrorBinary.json(second)["error"] as? [String: Any])?["exitStatus"] as? Int, 5)
        XCTAssertEqual(before.differences(to: TreeSnapshot(home.path)).filter { !$0.contains(".podmirror-tmp-") }, [])
        first.signal(SIGTERM)
        XCTAssertEqual(first.wait(timeout: 30).result.status, 130)
    }

    func testPodHoldingSpecLockMakesRepoCommandsWaitThenExit5() throws {
        XCTAssertEqual(try bin.run(["repo", "add", "specs", server.url("specs.git")], home: home.path).status, 0)
        try specs.addCommits(2)
        // `pod repo update` holds an exclusive flock on <repos>/Spec_Lock while it works; a python3 child
        // does the same (it dies on terminate, releasing the lock; flock(1) would leave its `sleep` holding it).
        let pod = try FlockHolder(repos + "/Spec_Lock")
        defer { pod.release() }
        let before = TreeSnapshot(home.path)
        for args in [
            ["repo", "update"], ["repo", "add", "b", server.url("specs.git")], ["repo", "remove", "specs"],
            ["repo", "use", server.url("specs.git"), "--name", "c"],
        ] {
            let start = Date()
            let r = try bin.run(args + ["--lock-timeout", "1"], home: home.path)
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.9, "\(args) waits for the lock")
            assertFailedCleanly(r, status: 5, mentions: ["Spec_Lock"], before: before)
        }
        // Once pod is done, the same command works.
        pod.release()
        XCTAssertEqual(try bin.run(["repo", "update", "--lock-timeout", "5"], home: home.path).status, 0)
    }
}
