import Foundation
import PodMirrorTestSupport
import XCTest

/// `setup` switches the spec repo, then fails writing a Podfile (made immutable with `chattr +i`; skipped where
/// that cannot be done, e.g. as a normal user):
/// the old spec repo must be back byte for byte (refs, logs, config, index, packs, work tree), and the
/// output must say what was rolled back and that nothing stayed changed.
final class SetupRollbackTests: GitServerTestCase {
    func pm(_ args: [String]) throws -> ProcessResult { try bin.run(args, home: home.path) }

    func cloned() throws -> String {
        let r = try pm(["repo", "add", "specs", server.url("specs.git")])
        XCTAssertEqual(r.status, 0, r.stderr)
        return repos + "/specs"
    }

    func readOnlyPodfile() throws -> String {
        let podfile = try home.write("Podfile", "target 'App' do\n  pod 'A'\nend\n")
        // Immutable, not mode 0444: a 0444 Podfile is refused before the repo switch (nothing to roll back).
        try makeImmutable(podfile)
        return podfile
    }

    func assertRolledBack(_ r: ProcessResult, podfile: String, before: TreeSnapshot, method: String) throws {
        assertFailedCleanly(r, status: 1, mentions: [podfile], before: before, allowing: lockFile)
        let json = try PodmirrorBinary.json(r)
        XCTAssertEqual(json["rolledBack"] as? [String], ["repo.use:specs"], "\(json)")
        let changes = json["changes"] as? [[String: Any]] ?? []
        let switched = changes.first { $0["kind"] as? String == "spec-repo-use" }
        XCTAssertEqual((switched?["details"] as? [String: Any])?["method"] as? String, method, "\(changes)")
        XCTAssertEqual(switched?["reversible"] as? Bool, true)
        XCTAssertEqual((json["error"] as? [String: Any])?["stayedChanged"] as? [String], [], "nothing stayed changed")
    }

    func testPodfileWriteFailingAfterASwitchToUnrelatedHistoryPutsTheOldRepoBack() throws {
        _ = try cloned()
        _ = try SpecsFixture(root: served.path, name: "other", pods: 20, commits: 2, seed: "zzz")
        let podfile = try readOnlyPodfile()
        let before = TreeSnapshot(home.path)
        let r = try pm([
            "setup", "--strategy", "podfile", "--mirror", server.url("other.git"), "--name", "specs", "--podfile",
            podfile,
            "--no-verify", "--json",
        ])
        try assertRolledBack(r, podfile: podfile, before: before, method: "clone")
    }

    func testPodfileWriteFailingAfterARepointPutsTheOldRepoBackByteForByte() throws {
        let repo = try cloned()
        let mirror = try specs.mirror(named: "mirror", seed: "ahead")
        try mirror.addCommits(3)
        let podfile = try readOnlyPodfile()
        let before = TreeSnapshot(home.path)
        let r = try pm([
            "setup", "--strategy", "podfile", "--mirror", server.url("mirror.git"), "--name", "specs", "--podfile",
            podfile,
            "--no-verify", "--json",
        ])
        try assertRolledBack(r, podfile: podfile, before: before, method: "repoint")
        XCTAssertEqual(try ProcessRunner.git(["-C", repo, "fsck", "--no-progress"]).status, 0)
        XCTAssertEqual(
            try ProcessRunner.git(["-C", repo, "rev-parse", "HEAD"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines),
            specs.head)
    }

    func testTextOutputSaysWhatWasRolledBack() throws {
        _ = try cloned()
        _ = try SpecsFixture(root: served.path, name: "other", pods: 20, commits: 2, seed: "zzz")
        let podfile = try readOnlyPodfile()
        let before = TreeSnapshot(home.path)
        let r = try pm([
            "setup", "--strategy", "podfile", "--mirror", server.url("other.git"), "--name", "specs", "--podfile",
            podfile, "--no-verify",
        ])
        assertFailedCleanly(
            r, status: 1, mentions: ["rolled back: point `specs` at", podfile], before: before, allowing: lockFile)
        XCTAssertFalse(r.stderr.contains("done before the failure"), r.stderr)
    }
}
