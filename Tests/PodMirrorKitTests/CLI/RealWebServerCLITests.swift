import Foundation
import PodMirrorTestSupport
import XCTest

/// The built binary against git served the way mirror sites serve it: nginx + fcgiwrap + `git-http-backend`
/// (`NginxGitServer`), started by the tests on 127.0.0.1 with a private prefix.
///
/// nginx or fcgiwrap missing: the tests FAIL when `CI` is set (`CI=true`, as CI services set it), so CI never
/// passes without running them; elsewhere they are skipped, naming what to install (`scripts/deps.sh`).
enum RealWebServer {
    static func start(root: String) throws -> NginxGitServer {
        let missing = NginxGitServer.missingTools
        if !missing.isEmpty {
            let message =
                "nginx + fcgiwrap suite: \(missing.joined(separator: ", ")) not installed (run scripts/deps.sh)"
            let ci = (ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()
            if !["", "0", "false", "no"].contains(ci) {
                throw NSError(domain: "RealWebServer", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
            }
            throw XCTSkip(message)
        }
        return try NginxGitServer(root: root)
    }

    /// The body bytes nginx logged for the first request whose line contains `request` (waits for the line:
    /// nginx writes it when the request ends).
    static func bytesSent(_ server: NginxGitServer, _ request: String) throws -> Int {
        for _ in 0..<200 {
            // Combined log format: `… "POST /path HTTP/1.1" STATUS BYTES "referer" "agent"`.
            if let line = server.accessLog.first(where: { $0.contains("\"\(request) HTTP/1.1\" ") }) {
                let fields = line.components(separatedBy: "\" ")[1].split(separator: " ")
                return Int(fields[1]) ?? -1
            }
            usleep(50_000)
        }
        throw NSError(
            domain: "RealWebServer", code: 2, userInfo: [NSLocalizedDescriptionKey: "nginx logged no \(request)"])
    }

    /// Lines of nginx's access log for `POST <path>` answered 200: the request went through nginx.
    static func packRequests(_ server: NginxGitServer, _ path: String) -> [String] {
        server.accessLog.filter { $0.contains("\"POST /\(path)/git-upload-pack HTTP/1.1\" 200 ") }
    }
}

/// `repo add`, `repo update`, `repo use` and a stalled upstream through nginx. The official source of
/// `repo use` is `RepoCLITestCase`'s git server; nginx serves the same folder as the mirror.
final class RealWebServerRepoCLITests: RepoCLITestCase {
    var nginx: NginxGitServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        nginx = try RealWebServer.start(root: served.path)
    }

    override func tearDown() {
        nginx?.stop()
        nginx = nil
        super.tearDown()
    }

    func testRepoAddThenUpdateAfterANewCommit() throws {
        let url = nginx.url("specs.git")
        var out = try json(["repo", "add", "master", url])
        XCTAssertEqual(out["method"] as? String, "clone")
        try assertCocoaPodsClone(repos + "/master", url: url, head: official.head)
        XCTAssertEqual(leftovers(), [])
        XCTAssertEqual(RealWebServer.packRequests(nginx, "specs.git").count, 1, nginx.accessLog.joined(separator: "\n"))

        let old = official.head
        let new = try official.addCommits(5)
        XCTAssertEqual(try pm(["repo", "update", "master", "--check"]).status, 3)
        out = try json(["repo", "update", "master"])
        XCTAssertEqual(out["changed"] as? Bool, true)
        XCTAssertEqual(out["oldHead"] as? String, old)
        XCTAssertEqual(out["newHead"] as? String, new)
        try assertCocoaPodsClone(repos + "/master", url: url, head: new)
        XCTAssertEqual(try git(repos + "/master", ["ls-files"]), try git(official.work, ["ls-files"]))
        XCTAssertEqual(RealWebServer.packRequests(nginx, "specs.git").count, 2)

        out = try json(["repo", "update", "master"])
        XCTAssertEqual(out["changed"] as? Bool, false, "second run changes nothing")
        XCTAssertEqual(leftovers(), [])
    }

    func testRepoUseRepointsToTheNginxMirror() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let mirror = try official.mirror(named: "mirror", seed: "mir")
        try mirror.addCommits(4)
        let url = nginx.url("mirror.git")
        let out = try json(["repo", "use", url])
        XCTAssertEqual(out["method"] as? String, "repoint")
        XCTAssertEqual(out["oldHead"] as? String, official.head)
        XCTAssertEqual(out["newHead"] as? String, mirror.head)
        XCTAssertEqual(out["name"] as? String, "0-mirror")
        XCTAssertFalse(FileManager.default.fileExists(atPath: repos + "/master"))
        try assertCocoaPodsClone(repos + "/0-mirror", url: url, head: mirror.head)
        XCTAssertEqual(try git(repos + "/0-mirror", ["ls-files"]), try git(mirror.work, ["ls-files"]))
        XCTAssertEqual(
            RealWebServer.packRequests(nginx, "mirror.git").count, 1, nginx.accessLog.joined(separator: "\n"))
        XCTAssertEqual(leftovers(), [])

        XCTAssertEqual(try json(["repo", "use", url])["changed"] as? Bool, false, "second run changes nothing")
        XCTAssertEqual(try pm(["repo", "use", url, "--check"]).status, 0)
    }

