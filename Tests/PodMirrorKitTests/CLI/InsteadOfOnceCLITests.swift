import Foundation
import PodMirrorTestSupport
import XCTest

/// git applies `url.<base>.insteadOf` once: the longest matching prefix, one rewrite, never chained. With
/// chained rules in the temp HOME's `~/.gitconfig` (the URL as named → B, and B → C), every transfer of
/// podmirror reaches B, where `git` (and CocoaPods, which runs it) goes. B and C are real loopback servers
/// serving different content, so reaching C shows as a wrong commit, a wrong HEAD or a request to C.
final class InsteadOfOnceCLITests: XCTestCase {
    let bin = InProcessPodmirror()
    /// The URL prefix the Podfile.lock, the spec repo and the mirror name: it resolves nowhere.
    let named = "http://named.example.invalid/"

    /// `[url "<b>"] insteadOf = <named>` then `[url "<c>"] insteadOf = <b>`.
    func writeChain(home: String, named: String, b: String, c: String) throws {
        let text = "[url \"\(b)\"]\n\tinsteadOf = \(named)\n[url \"\(c)\"]\n\tinsteadOf = \(b)\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: home + "/.gitconfig"), options: .atomic)
    }

    /// `git ls-remote` (the reference) with the same config: the commit it finds for `ref` at `url`.
    func gitLsRemote(_ url: String, _ ref: String, home: String) throws -> String {
        let r = try ProcessRunner.git(["ls-remote", url, ref], environment: bin.environment(home: home))
        XCTAssertEqual(r.status, 0, r.stderr)
        return String(r.stdout.prefix(40))
    }

    /// Pod sources at B and a second copy at C whose commits differ (its podspecs name C's URL).
    struct Pods {
        let tmp = TempDirectory("insteadof-once-pods")
        let b: GitHTTPServer, c: GitHTTPServer
        let fixture: PodSourcesFixture, other: PodSourcesFixture
        init() throws {
            let fm = FileManager.default
            for side in ["b", "c"] {
                try fm.createDirectory(atPath: tmp.path + "/\(side)/served", withIntermediateDirectories: true)
            }
            b = try GitHTTPServer(root: tmp.path + "/b/served")
            c = try GitHTTPServer(root: tmp.path + "/c/served")
            fixture = try PodSourcesFixture(dir: tmp.path + "/b", base: "http://127.0.0.1:\(b.port)")
            other = try PodSourcesFixture(dir: tmp.path + "/c", base: "http://127.0.0.1:\(c.port)")
        }
        func stop() { b.stop(); c.stop() }
    }

    func fetch(_ w: Pods, _ pod: String) throws -> (ProcessResult, [String: Any]) {
        let r = try bin.run(
            [
                "pods", "fetch", "--project", w.fixture.project, "--cocoapods-version", "1.17.0", "--only", pod,
                "--json", "--verbose",
            ], home: w.fixture.home)
        let pods = try PodmirrorBinary.json(r)["pods"] as? [[String: Any]] ?? []
        return (r, pods.first { $0["name"] as? String == pod } ?? [:])
    }

    func testPodsFetchOfAGitPodReachesTheFirstRewriteLikeGit() throws {
        let w = try Pods()
        defer { w.stop() }
        let first = try XCTUnwrap(w.fixture.commits["PMGitA.first"])
        XCTAssertNotEqual(first, w.other.commits["PMGitA.first"], "C serves another commit for the same tag")
        let podURL = named + "podsrc/PMGitA.git"
        try w.fixture.writeLock(try w.fixture.podfileLock(gitURLOverride: ["PMGitA": podURL]))
        try writeChain(home: w.fixture.home, named: named, b: w.b.url(""), c: w.c.url(""))
        let tag = "refs/tags/1.0.0"
        XCTAssertEqual(try gitLsRemote(podURL, tag, home: w.fixture.home), first, "git rewrites once, to B")

        let (r, pod) = try fetch(w, "PMGitA")
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(pod["status"] as? String, "fetched", r.stdout)
        XCTAssertEqual(pod["commit"] as? String, first, "the tag's commit at B, not C's")
        XCTAssertEqual(pod["url"] as? String, w.b.url("podsrc/PMGitA.git"))
        // --verbose names the URL actually connected to.
        for operation in ["ls-remote", "fetch"] {
            XCTAssertTrue(
                r.stderr.contains("git: \(operation) \(w.b.url("podsrc/PMGitA.git")) (direct, no proxy)"), r.stderr)
        }
        XCTAssertFalse(r.stderr.contains(w.c.url("")), r.stderr)
    }

