import Foundation
import PodMirrorTestSupport
import XCTest

/// Answers that must not mislead (#21): what `repo` commands say matches what they did.
final class RepoAnswersCLITests: RepoCLITestCase {
    /// `repo update` with one origin down updates every other repo, names each failure and exits non-zero.
    func testUpdateWithOneOriginDownUpdatesTheOthers() throws {
        let otherServed = TempDirectory("pm-served-down")
        let other = try SpecsFixture(root: otherServed.path, name: "specs", pods: 5, commits: 1, seed: "down")
        let down = try GitHTTPServer(root: otherServed.path)
        XCTAssertEqual(try pm(["repo", "add", "a-up", server.url("specs.git")]).status, 0)
        XCTAssertEqual(try pm(["repo", "add", "b-down", down.url("specs.git")]).status, 0)
        XCTAssertEqual(try pm(["repo", "add", "c-up", server.url("specs.git")]).status, 0)
        let before = try git(repos + "/b-down", ["rev-parse", "HEAD"])
        try official.addCommits(2)
        try other.addCommits(1)
        down.stop()

        let r = try pm(["repo", "update", "--json"])
        XCTAssertEqual(r.status, 4, r.stdout + r.stderr)
        XCTAssertEqual(try git(repos + "/a-up", ["rev-parse", "HEAD"]), official.head)
        XCTAssertEqual(try git(repos + "/c-up", ["rev-parse", "HEAD"]), official.head)
        XCTAssertEqual(try git(repos + "/b-down", ["rev-parse", "HEAD"]), before)
        let out = try PodmirrorBinary.json(r)
        let changes = try XCTUnwrap(out["changes"] as? [[String: Any]])
        let results = Dictionary(uniqueKeysWithValues: changes.map { ($0["subject"] as? String ?? "", $0) })
        XCTAssertEqual(results["a-up"]?["applied"] as? Bool, true)
        XCTAssertEqual(results["c-up"]?["applied"] as? Bool, true)
        XCTAssertEqual(results["b-down"]?["applied"] as? Bool, false)
        XCTAssertNotNil(results["b-down"]?["error"] as? String)
        XCTAssertNil(results["a-up"]?["error"] as? String)
        let codes = (out["warnings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["repo.unreachable"])

        // In text: the failure names the repo; a second run has nothing left to do but the one still down.
        try official.addCommits(1)
        let text = try pm(["repo", "update"])
        XCTAssertEqual(text.status, 4, text.stdout + text.stderr)
        XCTAssertTrue(text.stderr.contains("b-down"), text.stderr)
        XCTAssertEqual(try git(repos + "/a-up", ["rev-parse", "HEAD"]), official.head)
    }
}

extension RepoAnswersCLITests {
    /// `repo export --dry-run` writes nothing; `--check` exits 3 while the bundle is missing or stale, 0 after.
    func testExportDryRunAndCheckWriteNothing() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let folder = TempDirectory("pm-export")
        let file = folder.sub("specs.bundle")
        let dry = try pm(["repo", "export", "master", file, "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("export `master`"), dry.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing written")
        let missing = try pm(["repo", "export", "master", file, "--check", "--json"])
        XCTAssertEqual(missing.status, 3, missing.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])

        let out = try json(["repo", "export", "master", file])
        XCTAssertEqual(out["tip"] as? String, official.head)
        XCTAssertEqual(try pm(["repo", "export", "master", file, "--check"]).status, 0, "up to date")
        let written = try XCTUnwrap(FileManager.default.contents(atPath: file))

        try official.addCommits(1)
        XCTAssertEqual(try pm(["repo", "update", "master"]).status, 0)
        XCTAssertEqual(try pm(["repo", "export", "master", file, "--check"]).status, 3, "the repo moved on")
        XCTAssertEqual(try pm(["repo", "export", "master", file, "--dry-run"]).status, 0)
        XCTAssertEqual(FileManager.default.contents(atPath: file), written, "a dry run leaves the old bundle")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["specs.bundle"])
        XCTAssertEqual(try json(["repo", "export", "master", file])["tip"] as? String, official.head)
        XCTAssertEqual(try pm(["repo", "export", "master", file, "--check"]).status, 0)
    }
}
