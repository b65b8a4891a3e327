import Foundation
import PodMirrorTestSupport
import XCTest

/// Spec-repo transfers (`repo add`, `repo update`) follow the `url.<base>.insteadOf` rules of the files git
/// reads, as `git` (and CocoaPods, which runs it) does: `$GIT_CONFIG_GLOBAL` instead of `~/.gitconfig`,
/// `$GIT_CONFIG_SYSTEM`, none of the system file with `GIT_CONFIG_NOSYSTEM`; libgit2 alone reads other
/// files. B and C are real loopback servers serving Specs repos with different commits; `git ls-remote`
/// with the same environment is the reference.
final class SpecRepoInsteadOfCLITests: XCTestCase {
    let bin = InProcessPodmirror()
    /// The URL prefix the spec repo is named by: it resolves nowhere.
    let named = "http://named.example.invalid/"

    struct Servers {
        let tmp = TempDirectory("specrepo-insteadof")
        let home = TempDirectory("specrepo-insteadof-home")
        let specs: SpecsFixture, decoy: SpecsFixture
        let b: GitHTTPServer, c: GitHTTPServer
        init() throws {
            for side in ["b", "c"] {
                try FileManager.default.createDirectory(atPath: tmp.sub(side), withIntermediateDirectories: true)
            }
            specs = try SpecsFixture(root: tmp.sub("b"), name: "Specs", pods: 5, commits: 2, seed: "b")
            decoy = try SpecsFixture(root: tmp.sub("c"), name: "Specs", pods: 5, commits: 2, seed: "c")
            b = try GitHTTPServer(root: tmp.sub("b"))
            c = try GitHTTPServer(root: tmp.sub("c"))
        }
        func stop() { b.stop(); c.stop() }
        var clone: String { home.sub(".cocoapods/repos/specs") }
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    func rule(_ base: String, insteadOf prefix: String) -> String { "[url \"\(base)\"]\n\tinsteadOf = \(prefix)\n" }

    /// `git ls-remote` (the reference) with the environment podmirror gets, `GIT_CONFIG_NOSYSTEM` included
    /// (`ProcessRunner.git` would set it): HEAD's commit, "" when it fails.
    func gitHead(_ url: String, home: String, env: [String: String]) throws -> String {
        let r = try ProcessRunner.run(
            ProcessRunner.which("git") ?? "/usr/bin/git", ["ls-remote", url, "HEAD"],
            environment: bin.environment(home: home, extra: env))
        return r.status == 0 ? String(r.stdout.prefix(40)) : ""
    }

