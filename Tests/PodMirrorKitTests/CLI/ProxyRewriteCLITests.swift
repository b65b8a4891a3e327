import Foundation
import PodMirrorTestSupport
import XCTest

/// The proxy is decided on the URL a transfer connects to, after git's `url.<base>.insteadOf` rewriting,
/// as git decides it: a recording HTTP proxy on 127.0.0.1 in front of real loopback servers, rules in
/// the temp HOME's `~/.gitconfig`.
final class ProxyRewriteCLITests: XCTestCase {
    let bin = InProcessPodmirror()
    /// A host that resolves nowhere: only the insteadOf rule makes a URL on it reachable.
    let unreachable = "http://unreachable.example/"

    func writeGitConfig(_ home: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: home + "/.gitconfig"))
    }

    func testNoProxyAppliesToTheRewrittenHostForClone() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        let specs = try SpecsFixture(root: served.path, name: "Specs", pods: 5, commits: 2)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        try writeGitConfig(home.path, "[url \"\(server.url(""))\"]\n\tinsteadOf = \(unreachable)\n")
        let env = ["http_proxy": proxy.url, "no_proxy": "127.0.0.1"]
        let r = try bin.run(
            ["repo", "add", "specs", unreachable + "Specs.git"], home: home.path, extraEnvironment: env)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(proxy.log, [], "the rewritten URL is on 127.0.0.1, which no_proxy names")
        let head = try ProcessRunner.git(["-C", home.sub(".cocoapods/repos/specs"), "rev-parse", "HEAD"])
        XCTAssertEqual(head.stdout.trimmingCharacters(in: .whitespacesAndNewlines), specs.head)
    }

    func testMirrorTestAndSetupProbeReachTheServerTheCloneReaches() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        let specs = try SpecsFixture(root: served.path, name: "Specs", pods: 5, commits: 2)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        try writeGitConfig(home.path, "[url \"\(server.url(""))\"]\n\tinsteadOf = \(unreachable)\n")
        let mirror = unreachable + "Specs.git"
        // The libcurl probe of `mirror test` and the libgit2 probe of `setup` both follow the rule.
        let test = try bin.run(["mirror", "test", mirror, "--json"], home: home.path)
        XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
        let results = try PodmirrorBinary.json(test)["results"] as? [[String: Any]] ?? []
        XCTAssertEqual(results.first?["healthy"] as? Bool, true, test.stdout)
        XCTAssertEqual(results.first?["head"] as? String, specs.head, test.stdout)
        try Data("platform :ios, '13.0'\n".utf8).write(to: URL(fileURLWithPath: home.sub("Podfile")))
        let setup = try bin.run(
            ["setup", "--strategy", "podfile", "--mirror", mirror, "--podfile", home.sub("Podfile")], home: home.path)
        XCTAssertEqual(setup.status, 0, setup.stdout + setup.stderr)
    }

    func testProxyConfiguredForTheRewrittenURLIsUsedByCloneAndFetch() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        _ = try SpecsFixture(root: served.path, name: "Specs", pods: 5, commits: 2)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        try writeGitConfig(
            home.path,
            "[url \"\(server.url(""))\"]\n\tinsteadOf = \(unreachable)\n"
                + "[http \"\(server.url(""))\"]\n\tproxy = \(proxy.url)\n")
        let r = try bin.run(["repo", "add", "specs", unreachable + "Specs.git", "--verbose"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let rewritten = server.url("Specs.git")
        XCTAssertTrue(
            proxy.requests.contains { $0.hasPrefix("GET \(rewritten)/info/refs?service=git-upload-pack ") },
            "\(proxy.requests)")
        XCTAssertTrue(r.stderr.contains("git: clone \(rewritten) through proxy \(proxy.url)"), r.stderr)
        let before = proxy.requests.count
        let update = try bin.run(["repo", "update", "specs"], home: home.path)
        XCTAssertEqual(update.status, 0, update.stdout + update.stderr)
        XCTAssertGreaterThan(proxy.requests.count, before, "the fetch took the same proxy")
    }

    /// An http:// clone through a proxy goes through podmirror's relay: with the rule in `$GIT_CONFIG_GLOBAL`
    /// (which libgit2 does not read; `~/.gitconfig` sends the URL nowhere), the relay carries the requests
    /// for the rewritten URL to the proxy, for `repo add` and `repo update`; `origin` keeps the URL as named.
    func testRelayCarriesTheRewriteOfGitConfigGlobalThroughTheProxy() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        let specs = try SpecsFixture(root: served.path, name: "Specs", pods: 5, commits: 2)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        let global = home.sub("ci-gitconfig")
        try Data("[url \"\(server.url(""))\"]\n\tinsteadOf = \(unreachable)\n".utf8)
            .write(to: URL(fileURLWithPath: global))
        try writeGitConfig(home.path, "[url \"http://elsewhere.example.invalid/\"]\n\tinsteadOf = \(unreachable)\n")
        let env = ["http_proxy": proxy.url, "GIT_CONFIG_GLOBAL": global]
        let named = unreachable + "Specs.git"
        let rewritten = server.url("Specs.git")
        let r = try bin.run(["repo", "add", "specs", named, "--verbose"], home: home.path, extraEnvironment: env)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("git: clone \(rewritten) through proxy \(proxy.url)"), r.stderr)
        XCTAssertTrue(
            proxy.requests.contains { $0.hasPrefix("GET \(rewritten)/info/refs?service=git-upload-pack ") },
            "\(proxy.requests)")
        let clone = home.sub(".cocoapods/repos/specs")
        func git(_ args: [String]) throws -> String {
            try ProcessRunner.git(["-C", clone] + args).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(try git(["rev-parse", "HEAD"]), specs.head)
        XCTAssertEqual(try git(["config", "remote.origin.url"]), named)
        let later = try specs.addCommits(1)
        let before = proxy.requests.count
        let update = try bin.run(["repo", "update", "specs", "--verbose"], home: home.path, extraEnvironment: env)
        XCTAssertEqual(update.status, 0, update.stdout + update.stderr)
        XCTAssertTrue(update.stderr.contains("git: fetch \(rewritten) through proxy \(proxy.url)"), update.stderr)
        XCTAssertGreaterThan(proxy.requests.count, before, "the fetch took the proxy")
        XCTAssertEqual(try git(["rev-parse", "HEAD"]), later)
        XCTAssertEqual(try git(["config", "remote.origin.url"]), named)
    }

    struct Pods {
        let tmp = TempDirectory("proxy-rewrite-pods")
        let server: GitHTTPServer
        let fixture: PodSourcesFixture
        init() throws {
            try FileManager.default.createDirectory(atPath: tmp.path + "/served", withIntermediateDirectories: true)
            server = try GitHTTPServer(root: tmp.path + "/served")
            fixture = try PodSourcesFixture(dir: tmp.path, base: "http://127.0.0.1:\(server.port)")
        }
    }

    func fetch(_ w: Pods, _ only: [String], env: [String: String]) throws -> ProcessResult {
        try bin.run(
            ["pods", "fetch", "--project", w.fixture.project, "--cocoapods-version", "1.17.0", "--json"]
                + only.flatMap { ["--only", $0] }, home: w.fixture.home, extraEnvironment: env)
    }

    func status(_ r: ProcessResult, _ pod: String) throws -> String? {
        let pods = try PodmirrorBinary.json(r)["pods"] as? [[String: Any]] ?? []
        return pods.first { $0["name"] as? String == pod }?["status"] as? String
    }

    func testPodsFetchSubmoduleWithARelativeURLTakesTheProxyOfItsResolvedURL() throws {
        let w = try Pods()
        defer { w.server.stop() }
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        try w.fixture.writeLock(try w.fixture.podfileLock())
        let r = try fetch(w, ["PMSubm"], env: ["http_proxy": proxy.url])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(try status(r, "PMSubm"), "fetched")
        // `.gitmodules` says `../PMLib.git`: the clone connects to the resolved URL, through the proxy.
        let lib = "\(w.fixture.base)/podsrc/PMLib.git"
        XCTAssertTrue(proxy.requests.contains { $0.hasPrefix("GET \(lib)/info/refs") }, "\(proxy.requests)")
    }

    func testPodsFetchGitAndHTTPSourcesDecideOnTheRewrittenURL() throws {
        let w = try Pods()
        defer { w.server.stop() }
        let archives = try ArchiveHTTPServer()
        defer { archives.stop() }
        for (path, bytes) in try w.fixture.addArchivePods(archiveBase: unreachable + "dl") {
            archives.serve("/dl" + path, bytes)
        }
        try w.fixture.writeLock(
            try w.fixture.podfileLock(
                extraPods: [("PMHttp", "1.0.0")],
                gitURLOverride: ["PMGitA": unreachable + "git/podsrc/PMGitA.git"]))
        let rules =
            "[url \"\(archives.url)/dl/\"]\n\tinsteadOf = \(unreachable)dl/\n"
            + "[url \"\(w.fixture.base)/\"]\n\tinsteadOf = \(unreachable)git/\n"
        try writeGitConfig(w.fixture.home, rules)

        // no_proxy names the rewritten host: nothing goes through the proxy.
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        let r = try fetch(w, ["PMHttp", "PMGitA"], env: ["http_proxy": proxy.url, "no_proxy": "127.0.0.1"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(try status(r, "PMHttp"), "fetched")
        XCTAssertEqual(try status(r, "PMGitA"), "fetched")
        XCTAssertEqual(proxy.log, [])
    }
}