    func testStalledUpstreamGivesUpWithinTheTimeoutAndWritesNothing() throws {
        _ = try SpecsFixture(root: served.path, name: "big", pods: 40, commits: 2, seed: "big", padding: 2000)
        nginx.stallAfterBytes = 20_000
        let start = Date()
        // 3 s, not 1: little reaches podmirror before pack-objects has counted and compressed (nginx's buffering
        // holds back the few bytes of progress), and under load that took over 1 s in about 1 run in 10 (libgit2
        // 1.8's CI stage failed so): the timeout hit before the pack began and nginx had sent 0 bytes.
        let r = try pm(["repo", "add", "master", nginx.stalledURL("big.git"), "--timeout", "3"])
        XCTAssertEqual(r.status, 4, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("no data from the server for 3 s"), r.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repos + "/master"))
        XCTAssertEqual(leftovers(), [])
        // The pack was under way through nginx when it stalled: nginx logs the bytes it sent once podmirror hung up.
        let sent = try RealWebServer.bytesSent(nginx, "POST /stall/big.git/git-upload-pack")
        XCTAssertGreaterThan(sent, 10_000, nginx.accessLog.joined(separator: "\n"))
        XCTAssertLessThan(sent, 20_000)

        nginx.stallAfterBytes = 0
        // An existing repo whose origin stalls: the update gives up and the repo is byte for byte as before.
        XCTAssertEqual(try pm(["repo", "add", "master", nginx.url("specs.git")]).status, 0)
        _ = try git(repos + "/master", ["remote", "set-url", "origin", nginx.stalledURL("specs.git")])
        try official.addCommits(3)
        let before = DirectorySnapshot(repos + "/master")
        let update = try pm(["repo", "update", "master", "--timeout", "1", "--json"])
        XCTAssertEqual(update.status, 4, update.stdout + update.stderr)
        let error = try PodmirrorBinary.json(update)["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "git.timeout")
        XCTAssertEqual(error?["exitStatus"] as? Int, 4)
        XCTAssertEqual(DirectorySnapshot(repos + "/master").differences(from: before), [])
        XCTAssertEqual(leftovers(), [])
    }
}

/// `pods fetch` of `:git`/`:tag` pods (and released pods whose podspecs point at git) served by nginx: the
/// cache entries are where CocoaPods 1.17.0 puts them and hold what `git clone` + checkout gives.
final class RealWebServerPodsFetchCLITests: XCTestCase {
    let bin = InProcessPodmirror()
    var tmp: TempDirectory!
    var nginx: NginxGitServer!
    var fixture: PodSourcesFixture!

    override func setUpWithError() throws {
        tmp = TempDirectory("pods-fetch-nginx")
        try FileManager.default.createDirectory(atPath: tmp.path + "/served", withIntermediateDirectories: true)
        nginx = try RealWebServer.start(root: tmp.path + "/served")
        fixture = try PodSourcesFixture(dir: tmp.path, base: "http://127.0.0.1:\(nginx.port)")
    }

    override func tearDown() {
        nginx?.stop()
        nginx = nil
        tmp = nil
    }

    var podsDir: String { fixture.home + "/Library/Caches/CocoaPods/Pods" }

    func fetch(_ extra: [String]) throws -> ProcessResult {
        try bin.run(
            ["pods", "fetch", "--project", fixture.project, "--cocoapods-version", "1.17.0"] + extra,
            home: fixture.home)
    }

    func pods(_ result: ProcessResult) throws -> [String: [String: Any]] {
        PodsFetchOutput.byName(try PodmirrorBinary.json(result))
    }

