import Foundation
import PodMirrorTestSupport
import XCTest

/// `--verbose` end to end: the built binary in a temp HOME against loopback servers shows, on stderr,
/// each git transfer's URL and proxy, each HTTP request with its status, and each child command line,
/// with credentials redacted; stdout stays what it is without the flag.
final class VerboseCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func testMirrorTestVerboseShowsEachRequestWithStatusAndRedactsCredentials() throws {
        let server = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes())
        defer { server.stop() }
        let home = TempDirectory()
        let secret = "http://robot:s3cr3tpass@127.0.0.1:\(server.port)/"
        let r = try bin.run(["mirror", "test", "--gems", "--timeout", "8", secret, "--verbose"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let shown = "http://***@127.0.0.1:\(server.port)/"
        let requests = r.stderr.split(separator: "\n").filter { $0.hasPrefix("http: GET \(shown)") }
        XCTAssertFalse(requests.isEmpty, r.stderr)
        XCTAssertTrue(requests.contains { $0.contains("(direct, no proxy)") }, r.stderr)
        XCTAssertTrue(requests.contains { $0.contains("→ HTTP 200 (") && $0.hasSuffix(" s)") }, r.stderr)
        XCTAssertFalse((r.stdout + r.stderr).contains("s3cr3tpass"), r.stdout + r.stderr)
        XCTAssertFalse(r.stdout.contains("http: GET"), "verbose lines go to stderr only: \(r.stdout)")

        // A failing mirror: its status is shown as it came.
        let broken = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .error500)
        defer { broken.stop() }
        let b = try bin.run(["mirror", "test", "--gems", "--timeout", "8", broken.url + "/", "-v"], home: home.path)
        XCTAssertTrue(b.stderr.contains("→ HTTP 500 ("), b.stderr)
    }

    func testJSONWithVerboseKeepsStdoutOneDocument() throws {
        let server = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes())
        defer { server.stop() }
        let home = TempDirectory()
        let r = try bin.run(
            ["mirror", "test", "--gems", "--timeout", "8", server.url + "/", "--json", "--verbose"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(object?["command"] as? String, "mirror test")
        XCTAssertTrue(r.stderr.contains("http: GET \(server.url)/"), r.stderr)
        XCTAssertTrue(r.stderr.contains("→ HTTP 200"), r.stderr)
    }

    struct Specs {
        let served = TempDirectory("verbose-served"), home = TempDirectory("verbose-home")
        let specs: SpecsFixture
        let server: GitHTTPServer
        init() throws {
            specs = try SpecsFixture(root: served.path, name: "Specs", pods: 10, commits: 2)
            server = try GitHTTPServer(root: served.path)
        }
    }

    func testRepoAddVerboseShowsTheTransferURLAndProxyWithCredentialsRedacted() throws {
        let w = try Specs()
        defer { w.server.stop() }
        let proxy = try RecordingProxy(credentials: "alice:pr0xy-pw")
        defer { proxy.stop() }
        let proxyURL = "http://alice:pr0xy-pw@127.0.0.1:\(proxy.port)"
        let url = w.server.url("Specs.git", userinfo: "robot:s3cr3tpass")
        let r = try bin.run(
            ["repo", "add", "specs", url, "--verbose"], home: w.home.path, extraEnvironment: ["http_proxy": proxyURL])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let expected =
            "git: clone http://***@127.0.0.1:\(w.server.port)/Specs.git"
            + " through proxy http://***@127.0.0.1:\(proxy.port)"
        XCTAssertTrue(r.stderr.contains(expected), r.stderr)
        XCTAssertTrue(r.stderr.contains("git: receiving objects ("), r.stderr)
        XCTAssertFalse((r.stdout + r.stderr).contains("s3cr3tpass"), r.stdout + r.stderr)
        XCTAssertFalse((r.stdout + r.stderr).contains("pr0xy-pw"), r.stdout + r.stderr)

        // Direct, and without the flag nothing of it.
        let direct = try bin.run(["repo", "update", "specs", "--verbose"], home: w.home.path)
        let transfers = direct.stderr.split(separator: "\n").filter { $0.hasPrefix("git: ") }
        XCTAssertTrue(
            transfers.contains { $0.hasSuffix(" http://***@127.0.0.1:\(w.server.port)/Specs.git (direct, no proxy)") },
            direct.stderr)
        let quiet = try bin.run(["repo", "update", "specs"], home: w.home.path)
        XCTAssertFalse(quiet.stderr.contains("git: "), quiet.stderr)
    }

    func testRepoAddVerboseShowsTheURLAfterInsteadOfRewriting() throws {
        let w = try Specs()
        defer { w.server.stop() }
        // The rule as a user's ~/.gitconfig holds it (GIT_CONFIG_GLOBAL is unset by the test harness).
        try Data("[url \"\(w.server.url(""))\"]\n\tinsteadOf = https://specs.example.invalid/\n".utf8)
            .write(to: URL(fileURLWithPath: w.home.sub(".gitconfig")))
        let r = try bin.run(
            ["repo", "add", "specs", "https://specs.example.invalid/Specs.git", "--verbose"], home: w.home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("git: clone \(w.server.url("Specs.git")) (direct, no proxy)"), r.stderr)
    }

    func testPodsFetchVerboseShowsArchiveRequestsWithRangeAndStatusAndGitURLs() throws {
        let tmp = TempDirectory("verbose-pods")
        try FileManager.default.createDirectory(atPath: tmp.path + "/served", withIntermediateDirectories: true)
        let git = try GitHTTPServer(root: tmp.path + "/served")
        defer { git.stop() }
        let fixture = try PodSourcesFixture(dir: tmp.path, base: "http://127.0.0.1:\(git.port)")
        let origin = try ArchiveHTTPServer()
        defer { origin.stop() }
        for (path, bytes) in try fixture.addArchivePods(archiveBase: origin.url + "/dl") {
            origin.serve("/dl" + path, bytes)
        }
        // The first answer breaks off after 100 bytes: the retry resumes with a Range.
        origin.inject("/dl/PMHttp-1.0.0.zip", [.dropAfter(100)])
        try fixture.writeLock(try fixture.podfileLock(extraPods: [("PMHttp", "1.0.0")]))
        let r = try bin.run(
            [
                "pods", "fetch", "--project", fixture.project, "--cocoapods-version", "1.17.0", "--only", "PMHttp",
                "--only", "PMGitA", "--verbose",
            ], home: fixture.home)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let archive = "\(origin.url)/dl/PMHttp-1.0.0.zip"
        XCTAssertTrue(r.stderr.contains("http: GET \(archive) (direct, no proxy)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("http: GET \(archive) (Range: bytes=100-) (direct, no proxy)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("http: GET \(archive) → HTTP 206 ("), r.stderr)
        XCTAssertTrue(
            r.stderr.contains("http://127.0.0.1:\(git.port)/podsrc/PMGitA.git (direct, no proxy)"), r.stderr)
    }

    func testReinstallVerboseShowsTheRecordingStandInPodCommandLine() throws {
        let dir = TempDirectory("verbose-reinstall")
        try dir.write(
            "Runner.xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/localsend-flutter/project.pbxproj"))
        try dir.write("Podfile", "target 'Runner' do\nend\n")
        try dir.write("Podfile.lock", "PODS: [old]\n")
        let standIn = TempDirectory("verbose standin bin")
        let log = standIn.sub("argv.log")
        let pod = try standIn.write(
            "pod", "#!/bin/sh\necho \"argv: $*\" >> \"$POD_STANDIN_LOG\"\nmkdir -p Pods\necho ok > Podfile.lock\n")
        chmod(pod, 0o755)
        let env = ["PATH": "\(standIn.path):/usr/bin:/bin", "POD_STANDIN_LOG": log]
        let r = try bin.run(
            ["reinstall", "--repo-update", "--verbose"], home: dir.path, cwd: dir.path, extraEnvironment: env)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        // As root (CI containers) podmirror adds --allow-root, as a stock CocoaPods needs.
        let args = "install --repo-update" + (geteuid() == 0 ? " --allow-root" : "")
        // The folder has a space: the displayed command line quotes it as a shell would.
        XCTAssertTrue(r.stderr.contains("run: '\(pod)' \(args)\n"), r.stderr)
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "argv: \(args)\n")
        let quiet = try bin.run(["reinstall"], home: dir.path, cwd: dir.path, extraEnvironment: env)
        XCTAssertFalse(quiet.stderr.contains("run: "), quiet.stderr)
    }
}