    func git(_ clone: String, _ args: [String]) throws -> String {
        try ProcessRunner.git(["-C", clone] + args).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `$GIT_CONFIG_GLOBAL` holds A → B and B → C; `~/.gitconfig` (which git then ignores, and libgit2 reads)
    /// sends A to C. `repo add` and `repo update` reach B, once rewritten, and `origin` stays A.
    func testRepoAddAndUpdateFollowGitConfigGlobalOnceAndKeepOrigin() throws {
        let w = try Servers()
        defer { w.stop() }
        XCTAssertNotEqual(w.specs.head, w.decoy.head)
        let global = w.tmp.sub("ci/gitconfig")
        try write(
            rule(w.b.url(""), insteadOf: named) + rule(w.c.url(""), insteadOf: w.b.url("")), to: global)
        try write(rule(w.c.url(""), insteadOf: named), to: w.home.sub(".gitconfig"))
        let env = ["GIT_CONFIG_GLOBAL": global]
        let url = named + "Specs.git"
        XCTAssertEqual(try gitHead(url, home: w.home.path, env: env), w.specs.head, "git reaches B, once")

        let test = try bin.run(["mirror", "test", url, "--json"], home: w.home.path, extraEnvironment: env)
        let results = try PodmirrorBinary.json(test)["results"] as? [[String: Any]] ?? []
        XCTAssertEqual(results.first?["head"] as? String, w.specs.head, test.stdout)

        let add = try bin.run(["repo", "add", "specs", url, "--verbose"], home: w.home.path, extraEnvironment: env)
        XCTAssertEqual(add.status, 0, add.stdout + add.stderr)
        XCTAssertTrue(add.stderr.contains("git: clone \(w.b.url("Specs.git")) (direct, no proxy)"), add.stderr)
        XCTAssertEqual(try git(w.clone, ["rev-parse", "HEAD"]), w.specs.head)
        XCTAssertEqual(try git(w.clone, ["config", "remote.origin.url"]), url)
        XCTAssertEqual(w.c.bytesSent, 0, "nothing was asked of C")

        let later = try w.specs.addCommits(1)
        _ = try w.decoy.addCommits(1)
        let update = try bin.run(["repo", "update", "specs", "--verbose"], home: w.home.path, extraEnvironment: env)
        XCTAssertEqual(update.status, 0, update.stdout + update.stderr)
        XCTAssertTrue(update.stderr.contains("git: fetch \(w.b.url("Specs.git"))"), update.stderr)
        XCTAssertEqual(try git(w.clone, ["rev-parse", "HEAD"]), later)
        XCTAssertEqual(try git(w.clone, ["config", "remote.origin.url"]), url)
        XCTAssertEqual(w.c.bytesSent, 0, "nothing was asked of C")
    }

    /// `setup` probes the mirror and clones it where git goes (`$GIT_CONFIG_GLOBAL`), keeping the URL as named.
    func testSetupClonesWhereGitGoes() throws {
        let w = try Servers()
        defer { w.stop() }
        let global = w.tmp.sub("ci/gitconfig")
        try write(rule(w.b.url(""), insteadOf: named), to: global)
        try write(rule(w.c.url(""), insteadOf: named), to: w.home.sub(".gitconfig"))
        let url = named + "Specs.git"
        try write("platform :ios, '13.0'\n", to: w.home.sub("Podfile"))
        let setup = try bin.run(
            ["setup", "--strategy", "podfile", "--mirror", url, "--podfile", w.home.sub("Podfile"), "--json"],
            home: w.home.path,
            extraEnvironment: ["GIT_CONFIG_GLOBAL": global])
        XCTAssertEqual(setup.status, 0, setup.stdout + setup.stderr)
        let repos = try FileManager.default.contentsOfDirectory(atPath: w.home.sub(".cocoapods/repos"))
            .filter { !$0.hasPrefix(".") && $0 != "Spec_Lock" }
        XCTAssertEqual(repos.count, 1, "\(repos)")
        let clone = w.home.sub(".cocoapods/repos/" + (repos.first ?? ""))
        XCTAssertEqual(try git(clone, ["rev-parse", "HEAD"]), w.specs.head)
        XCTAssertEqual(try git(clone, ["config", "remote.origin.url"]), url)
        XCTAssertEqual(w.c.bytesSent, 0, "nothing was asked of C")
    }

    /// `repo use` re-points an existing clone at the URL as named and fetches the delta where git goes.
    func testRepoUseRepointsAndFetchesWhereGitGoes() throws {
        let w = try Servers()
        defer { w.stop() }
        let add = try bin.run(["repo", "add", "master", w.b.url("Specs.git")], home: w.home.path)
        XCTAssertEqual(add.status, 0, add.stdout + add.stderr)
        let mirror = try w.specs.mirror(named: "Mirror", seed: "mir")
        try mirror.addCommits(2)
        let global = w.tmp.sub("ci/gitconfig")
        try write(rule(w.b.url(""), insteadOf: named), to: global)
        try write(rule(w.c.url(""), insteadOf: named), to: w.home.sub(".gitconfig"))
        let url = named + "Mirror.git"
        let use = try bin.run(
            ["repo", "use", url, "--name", "master", "--json"], home: w.home.path,
            extraEnvironment: ["GIT_CONFIG_GLOBAL": global])
        XCTAssertEqual(use.status, 0, use.stdout + use.stderr)
        let out = try PodmirrorBinary.json(use)
        XCTAssertEqual(out["method"] as? String, "repoint", use.stdout)
        XCTAssertEqual(out["newHead"] as? String, mirror.head)
        let clone = w.home.sub(".cocoapods/repos/master")
        XCTAssertEqual(try git(clone, ["rev-parse", "HEAD"]), mirror.head)
        XCTAssertEqual(try git(clone, ["config", "remote.origin.url"]), url)
        XCTAssertEqual(w.c.bytesSent, 0, "nothing was asked of C")
    }

    /// A rule only in the system file (`$GIT_CONFIG_SYSTEM`): followed as git follows it; with
    /// `GIT_CONFIG_NOSYSTEM` git reads no system file and neither does podmirror.
    func testRepoAddFollowsTheSystemFileUnlessGitConfigNoSystem() throws {
        let w = try Servers()
        defer { w.stop() }
        let system = w.tmp.sub("etc/gitconfig")
        try write(rule(w.b.url(""), insteadOf: named), to: system)
        let url = named + "Specs.git"
        let off = ["GIT_CONFIG_SYSTEM": system, "GIT_CONFIG_NOSYSTEM": "1"]
        XCTAssertEqual(try gitHead(url, home: w.home.path, env: off), "", "git ignores the system file")
        let skipped = try bin.run(["repo", "add", "specs", url, "--json"], home: w.home.path, extraEnvironment: off)
        XCTAssertNotEqual(skipped.status, 0, skipped.stdout)
        XCTAssertEqual(w.b.bytesSent, 0)
        XCTAssertFalse(skipped.stdout.contains("insteadOf"), "no rewrite applied: \(skipped.stdout)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: w.clone))

        let on = ["GIT_CONFIG_SYSTEM": system, "GIT_CONFIG_NOSYSTEM": ""]
        XCTAssertEqual(try gitHead(url, home: w.home.path, env: on), w.specs.head)
        let add = try bin.run(["repo", "add", "specs", url], home: w.home.path, extraEnvironment: on)
        XCTAssertEqual(add.status, 0, add.stdout + add.stderr)
        XCTAssertEqual(try git(w.clone, ["rev-parse", "HEAD"]), w.specs.head)
        XCTAssertEqual(try git(w.clone, ["config", "remote.origin.url"]), url)
    }

    /// A failed transfer names the URL as given and the URL it connected to, credentials redacted.
    func testErrorNamesTheRewrittenURLWithoutCredentials() throws {
        let w = try Servers()
        defer { w.stop() }
        let global = w.tmp.sub("ci/gitconfig")
        try write(rule(w.b.url("missing/", userinfo: "ci:s3cret"), insteadOf: named), to: global)
        let r = try bin.run(
            ["repo", "add", "specs", named + "Specs.git", "--json"], home: w.home.path,
            extraEnvironment: ["GIT_CONFIG_GLOBAL": global])
        XCTAssertNotEqual(r.status, 0, r.stdout)
        let shown = "http://***@127.0.0.1:\(w.b.port)/missing/Specs.git"
        XCTAssertTrue(r.stdout.contains("\(shown) (for \(named)Specs.git)"), r.stdout)
        XCTAssertFalse((r.stdout + r.stderr).contains("s3cret"), r.stdout + r.stderr)
    }
}
