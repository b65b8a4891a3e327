import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// `repo add/use --depth N`: with libgit2 ≥ 1.7 a shallow clone that `repo update` moves to the new tip (staying
/// shallow), `repo verify` finds intact and git itself (what `pod repo update` runs) can still fetch and reset,
/// and `repo export` refuses (a bundle has no shallow boundary); with an older libgit2, a clear usage error
/// naming the version needed, and nothing written.
final class RepoShallowCLITests: RepoCLITestCase {
    func requireShallow() throws {
        guard Libgit2.supportsShallow else {
            throw XCTSkip("linked libgit2 \(Libgit2.version) has no shallow fetch (needs 1.7)")
        }
    }

    func commitCount(_ path: String) throws -> Int { Int(try git(path, ["rev-list", "--count", "HEAD"])) ?? -1 }

    func testAddDepth1ThenUpdateAndVerifyKeepAShallowUsableCopy() throws {
        try requireShallow()
        let url = server.url("specs.git")
        let full = try bytesOf { XCTAssertEqual(try pm(["repo", "add", "full", url]).status, 0) }
        let out = try json(["repo", "add", "master", url, "--depth", "1"])
        XCTAssertEqual(out["method"] as? String, "clone")
        let path = repos + "/master"
        try assertCocoaPodsClone(path, url: url, head: official.head)
        XCTAssertEqual(try git(path, ["rev-parse", "--is-shallow-repository"]), "true")
        XCTAssertEqual(try commitCount(path), 1)
        XCTAssertEqual(try git(path, ["ls-files"]), try git(official.work, ["ls-files"]))

        // repo update fetches only what is new and stays shallow.
        let old = official.head
        let new = try official.addCommits(4)
        let moved = try bytesOf {
            let updated = try json(["repo", "update", "master"])
            XCTAssertEqual(updated["oldHead"] as? String, old)
            XCTAssertEqual(updated["newHead"] as? String, new)
        }
        try assertCocoaPodsClone(path, url: url, head: new)
        XCTAssertEqual(try git(path, ["rev-parse", "--is-shallow-repository"]), "true")
        XCTAssertEqual(try commitCount(path), 5, "the old tip and the 4 new commits")
        XCTAssertEqual(try git(path, ["ls-files"]), try git(official.work, ["ls-files"]))
        XCTAssertLessThan(moved, full, "the update moved \(moved) bytes, a full clone \(full)")
        XCTAssertEqual(try json(["repo", "update", "master"])["changed"] as? Bool, false)

        for flags in [[], ["--deep"]] {
            let verified = try json(["repo", "verify", "master", "--expect", new] + flags)
            XCTAssertEqual(verified["intact"] as? Bool, true, "\(flags): \(verified)")
        }

        // What `pod repo update` runs with git works on the shallow copy.
        let newer = try official.addCommits(2)
        _ = try git(path, ["fetch", "-q", "origin"])
        _ = try git(path, ["reset", "-q", "--hard", "origin/master"])
        XCTAssertEqual(try git(path, ["rev-parse", "HEAD"]), newer)
        XCTAssertEqual(try git(path, ["status", "--porcelain"]), "")
    }

    func testUseRepointsAShallowCopyWithOnlyTheNewCommitsAndClonesUnrelatedHistoryWhole() throws {
        try requireShallow()
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git"), "--depth", "1"]).status, 0)
        let mirror = try official.mirror(named: "mirror", seed: "mir")
        try mirror.addCommits(4)
        let out = try json(["repo", "use", server.url("mirror.git")])
        XCTAssertEqual(out["method"] as? String, "repoint")
        let path = repos + "/0-mirror"
        try assertCocoaPodsClone(path, url: server.url("mirror.git"), head: mirror.head)
        XCTAssertEqual(try git(path, ["rev-parse", "--is-shallow-repository"]), "true")
        XCTAssertEqual(try commitCount(path), 5, "the old tip and the mirror's 4 new commits")

        let other = try SpecsFixture(root: served.path, name: "other", pods: 12, commits: 2, seed: "unrel")
        let clone = try json(["repo", "use", server.url("other.git")])
        XCTAssertEqual(clone["method"] as? String, "clone")
        let replaced = repos + "/" + (clone["name"] as? String ?? "")
        try assertCocoaPodsClone(replaced, url: server.url("other.git"), head: other.head)
        XCTAssertEqual(try git(replaced, ["rev-parse", "--is-shallow-repository"]), "false")
        XCTAssertEqual(try commitCount(replaced), 2)
        XCTAssertEqual(leftovers(), [])
    }

