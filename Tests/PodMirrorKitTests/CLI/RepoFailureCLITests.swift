import Foundation
import PodMirrorTestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// Failures leave nothing behind: the server killed mid-transfer, HTTP 500, a truncated pack, a
/// stalled server, SIGINT, and the Spec_Lock held by another process.
final class RepoFailureCLITests: RepoCLITestCase {
    func assertNoRepoAndNoLeftovers(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(FileManager.default.fileExists(atPath: repos + "/" + name), "no \(name)", file: file, line: line)
        XCTAssertEqual(leftovers(), [], "no temporary folder left", file: file, line: line)
    }

    func testServerKilledMidCloneLeavesNothing() throws {
        let big = try SpecsFixture(root: served.path, name: "big", pods: 60, commits: 2, seed: "big", padding: 2000)
        _ = big
        server.setFault(.killAfter(bytes: 20_000))
        let r = try pm(["repo", "add", "master", server.url("big.git")])
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.contains(server.url("big.git")), "names the URL: \(r.stderr)")
        XCTAssertFalse(server.isRunning, "the server really died")
        assertNoRepoAndNoLeftovers("master")
    }

    func testTruncatedPackDuringUpdateKeepsTheRepoByteForByte() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let mirrorLike = try official.mirror(named: "unused", seed: "x")
        _ = mirrorLike
        try official.addCommits(6)
        let before = DirectorySnapshot(repos + "/master")
        server.setFault(.truncateAfter(bytes: 300))
        let r = try pm(["repo", "update", "master", "--json"])
        XCTAssertEqual(r.status, 4, r.stdout)
        let out = try PodmirrorBinary.json(r)
        XCTAssertEqual(out["ok"] as? Bool, false)
        XCTAssertTrue(((out["error"] as? [String: Any])?["message"] as? String ?? "").contains("127.0.0.1"), r.stdout)
        let after = DirectorySnapshot(repos + "/master")
        XCTAssertEqual(after.differences(from: before), [], "byte-for-byte as before")
        // And the next update, with the server well again, works.
        server.setFault(.none)
        XCTAssertEqual(try pm(["repo", "update", "master"]).status, 0)
        try assertCocoaPodsClone(repos + "/master", url: server.url("specs.git"), head: official.head)
    }

    func testHTTP500DuringUpdateChangesNothing() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        try official.addCommits(2)
        let before = DirectorySnapshot(repos + "/master")
        server.setFault(.http500)
        let r = try pm(["repo", "update"])
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.contains("500"), r.stderr)
        XCTAssertEqual(DirectorySnapshot(repos + "/master").differences(from: before), [])
    }

    func testServerKilledMidRepointKeepsTheOldRepo() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let mirror = try official.mirror(named: "mirror", seed: "mir")
        try mirror.addCommits(8)
        let before = DirectorySnapshot(repos + "/master")
        server.setFault(.killAfter(bytes: 400))
        let r = try pm(["repo", "use", server.url("mirror.git")])
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertEqual(DirectorySnapshot(repos + "/master").differences(from: before), [])
        assertNoRepoAndNoLeftovers("0-mirror")
    }

    func testServerKilledMidUnrelatedSwitchKeepsTheOldRepo() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        _ = try SpecsFixture(root: served.path, name: "other", pods: 40, commits: 2, seed: "unrel", padding: 1500)
        let before = DirectorySnapshot(repos + "/master")
        server.setFault(.killAfter(bytes: 15_000))
        let r = try pm(["repo", "use", server.url("other.git")])
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertEqual(DirectorySnapshot(repos + "/master").differences(from: before), [])
        assertNoRepoAndNoLeftovers("0-other")
    }

    func testStalledServerTimesOut() throws {
        _ = try SpecsFixture(root: served.path, name: "big", pods: 40, commits: 2, seed: "big", padding: 2000)
        server.setFault(.stallAfter(bytes: 5_000))
        let start = Date()
        let r = try pm(["repo", "add", "master", server.url("big.git"), "--timeout", "1"])
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.contains("no data from the server for 1 s"), r.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        assertNoRepoAndNoLeftovers("master")
    }

    func testSIGINTMidCloneRollsBack() throws {
        _ = try SpecsFixture(root: served.path, name: "big", pods: 40, commits: 2, seed: "big", padding: 2000)
        server.setFault(.stallAfter(bytes: 5_000))
        let p = try bin.start(["repo", "add", "master", server.url("big.git"), "--timeout", "60"], home: home.path)
        try waitFor {
            FileManager.default.fileExists(atPath: self.repos + "/Spec_Lock.podmirror-owner")
                && !self.leftovers().isEmpty
        }
        usleep(300_000)
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 130)
        assertNoRepoAndNoLeftovers("master")
    }

    func testLockHeldByAnotherPodmirrorMakesTheSecondWaitThenFail() throws {
        _ = try SpecsFixture(root: served.path, name: "big", pods: 40, commits: 2, seed: "big", padding: 2000)
        server.setFault(.stallAfter(bytes: 5_000))
        let first = try bin.start(["repo", "add", "first", server.url("big.git"), "--timeout", "6"], home: home.path)
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
        try waitFor { FileManager.default.fileExists(atPath: self.repos + "/Spec_Lock.podmirror-owner") }
        let r = try pm(["repo", "add", "second", server.url("specs.git"), "--lock-timeout", "1"])
        XCTAssertEqual(r.status, 5, r.stderr)
        XCTAssertTrue(r.stderr.contains("process \(first.processIdentifier) (podmirror repo add)"), r.stderr)
        let json = try PodmirrorBinary.json(try pm(["repo", "remove", "x", "--lock-timeout", "0.5", "--json"]))
        XCTAssertEqual((json["error"] as? [String: Any])?["code"] as? String, "repos.locked")
    }

    func testLockHeldByAnotherProcessIsNamedGenerically() throws {
        try FileManager.default.createDirectory(atPath: repos, withIntermediateDirectories: true)
        // A stand-in for `pod repo update`: python holds the flock on Spec_Lock like CocoaPods does.
        let holder = try FlockHolder(repos + "/Spec_Lock")
        defer { holder.release() }
        let start = Date()
        let r = try pm(["repo", "add", "x", server.url("specs.git"), "--lock-timeout", "1.5"])
        XCTAssertEqual(r.status, 5, r.stderr)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 1.4, "it waited")
        XCTAssertTrue(r.stderr.contains("another process (pod or podmirror)"), r.stderr)
        assertNoRepoAndNoLeftovers("x")
    }

    func waitFor(_ timeout: TimeInterval = 15, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { throw XCTSkip("condition not reached in \(timeout) s") }
            usleep(50_000)
        }
    }
}