    /// A work repo at `work` with `files` committed, published bare at `bare` (the `git` CLI as the reference).
    func publish(_ files: [String: String], work: String, bare: String, _ more: (String) throws -> Void = { _ in })
        throws
    {
        func git(_ args: [String]) throws {
            let r = try ProcessRunner.git(["-C", work, "-c", "protocol.file.allow=always"] + args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
        }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"])
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: work + "/" + name)) }
        XCTAssertEqual(try ProcessRunner.git(["init", "-q", "--bare", bare]).status, 0)
        try git(["remote", "add", "origin", bare])
        try more(work)
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "one"])
        try git(["tag", "1.0.0"])
        try git(["push", "-q", "origin", "main", "--tags"])
    }

    func testPodsFetchOfASubmoduleWithARelativeURLReachesTheFirstRewrite() throws {
        let w = try Pods()
        defer { w.stop() }
        // C's PMLib has another history, without the commit the pod records: reaching it fails the pod.
        let cLib = w.tmp.path + "/c/served/podsrc/PMLib.git"
        try FileManager.default.removeItem(atPath: cLib)
        try publish(["Lib.swift": "// decoy\n"], work: w.tmp.path + "/decoy-lib", bare: cLib)
        // The pod at B: its podspec, and B's PMLib as a submodule at `../PMLib.git`.
        let podURL = named + "podsrc/PMWithLib.git"
        let spec = w.fixture.specJSON(
            "PMGitA", version: "1.0.0", source: "{\"git\": \"\(podURL)\", \"tag\": \"1.0.0\", \"submodules\": true}")
        try publish(
            ["PMGitA.podspec.json": spec], work: w.tmp.path + "/with-lib",
            bare: w.tmp.path + "/b/served/podsrc/PMWithLib.git"
        ) { work in
            let r = try ProcessRunner.git(
                ["-C", work, "-c", "protocol.file.allow=always", "submodule", "add", "-q", "../PMLib.git", "lib"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        var lock = try w.fixture.podfileLock(gitURLOverride: ["PMGitA": podURL])
        lock = lock.replacingOccurrences(
            of: "CHECKOUT OPTIONS:\n  PMGitA:\n    :git: \(podURL)\n",
            with: "CHECKOUT OPTIONS:\n  PMGitA:\n    :git: \(podURL)\n    :submodules: true\n")
        XCTAssertTrue(lock.contains(":submodules: true"))
        try w.fixture.writeLock(lock)
        try writeChain(home: w.fixture.home, named: named, b: w.b.url(""), c: w.c.url(""))

        let (r, pod) = try fetch(w, "PMGitA")
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(pod["status"] as? String, "fetched", r.stdout)
        let cached = try XCTUnwrap(pod["cachePath"] as? String)
        XCTAssertEqual(try String(contentsOfFile: cached + "/lib/Lib.swift", encoding: .utf8), "// lib\n")
        XCTAssertTrue(r.stderr.contains(w.b.url("podsrc/PMLib.git")), r.stderr)
        XCTAssertFalse(r.stderr.contains(w.c.url("")), r.stderr)
    }

    func testPodsFetchErrorNamesTheURLAsThePodNamesIt() throws {
        let w = try Pods()
        defer { w.stop() }
        // B has no such repository: the fetch fails at B (C has none either) and the error names the pod's URL.
        let podURL = named + "podsrc/PMMissing.git"
        try w.fixture.writeLock(try w.fixture.podfileLock(gitURLOverride: ["PMGitA": podURL]))
        try writeChain(home: w.fixture.home, named: named, b: w.b.url(""), c: w.c.url(""))
        let (r, pod) = try fetch(w, "PMGitA")
        XCTAssertNotEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(pod["status"] as? String, "failed", r.stdout)
        XCTAssertEqual(pod["url"] as? String, w.b.url("podsrc/PMMissing.git"))
        let error = pod["error"] as? String ?? ""
        XCTAssertTrue(error.contains(podURL), error)
        XCTAssertTrue(r.stderr.contains("git: ls-remote \(w.b.url("podsrc/PMMissing.git"))"), r.stderr)
    }

    func testPodsFetchOfAnHTTPPodReachesTheFirstRewrite() throws {
        let w = try Pods()
        defer { w.stop() }
        let b = try ArchiveHTTPServer()
        let c = try ArchiveHTTPServer()
        defer { b.stop(); c.stop() }
        for (path, bytes) in try w.fixture.addArchivePods(archiveBase: named + "dl") {
            b.serve("/dl" + path, bytes)
            c.serve("/dl" + path, bytes)
        }
        try w.fixture.writeLock(try w.fixture.podfileLock(extraPods: [("PMHttp", "1.0.0")]))
        try writeChain(home: w.fixture.home, named: named + "dl/", b: b.url + "/dl/", c: c.url + "/dl/")
        let (r, pod) = try fetch(w, "PMHttp")
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(pod["status"] as? String, "fetched", r.stdout)
        XCTAssertEqual(pod["url"] as? String, b.url + "/dl/PMHttp-1.0.0.zip")
        XCTAssertEqual(b.requests.map(\.path), ["/dl/PMHttp-1.0.0.zip"])
        XCTAssertEqual(c.requests.count, 0, "\(c.requests.map(\.path))")
    }

    /// A rule only in the system file (`$GIT_CONFIG_SYSTEM` here, `/etc/gitconfig` by default), as a
    /// provisioning tool writes one for the whole machine, is followed as git follows it; with
    /// `GIT_CONFIG_NOSYSTEM` git reads no system file, and neither does podmirror.
    func testPodsFetchFollowsARuleInTheSystemFileUnlessGitWouldNotReadIt() throws {
        let w = try Pods()
        defer { w.stop() }
        let b = try ArchiveHTTPServer()
        defer { b.stop() }
        for (path, bytes) in try w.fixture.addArchivePods(archiveBase: named + "dl") { b.serve("/dl" + path, bytes) }
        try w.fixture.writeLock(try w.fixture.podfileLock(extraPods: [("PMHttp", "1.0.0")]))
        let system = w.tmp.path + "/system-gitconfig"
        try "[url \"\(b.url)/dl/\"]\n\tinsteadOf = \(named)dl/\n".write(
            toFile: system, atomically: true, encoding: .utf8)
        let args = [
            "pods", "fetch", "--project", w.fixture.project, "--cocoapods-version", "1.17.0", "--only", "PMHttp",
            "--json",
        ]
        let skipped = try bin.run(
            args, home: w.fixture.home, extraEnvironment: ["GIT_CONFIG_SYSTEM": system, "GIT_CONFIG_NOSYSTEM": "1"])
        XCTAssertNotEqual(skipped.status, 0, skipped.stdout)
        XCTAssertEqual(b.requests.count, 0)
        let r = try bin.run(
            args, home: w.fixture.home, extraEnvironment: ["GIT_CONFIG_SYSTEM": system, "GIT_CONFIG_NOSYSTEM": ""])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let pods = try PodmirrorBinary.json(r)["pods"] as? [[String: Any]] ?? []
        XCTAssertEqual(pods.first?["url"] as? String, b.url + "/dl/PMHttp-1.0.0.zip")
        XCTAssertEqual(b.requests.map(\.path), ["/dl/PMHttp-1.0.0.zip"])
    }

    func testSpecRepoCloneFetchAndProbesReachTheFirstRewrite() throws {
        let tmp = TempDirectory("insteadof-once-specs")
        let home = TempDirectory("insteadof-once-home")
        let fm = FileManager.default
        for side in ["b", "c"] { try fm.createDirectory(atPath: tmp.sub(side), withIntermediateDirectories: true) }
        let specs = try SpecsFixture(root: tmp.sub("b"), name: "Specs", pods: 5, commits: 2, seed: "b")
        let decoy = try SpecsFixture(root: tmp.sub("c"), name: "Specs", pods: 5, commits: 2, seed: "c")
        XCTAssertNotEqual(specs.head, decoy.head)
        let b = try GitHTTPServer(root: tmp.sub("b"))
        let c = try GitHTTPServer(root: tmp.sub("c"))
        defer { b.stop(); c.stop() }
        try writeChain(home: home.path, named: named, b: b.url(""), c: c.url(""))
        let url = named + "Specs.git"
        XCTAssertEqual(try gitLsRemote(url, "HEAD", home: home.path), specs.head, "git rewrites once, to B")

        // mirror test's probe (libcurl) and `repo add` (git_clone) go to B; the clone keeps the named URL.
        let test = try bin.run(["mirror", "test", url, "--json"], home: home.path)
        let results = try PodmirrorBinary.json(test)["results"] as? [[String: Any]] ?? []
        XCTAssertEqual(results.first?["head"] as? String, specs.head, test.stdout)
        let add = try bin.run(["repo", "add", "specs", url, "--verbose"], home: home.path)
        XCTAssertEqual(add.status, 0, add.stdout + add.stderr)
        XCTAssertTrue(add.stderr.contains("git: clone \(b.url("Specs.git")) (direct, no proxy)"), add.stderr)
        let clone = home.sub(".cocoapods/repos/specs")
        func git(_ args: [String]) throws -> String {
            try ProcessRunner.git(["-C", clone] + args).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(try git(["rev-parse", "HEAD"]), specs.head)
        XCTAssertEqual(try git(["config", "remote.origin.url"]), url)

        // `repo update` (a fetch of the looked-up origin) goes to B as well.
        let later = try specs.addCommits(1)
        let update = try bin.run(["repo", "update", "specs", "--verbose"], home: home.path)
        XCTAssertEqual(update.status, 0, update.stdout + update.stderr)
        XCTAssertTrue(update.stderr.contains("git: fetch \(b.url("Specs.git")) (direct, no proxy)"), update.stderr)
        XCTAssertEqual(try git(["rev-parse", "HEAD"]), later)
    }
}
