import Foundation
import PodMirrorTestSupport
import XCTest

/// Specs copies recognised by history, not by name or URL: `repo use`, `setup` and `podfile source use`
/// re-point or replace any repo that shares the Specs history, and never touch a private spec repo.
final class RepoHistoryCLITests: RepoCLITestCase {
    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: repos)) ?? []).filter { !$0.hasPrefix("Spec_Lock") }
            .sorted()
    }

    func testNonCatalogMirrorThenAnotherIsRepointedNotClonedTwice() throws {
        let a = try official.mirror(named: "mirrora", seed: "ma")
        try a.addCommits(1)
        // B serves A's history and more (mirrors of one Specs repo at different times); a diverged B is refused.
        let b = try a.mirror(named: "mirrorb", seed: "mb")
        try b.addCommits(2)
        XCTAssertEqual(try json(["repo", "use", server.url("mirrora.git")])["method"] as? String, "clone")
        XCTAssertEqual(names(), ["0-mirrora"])
        let bytesBefore = server.bytesSent
        let out = try json(["repo", "use", server.url("mirrorb.git")])
        XCTAssertEqual(out["method"] as? String, "repoint")
        XCTAssertEqual(names(), ["0-mirrorb"], "one copy, never two")
        try assertCocoaPodsClone(repos + "/0-mirrorb", url: server.url("mirrorb.git"), head: b.head)
        XCTAssertLessThan(server.bytesSent - bytesBefore, bytesBefore / 2, "only the delta travelled")
        XCTAssertEqual(leftovers(), [])
    }

    func testPrivateSpecRepoWithUnrelatedHistoryIsNeverTouched() throws {
        let privateSpecs = try SpecsFixture(root: served.path, name: "private", pods: 6, commits: 2, seed: "priv")
        XCTAssertEqual(try pm(["repo", "add", "company", server.url("private.git")]).status, 0)
        let before = TreeSnapshot(repos + "/company")
        let out = try json(["repo", "use", server.url("specs.git")])
        XCTAssertEqual(out["method"] as? String, "clone")
        XCTAssertEqual(names(), ["0", "company"])
        XCTAssertEqual(before.differences(to: TreeSnapshot(repos + "/company")), [], "the private repo is untouched")
        try assertCocoaPodsClone(repos + "/company", url: server.url("private.git"), head: privateSpecs.head)
        try assertCocoaPodsClone(repos + "/0", url: server.url("specs.git"), head: official.head)
        XCTAssertEqual(leftovers(), [])
    }

    func testHandMadeMasterFromAThenSetupMirrorBLeavesOneRepoAndPodfilesNamingB() throws {
        let a = try official.mirror(named: "mirrora", seed: "ma")
        let b = try official.mirror(named: "mirrorb", seed: "mb")
        try b.addCommits(1)
        _ = try ProcessRunner.git(["clone", "-q", server.url("mirrora.git"), repos + "/master"])
        _ = a
        let privateURL = "https://git.example.com/private/specs.git"
        try home.write(
            "Podfile",
            "source '\(server.url("mirrora.git"))'\nsource '\(privateURL)'\n\ntarget 'App' do\n  pod 'A'\nend\n")
        let r = try pm([
            "setup", "--strategy", "podfile", "--mirror", server.url("mirrorb.git"), "--podfile", home.sub("Podfile"),
            "--json",
        ])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(names(), ["0-mirrorb"])
        try assertCocoaPodsClone(repos + "/0-mirrorb", url: server.url("mirrorb.git"), head: b.head)
        XCTAssertEqual(
            String(decoding: try home.read("Podfile"), as: UTF8.self),
            "source '\(server.url("mirrorb.git"))'\nsource '\(privateURL)'\n\ntarget 'App' do\n  pod 'A'\nend\n")
    }

    func testPodfileSourceUseReplacesALocalSpecsCopyButKeepsAPrivateSource() throws {
        _ = try official.mirror(named: "mirrora", seed: "ma")
        _ = try SpecsFixture(root: served.path, name: "private", pods: 6, commits: 2, seed: "priv")
        XCTAssertEqual(try pm(["repo", "add", "a", server.url("mirrora.git")]).status, 0)
        XCTAssertEqual(try pm(["repo", "add", "b", server.url("specs.git")]).status, 0)
        XCTAssertEqual(try pm(["repo", "add", "company", server.url("private.git")]).status, 0)
        try home.write(
            "Podfile", "source '\(server.url("mirrora.git"))'\nsource '\(server.url("private.git"))'\n\npod 'A'\n")
        let r = try pm(["podfile", "source", "use", server.url("specs.git"), "--podfile", home.sub("Podfile")])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(
            String(decoding: try home.read("Podfile"), as: UTF8.self),
            "source '\(server.url("specs.git"))'\nsource '\(server.url("private.git"))'\n\npod 'A'\n")
    }

    func testUseWithANameOfAnotherRepoSaysWhatIsWrong() throws {
        XCTAssertEqual(try pm(["repo", "add", "specs", server.url("specs.git")]).status, 0)
        _ = try SpecsFixture(root: served.path, name: "private", pods: 4, commits: 1, seed: "priv")
        XCTAssertEqual(try pm(["repo", "add", "x", server.url("private.git")]).status, 0)
        let r = try pm(["repo", "use", server.url("specs.git"), "--name", "x"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(
            r.stderr.contains("is already the origin of `specs`, and --name `x` names another repo"), r.stderr)
        XCTAssertTrue(r.stderr.contains("drop --name to keep `specs`"), r.stderr)
    }

    func testBackToTheOriginalFromANonCatalogMirrorRepointsLikeRepoReset() throws {
        // `repo reset` is `repo use` of the GitHub URL, which tests cannot reach: the served "official"
        // fixture stands in for it. A repo cloned from a non-catalog mirror is re-pointed, not re-cloned.
        let mirror = try official.mirror(named: "mirror", seed: "mir")
        XCTAssertEqual(try pm(["repo", "add", "mine", server.url("mirror.git")]).status, 0)
        try official.addCommits(1)
        let plan = try json(["repo", "use", server.url("specs.git"), "--dry-run"])
        XCTAssertEqual(plan["method"] as? String, "repoint-or-clone")
        let out = try json(["repo", "use", server.url("specs.git")])
        XCTAssertEqual(out["method"] as? String, "repoint")
        XCTAssertEqual(names(), ["0"])
        _ = mirror
    }
}