    func leftovers() -> [String] { PodsFetchOutput.leftovers(podsDir) }

    func assertEntry(
        _ pod: String, _ slug: String, equals reference: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(
            TreeSnapshot(podsDir + "/" + slug).differences(to: TreeSnapshot(reference)), [], slug, file: file,
            line: line)
    }

    func testGitPodsFillTheCacheLikeCocoaPodsAndASecondRunChangesNothing() throws {
        try fixture.writeLock(try fixture.podfileLock())
        let first = try fetch(["--json", "--jobs", "4"])
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        let byName = try pods(first)
        let base = fixture.base
        let (b, c) = (fixture.commits["PMGitB.main"]!, fixture.commits["PMGitC.third"]!)
        let externals = [
            ("PMGitA", "git=\(base)/podsrc/PMGitA.git-tag=1.0.0", "1.0.0"),
            ("PMGitB", "commit=\(b)-git=\(base)/podsrc/PMGitB.git", b),
            ("PMGitC", "commit=\(c)-git=\(base)/podsrc/PMGitC.git", c),
        ]
        for (pod, options, rev) in externals {
            XCTAssertEqual(byName[pod]?["status"] as? String, "fetched", pod)
            let slug = "External/\(pod)/" + DownloadSlugReference.md5(options)
            XCTAssertEqual(byName[pod]?["cachePath"] as? String, podsDir + "/" + slug)
            let reference = try fixture.referenceCheckout(pod, rev)
            assertEntry(pod, slug, equals: reference)
            // The spec CocoaPods writes (`to_pretty_json`): the same JSON object as the repository's.
            let cached = try XCTUnwrap(FileManager.default.contents(atPath: podsDir + "/Specs/\(slug).podspec.json"))
            let upstream = try XCTUnwrap(FileManager.default.contents(atPath: reference + "/\(pod).podspec.json"))
            XCTAssertEqual(
                try JSONSerialization.jsonObject(with: cached) as? NSDictionary,
                try JSONSerialization.jsonObject(with: upstream) as? NSDictionary, pod)
        }
        // Released pods whose podspecs point at nginx, PMSubm with its submodule (`../PMLib.git`) through nginx too.
        for pod in ["PMFoo", "PMBar", "PMSubm"] {
            let slug = "Release/\(pod)/1.0.0-\(try fixture.sha1(ofSpec: pod).prefix(5))"
            XCTAssertEqual(byName[pod]?["cachePath"] as? String, podsDir + "/" + slug)
            assertEntry(pod, slug, equals: try fixture.referenceCheckout(pod, "1.0.0", submodules: pod == "PMSubm"))
        }
        for repo in ["PMGitA", "PMGitB", "PMGitC", "PMFoo", "PMBar", "PMSubm", "PMLib"] {
            XCTAssertFalse(
                RealWebServer.packRequests(nginx, "podsrc/\(repo).git").isEmpty, "\(repo) came through nginx")
        }
        XCTAssertEqual(leftovers(), [])

        let before = TreeSnapshot(podsDir)
        let second = try fetch(["--json"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try PodmirrorBinary.json(second)["changed"] as? Bool, false)
        XCTAssertEqual(TreeSnapshot(podsDir).differences(to: before), [])
    }

    func testStalledUpstreamFailsThatPodOnlyWithinTheTimeout() throws {
        try fixture.writeLock(
            try fixture.podfileLock(gitURLOverride: ["PMGitA": nginx.stalledURL("podsrc/PMGitA.git")]))
        let start = Date()
        // 3 s: PMGitB comes through the same nginx, which may pass nothing on for over 1 s under load (above).
        let r = try fetch(["--json", "--timeout", "3", "--only", "PMGitA", "--only", "PMGitB"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        // `pods fetch` exits 1 when a pod failed, whatever the cause; the pod's own code says why.
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let byName = try pods(r)
        XCTAssertEqual(byName["PMGitA"]?["status"] as? String, "failed")
        XCTAssertEqual(byName["PMGitA"]?["errorCode"] as? String, "git.timeout")
        XCTAssertTrue((byName["PMGitA"]?["error"] as? String ?? "").contains("no data from the server for 3 s"))
        XCTAssertEqual(byName["PMGitB"]?["status"] as? String, "fetched")
        XCTAssertFalse(FileManager.default.fileExists(atPath: podsDir + "/External/PMGitA"), "no half-written entry")
        XCTAssertEqual(leftovers(), [])
    }
}
