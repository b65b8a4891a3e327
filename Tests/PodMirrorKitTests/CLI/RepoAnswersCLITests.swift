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
        // The error names the repo, and since the others were updated it never says nothing was changed.
        let error = try XCTUnwrap(out["error"] as? [String: Any])
        XCTAssertTrue((error["message"] as? String)?.hasPrefix("`b-down`: ") == true, "\(error)")
        XCTAssertFalse((error["remedy"] as? String ?? "").contains("nothing was changed"), "\(error)")
        XCTAssertEqual(error["exitStatus"] as? Int, 4)

        // In text: the failure names the repo; a second run has nothing left to do but the one still down.
        try official.addCommits(1)
        let text = try pm(["repo", "update"])
        XCTAssertEqual(text.status, 4, text.stdout + text.stderr)
        XCTAssertTrue(text.stderr.contains("error: `b-down`: "), text.stderr)
        XCTAssertFalse(text.stderr.contains("nothing was changed"), text.stderr)
        XCTAssertEqual(try git(repos + "/a-up", ["rev-parse", "HEAD"]), official.head)
    }
}

extension RepoAnswersCLITests {
    /// `repo update --check` with one origin down: the others' drift is reported, the one down is named, and the
    /// exit status is the network one (4), not drift (3); nothing is written.
    func testUpdateCheckWithOneOriginDownReportsItAndTheOthersDrift() throws {
        let otherServed = TempDirectory("pm-served-down")
        _ = try SpecsFixture(root: otherServed.path, name: "specs", pods: 5, commits: 1, seed: "down")
        let down = try GitHTTPServer(root: otherServed.path)
        XCTAssertEqual(try pm(["repo", "add", "a-up", server.url("specs.git")]).status, 0)
        XCTAssertEqual(try pm(["repo", "add", "b-down", down.url("specs.git")]).status, 0)
        XCTAssertEqual(try pm(["repo", "add", "c-current", server.url("specs.git")]).status, 0)
        try official.addCommits(1)
        XCTAssertEqual(try pm(["repo", "update", "c-current"]).status, 0)
        down.stop()
        let snapshot = TreeSnapshot(repos)

        let r = try pm(["repo", "update", "--check", "--json"])
        XCTAssertEqual(r.status, 4, r.stdout + r.stderr)
        let out = try PodmirrorBinary.json(r)
        XCTAssertEqual(out["ok"] as? Bool, false)
        let error = try XCTUnwrap(out["error"] as? [String: Any], "\(out)")
        XCTAssertEqual(error["exitStatus"] as? Int, 4)
        XCTAssertTrue((error["message"] as? String)?.contains(down.url("specs.git")) ?? false, "\(error)")
        let changes = try XCTUnwrap(out["changes"] as? [[String: Any]])
        let results = Dictionary(uniqueKeysWithValues: changes.map { ($0["subject"] as? String ?? "", $0) })
        XCTAssertEqual(results["a-up"]?["changed"] as? Bool, true, "a-up is behind its origin")
        XCTAssertNil(results["a-up"]?["error"] as? String)
        XCTAssertEqual(results["c-current"]?["changed"] as? Bool, false)
        XCTAssertNotNil(results["b-down"]?["error"] as? String)
        let codes = (out["warnings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["repo.unreachable"])

        let text = try pm(["repo", "update", "--check"])
        XCTAssertEqual(text.status, 4, text.stdout + text.stderr)
        XCTAssertTrue(text.stdout.contains("a-up"), text.stdout)
        XCTAssertTrue(text.stderr.contains("b-down"), text.stderr)
        XCTAssertTrue(text.stderr.contains("error: "), text.stderr)
        XCTAssertEqual(snapshot.differences(to: TreeSnapshot(repos)), [], "a check writes nothing")

        // Without the one down, the others' drift alone: 3.
        XCTAssertEqual(try pm(["repo", "update", "a-up", "c-current", "--check"]).status, 3)
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

extension RepoAnswersCLITests {
    /// `repo use` of a mirror behind the repo's commit is refused, naming both commits and the count; with
    /// `--allow-older` it moves back and says so in text and JSON.
    func testUseRefusesToMoveARepoBackUnlessAllowed() throws {
        let behind = try official.mirror(named: "behind", seed: "bh")
        let old = behind.head
        let tip = try official.addCommits(5)
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)

        for args in [["--json"], []] {
            let r = try pm(["repo", "use", server.url("behind.git")] + args)
            XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
            let said = r.stdout + r.stderr
            XCTAssertTrue(said.contains(String(tip.prefix(12))) && said.contains(String(old.prefix(12))), said)
            XCTAssertTrue(said.contains("5 commit(s)"), said)
            XCTAssertTrue(said.contains("--allow-older"), said)
            if !args.isEmpty {
                XCTAssertEqual(
                    (try PodmirrorBinary.json(r)["error"] as? [String: Any])?["code"] as? String, "repo.older")
            }
            XCTAssertEqual(try git(repos + "/master", ["rev-parse", "HEAD"]), tip, "nothing moved")
            XCTAssertEqual(
                try git(repos + "/master", ["config", "--get", "remote.origin.url"]), server.url("specs.git"))
        }

        let moved = try json(["repo", "use", server.url("behind.git"), "--allow-older"])
        XCTAssertEqual(moved["newHead"] as? String, old)
        let warnings = (moved["warnings"] as? [[String: Any]]) ?? []
        // `master` also takes CocoaPods' name for the new URL, which a `repo.renamed` note says.
        XCTAssertEqual(warnings.compactMap { $0["code"] as? String }, ["repo.moved-back", "repo.renamed"])
        XCTAssertTrue((warnings.first?["message"] as? String ?? "").contains("5 commit(s)"), "\(warnings)")
        let name = try XCTUnwrap(moved["name"] as? String)
        XCTAssertEqual(try git(repos + "/" + name, ["rev-parse", "HEAD"]), old)
    }
}

extension RepoAnswersCLITests {
    /// `mirror test` decides freshness by ancestry: the mirror five commits ahead of two others is the newest and
    /// `--pick` chooses it, whether a local repo holds the HEADs or not (then it fetches their history, #29 item 20).
    func testMirrorTestFindsTheNewestMirrorByAncestry() throws {
        let b = try official.mirror(named: "b", seed: "b")
        let c = try official.mirror(named: "c", seed: "c")
        let tip = try official.addCommits(5)
        let urls = [server.url("specs.git"), server.url("b.git"), server.url("c.git")]
        func results(_ out: [String: Any]) -> [String: [String: Any]] {
            Dictionary(
                uniqueKeysWithValues: ((out["results"] as? [[String: Any]]) ?? []).map { ($0["url"] as! String, $0) })
        }
        func expectNewestFirst(_ out: [String: Any], _ context: String) {
            let known = results(out)
            XCTAssertEqual(known[urls[0]]?["freshness"] as? String, "newest", "\(context): \(known)")
            XCTAssertEqual(known[urls[0]]?["rank"] as? Int, 1, context)
            XCTAssertEqual(out["pick"] as? String, urls[0], context)
            for url in urls.dropFirst() {
                XCTAssertEqual(known[url]?["stale"] as? Bool, true, context)
                XCTAssertEqual(known[url]?["freshness"] as? String, "behind", context)
                XCTAssertTrue(
                    (known[url]?["problem"] as? String ?? "").contains(
                        "5 commit(s) behind \(tip.prefix(12)) (\(urls[0]))"), context)
            }
        }
        XCTAssertEqual(b.head, c.head)
        for local in [false, true] {
            if local { XCTAssertEqual(try pm(["repo", "add", "master", urls[0]]).status, 0) }
            let context = local ? "with a local repo" : "no local repo"
            expectNewestFirst(try json(["mirror", "test", "--timeout", "8"] + urls.reversed()), context)
            let pick = try pm(["mirror", "test", "--pick", "--timeout", "8"] + urls.reversed())
            XCTAssertEqual(pick.stdout.trimmingCharacters(in: .whitespacesAndNewlines), urls[0], pick.stderr)
        }
        // The reason a person reads follows --lang; JSON keeps English.
        let chinese = try pm(["mirror", "test", "--timeout", "8", "--lang", "zh-Hans"] + urls)
        XCTAssertTrue(chinese.stdout.contains("落后 \(tip.prefix(12))（\(urls[0])）5 个 commit"), chinese.stdout)
        XCTAssertFalse(chinese.stdout.contains("commit(s) behind"), chinese.stdout)
    }

    /// Two mirrors whose HEADs diverged: the table says so for both, and `--pick` still names one (the reference:
    /// here the faster, as one mirror each) but warns on stderr that no mirror has every commit.
    func testMirrorTestSaysWhenMirrorsDiverged() throws {
        let d = try official.mirror(named: "d", seed: "d")
        try d.addCommits(2)
        try official.addCommits(3)
        let urls = [server.url("specs.git"), server.url("d.git")]
        let out = try json(["mirror", "test", "--timeout", "8"] + urls)
        let results = (out["results"] as? [[String: Any]]) ?? []
        XCTAssertEqual(results.compactMap { $0["freshness"] as? String }, ["diverged", "diverged"], "\(out)")
        XCTAssertEqual(results.compactMap { $0["stale"] as? Bool }, [false, true], "\(out)")
        XCTAssertEqual(results.first?["rank"] as? Int, 1)
        XCTAssertTrue((results.first?["problem"] as? String ?? "").contains("ranks first as the fastest"), "\(out)")
        let (only, missing) = results.last?["url"] as? String == urls[0] ? (3, 2) : (2, 3)
        XCTAssertTrue(
            (results.last?["problem"] as? String ?? "").contains("\(only) commit(s) only here, \(missing) missing"),
            "\(out)")
        let pick = try pm(["mirror", "test", "--pick", "--timeout", "8"] + urls)
        XCTAssertEqual(pick.status, 0, pick.stderr)
        XCTAssertTrue(urls.contains(pick.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), pick.stdout)
        XCTAssertTrue(pick.stderr.contains("warning: ") && pick.stderr.contains("diverged"), pick.stderr)
    }
}
