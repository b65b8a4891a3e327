import Foundation
import PodMirrorTestSupport
import XCTest

/// `repo use` / `repo reset`: re-point when the new source shares history, clone and swap otherwise.
final class RepoSwitchCLITests: RepoCLITestCase {

    func testUseRepointsWhenTheMirrorSharesHistory() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let cloneBytes = server.bytesSent
        let mirror = try official.mirror(named: "mirror", seed: "mir")
        try mirror.addCommits(4)
        let url = server.url("mirror.git")
        let out = try json(["repo", "use", url])
        XCTAssertEqual(out["method"] as? String, "repoint")
        XCTAssertEqual(out["oldHead"] as? String, official.head)
        XCTAssertEqual(out["newHead"] as? String, mirror.head)
        XCTAssertEqual(out["name"] as? String, "0-mirror", "CocoaPods' name for the URL")
        let path = repos + "/0-mirror"
        XCTAssertFalse(FileManager.default.fileExists(atPath: repos + "/master"))
        try assertCocoaPodsClone(path, url: url, head: mirror.head)
        XCTAssertEqual(try git(path, ["ls-files"]), try git(mirror.work, ["ls-files"]))
        let deltaBytes = server.bytesSent - cloneBytes
        XCTAssertLessThan(deltaBytes, cloneBytes / 2, "only the delta travelled (\(deltaBytes) vs \(cloneBytes) bytes)")
        XCTAssertEqual(leftovers(), [])

        let again = try json(["repo", "use", url])
        XCTAssertEqual(again["changed"] as? Bool, false, "second run changes nothing")
        XCTAssertEqual(try pm(["repo", "use", url, "--check"]).status, 0)
    }

    func testUseKeepsANameGivenWithName() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let mirror = try official.mirror(named: "mirror", seed: "mir")
        try mirror.addCommits(1)
        let out = try json(["repo", "use", server.url("mirror.git"), "--name", "master"])
        XCTAssertEqual(out["method"] as? String, "repoint")
        try assertCocoaPodsClone(repos + "/master", url: server.url("mirror.git"), head: mirror.head)
    }

    func testUseClonesAndSwapsWhenHistoryIsUnrelated() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let other = try SpecsFixture(root: served.path, name: "other", pods: 12, commits: 2, seed: "unrel")
        let url = server.url("other.git")
        let out = try json(["repo", "use", url])
        XCTAssertEqual(out["method"] as? String, "clone")
        XCTAssertEqual(out["oldHead"] as? String, official.head)
        XCTAssertEqual(out["newHead"] as? String, other.head)
        let path = repos + "/0-other"
        try assertCocoaPodsClone(path, url: url, head: other.head)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "/.git/objects/info/alternates"))
        XCTAssertNotEqual(
            try ProcessRunner.git(["-C", path, "cat-file", "-e", official.head]).status, 0,
            "no old objects carried over")
        XCTAssertEqual(try git(path, ["ls-files"]), try git(other.work, ["ls-files"]))
        XCTAssertFalse(FileManager.default.fileExists(atPath: repos + "/master"))
        XCTAssertEqual(leftovers(), [])
    }

    func testUseWithoutARepoClonesFresh() throws {
        let out = try json(["repo", "use", server.url("specs.git")])
        XCTAssertEqual(out["method"] as? String, "clone")
        try assertCocoaPodsClone(repos + "/0", url: server.url("specs.git"), head: official.head)
    }

    func testResetPlansTheOfficialSourceAndIsSatisfiedWhenThere() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        // Dry run: no network, nothing changed.
        let plan = try json(["repo", "reset", "--dry-run"])
        XCTAssertEqual(plan["changed"] as? Bool, true)
        XCTAssertEqual(plan["method"] as? String, "repoint")
        XCTAssertEqual(plan["name"] as? String, "cocoapods")
        XCTAssertEqual(plan["url"] as? String, "https://github.com/CocoaPods/Specs.git")
        XCTAssertEqual(try git(repos + "/master", ["config", "--get", "remote.origin.url"]), server.url("specs.git"))
        XCTAssertEqual(try pm(["repo", "reset", "--check"]).status, 3)
        // Already official: satisfied without touching the network.
        _ = try git(repos + "/master", ["remote", "set-url", "origin", "https://github.com/CocoaPods/Specs.git"])
        let done = try json(["repo", "reset"])
        XCTAssertEqual(done["changed"] as? Bool, false)
    }
}