    func testUpdateAfterAKillMidFetchPutsTheSavedBoundaryBack() throws {
        try requireShallow()
        let url = server.url("specs.git")
        XCTAssertEqual(try pm(["repo", "add", "master", url, "--depth", "1"]).status, 0)
        let path = repos + "/master"
        let shallow = path + "/.git/shallow"
        let saved = path + "/.git/podmirror-shallow"
        let roots = try String(contentsOfFile: shallow, encoding: .utf8)
        // What a run killed just after libgit2 1.7/1.8 emptied the boundary leaves: the roots saved beside it.
        try roots.write(toFile: saved, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: shallow)
        let new = try official.addCommits(2)
        XCTAssertEqual(try json(["repo", "update", "master"])["newHead"] as? String, new)
        try assertCocoaPodsClone(path, url: url, head: new)
        XCTAssertEqual(try String(contentsOfFile: shallow, encoding: .utf8), roots)
        XCTAssertFalse(FileManager.default.fileExists(atPath: saved))
        XCTAssertEqual(try commitCount(path), 3, "the old tip and the 2 new commits")
    }

    func testExportOfAShallowCopyIsRefusedAndWritesNoFile() throws {
        try requireShallow()
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git"), "--depth", "1"]).status, 0)
        let file = home.sub("specs.bundle")
        let out = try json(["repo", "export", "master", file], status: 1)
        let error = try XCTUnwrap(out["error"] as? [String: Any], "\(out)")
        XCTAssertEqual(error["code"] as? String, "bundle.shallow")
        XCTAssertTrue((error["message"] as? String ?? "").contains("shallow clone"), "\(error)")
        XCTAssertTrue((error["remedy"] as? String ?? "").contains("without --depth"), "\(error)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file))
        let strays = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.contains("bundle") }
        XCTAssertEqual(strays, [], "no temporary file left beside it")
    }

    func testUseDepth1ClonesAShallowCopyUnderCocoaPodsName() throws {
        try requireShallow()
        let out = try json(["repo", "use", server.url("specs.git"), "--depth", "1"])
        XCTAssertEqual(out["method"] as? String, "clone")
        try assertCocoaPodsClone(repos + "/0", url: server.url("specs.git"), head: official.head)
        XCTAssertEqual(try git(repos + "/0", ["rev-parse", "--is-shallow-repository"]), "true")
        XCTAssertEqual(try commitCount(repos + "/0"), 1)
    }

    func testDepthWithoutShallowSupportNamesTheLibgit2NeededAndWritesNothing() throws {
        if Libgit2.supportsShallow { throw XCTSkip("linked libgit2 \(Libgit2.version) supports --depth") }
        for args in [
            ["repo", "add", "master", server.url("specs.git"), "--depth", "1"],
            ["repo", "use", server.url("specs.git"), "--depth", "1"],
        ] {
            let r = try pm(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stdout)\(r.stderr)")
            XCTAssertTrue(r.stderr.contains("libgit2 1.7 or newer"), r.stderr)
            XCTAssertTrue(r.stderr.contains("libgit2 \(Libgit2.version)"), r.stderr)
            // Only CocoaPods' lock file, which every repo command takes.
            let listed = (try? FileManager.default.contentsOfDirectory(atPath: repos)) ?? []
            XCTAssertEqual(listed.filter { $0 != "Spec_Lock" }, [], "\(args)")
        }
        let j = try json(["repo", "add", "master", server.url("specs.git"), "--depth", "1"], status: 2)
        XCTAssertEqual((j["error"] as? [String: Any])?["code"] as? String, "git.unsupported", "\(j)")
    }

    /// Pack bytes the server sends while `body` runs.
    func bytesOf(_ body: () throws -> Void) rethrows -> Int {
        let before = server.bytesSent
        try body()
        return server.bytesSent - before
    }
}
