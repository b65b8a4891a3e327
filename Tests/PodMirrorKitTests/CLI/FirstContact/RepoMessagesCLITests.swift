import Foundation
import PodMirrorTestSupport
import XCTest

/// `repo update` on a clone whose HEAD is already at the server's tip (only origin/master is behind)
/// says so instead of printing "a → a".
final class RepoUpdateMessageCLITests: RepoCLITestCase {
    func testUpdateWithHeadAtTipDoesNotPrintTheSameCommitTwice() throws {
        let url = server.url("specs.git")
        XCTAssertEqual(try pm(["repo", "add", "master", url]).status, 0)
        let path = repos + "/master"
        let head = try git(path, ["rev-parse", "HEAD"])
        _ = try git(path, ["update-ref", "refs/remotes/origin/master", "HEAD~1"])
        let r = try pm(["repo", "update", "master", "--dry-run"], env: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let short = String(head.prefix(12))
        XCTAssertFalse(r.stdout.contains("\(short) → \(short)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("HEAD is already at \(short); only origin/master is refreshed"), r.stdout)
    }

    /// `--verbose` writes each libgit2 transfer stage with its final counts, also when stderr is no terminal.
    func testVerboseWritesTransferStages() throws {
        let r = try pm(["repo", "add", "master", server.url("specs.git"), "--verbose"], env: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("git: receiving objects ("), r.stderr)
        XCTAssertFalse(r.stderr.contains("\u{1B}"), r.stderr)
        let quiet = try pm(["repo", "add", "other", server.url("specs.git")], env: ["PODMIRROR_LANG": "en"])
        XCTAssertFalse(quiet.stderr.contains("git: receiving objects"), quiet.stderr)
    }

    /// The text output of `repo use` says whether the clone was re-pointed or cloned afresh.
    func testRepoUseTextSaysRepointedOrCloned() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let mirror = try official.mirror(named: "mirror", seed: "mir")
        try mirror.addCommits(1)
        let repoint = try pm(["repo", "use", server.url("mirror.git")], env: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(repoint.status, 0, repoint.stderr)
        XCTAssertTrue(repoint.stdout.contains("re-pointed `master` at "), repoint.stdout)
        XCTAssertTrue(repoint.stdout.contains("fetched only what was new"), repoint.stdout)
    }

    func testRepoUseTextSaysClonedWhenHistoryIsUnrelated() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        _ = try SpecsFixture(root: served.path, name: "other", pods: 12, commits: 2, seed: "unrel")
        let clone = try pm(["repo", "use", server.url("other.git")], env: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(clone.status, 0, clone.stderr)
        XCTAssertTrue(clone.stdout.contains("replaced `master` with a fresh clone of "), clone.stdout)
        XCTAssertTrue(clone.stdout.contains("(no shared history)"), clone.stdout)
    }
}
