import Foundation
import PodMirrorTestSupport
import XCTest

/// Every transfer goes through the proxy git would use: a recording HTTP proxy on 127.0.0.1 in front
/// of a real git smart-HTTP server.
final class ProxyCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    struct World {
        let served = TempDirectory(), home = TempDirectory()
        let specs: SpecsFixture
        let server: GitHTTPServer
        var url: String { server.url("Specs.git") }

        init() throws {
            specs = try SpecsFixture(root: served.path, name: "Specs", pods: 10, commits: 2)
            server = try GitHTTPServer(root: served.path)
        }
    }

    func testRepoAddUpdateAndMirrorTestGoThroughHTTPProxyFromEnvironment() throws {
        let w = try World()
        defer { w.server.stop() }
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        let env = ["http_proxy": proxy.url]
        let add = try bin.run(["repo", "add", "specs", w.url], home: w.home.path, extraEnvironment: env)
        XCTAssertEqual(add.status, 0, add.stdout + add.stderr)
        XCTAssertTrue(
            proxy.requests.contains { $0.hasPrefix("GET \(w.url)/info/refs?service=git-upload-pack ") },
            "\(proxy.requests)")
        XCTAssertTrue(proxy.requests.contains { $0.hasPrefix("POST \(w.url)/git-upload-pack ") }, "\(proxy.requests)")
        let clone = w.home.sub(".cocoapods/repos/specs")
        XCTAssertEqual(
            try ProcessRunner.git(["-C", clone, "rev-parse", "HEAD"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines), w.specs.head)

        let before = proxy.requests.count
        let update = try bin.run(["repo", "update", "specs"], home: w.home.path, extraEnvironment: env)
        XCTAssertEqual(update.status, 0, update.stdout + update.stderr)
        XCTAssertGreaterThan(proxy.requests.count, before, "fetch went through the proxy")

        let probeBefore = proxy.requests.count
        let test = try bin.run(["mirror", "test", w.url, "--json"], home: w.home.path, extraEnvironment: env)
        XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
        XCTAssertGreaterThan(proxy.requests.count, probeBefore, "mirror test took the same proxy")
    }

    func testNoProxyBypassesTheProxy() throws {
        let w = try World()
        defer { w.server.stop() }
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        let env = ["http_proxy": proxy.url, "no_proxy": "localhost,127.0.0.1"]
        let add = try bin.run(["repo", "add", "specs", w.url], home: w.home.path, extraEnvironment: env)
        XCTAssertEqual(add.status, 0, add.stdout + add.stderr)
        let test = try bin.run(["mirror", "test", w.url], home: w.home.path, extraEnvironment: env)
        XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
        XCTAssertEqual(proxy.log, [], "nothing went through the proxy")
    }

    func testGitConfigHTTPProxyIsUsedAndBeatsTheEnvironment() throws {
        let w = try World()
        defer { w.server.stop() }
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        try w.home.write(".gitconfig", "[http \"http://127.0.0.1:\(w.server.port)/\"]\n\tproxy = \(proxy.url)\n")
        // The environment names a proxy that does not exist: git config wins.
        let env = ["http_proxy": "http://127.0.0.1:9"]
        let r = try bin.run(
            ["setup", "--strategy", "podfile", "--mirror", w.url, "--json"], home: w.home.path, extraEnvironment: env)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(proxy.requests.contains { $0.hasPrefix("POST \(w.url)/git-upload-pack ") }, "\(proxy.requests)")
    }

    func testSetupProbeAndCloneTakeTheSameProxy() throws {
        let w = try World()
        defer { w.server.stop() }
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        try w.home.write("Podfile", "target 'App' do\nend\n")
        let r = try bin.run(
            ["setup", "--strategy", "podfile", "--mirror", w.url, "--podfile", w.home.sub("Podfile")],
            home: w.home.path,
            extraEnvironment: ["http_proxy": proxy.url])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let refs = proxy.requests.filter { $0.hasPrefix("GET \(w.url)/info/refs") }
        XCTAssertGreaterThanOrEqual(refs.count, 2, "probe and clone both asked the proxy: \(proxy.requests)")
    }

    func testProxyCredentialsAreUsedAndNeverPrinted() throws {
        let w = try World()
        defer { w.server.stop() }
        let proxy = try RecordingProxy(credentials: "alice:s3cret-pw")
        defer { proxy.stop() }
        let env = ["http_proxy": proxy.url]
        let add = try bin.run(["repo", "add", "specs", w.url, "--json"], home: w.home.path, extraEnvironment: env)
        XCTAssertEqual(add.status, 0, add.stdout + add.stderr)
        XCTAssertTrue(proxy.requests.contains { $0.hasPrefix("POST \(w.url)/git-upload-pack ") }, "\(proxy.log)")
        XCTAssertFalse((add.stdout + add.stderr).contains("s3cret"))

        // A proxy that refuses the credentials: the failure names the proxy without the password.
        proxy.stop()
        let dead = "http://alice:s3cret-pw@127.0.0.1:\(proxy.port)"
        for args in [
            ["repo", "add", "other", w.url], ["repo", "add", "other", w.url, "--json"],
            ["mirror", "test", w.url], ["setup", "--strategy", "podfile", "--mirror", w.url, "--name", "x"],
        ] {
            let r = try bin.run(args, home: w.home.path, extraEnvironment: ["http_proxy": dead])
            XCTAssertNotEqual(r.status, 0, "\(args): \(r.stdout)\(r.stderr)")
            XCTAssertFalse((r.stdout + r.stderr).contains("s3cret"), "\(args): \(r.stdout)\(r.stderr)")
        }
        let r = try bin.run(["repo", "add", "other", w.url], home: w.home.path, extraEnvironment: ["http_proxy": dead])
        XCTAssertTrue(r.stderr.contains("http://***@127.0.0.1:\(proxy.port)"), r.stderr)
    }
}
