import Foundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// `podmirror pods fetch` / `pods list` end to end: the built binary, a temp HOME, pod sources on a
/// loopback git smart-HTTP server.
final class PodsFetchCLITests: XCTestCase {
    let bin = InProcessPodmirror()
    var tmp: TempDirectory!
    var server: GitHTTPServer!
    var fixture: PodSourcesFixture!

    override func setUpWithError() throws {
        tmp = TempDirectory("pods-fetch-cli")
        try FileManager.default.createDirectory(atPath: tmp.path + "/served", withIntermediateDirectories: true)
        server = try GitHTTPServer(root: tmp.path + "/served")
        fixture = try PodSourcesFixture(dir: tmp.path, base: "http://127.0.0.1:\(server.port)")
    }

    override func tearDown() {
        server?.stop()
        server = nil
        tmp = nil
    }

    var podsDir: String { fixture.home + "/Library/Caches/CocoaPods/Pods" }

    func fetch(_ extra: [String] = [], env: [String: String] = [:]) throws -> ProcessResult {
        try bin.run(
            ["pods", "fetch", "--project", fixture.project, "--cocoapods-version", "1.17.0"] + extra,
            home: fixture.home, extraEnvironment: env)
    }

    func leftovers() -> [String] { PodsFetchOutput.leftovers(podsDir) }

    func pods(_ json: [String: Any]) -> [String: [String: Any]] { PodsFetchOutput.byName(json) }

    func testGlobalInsteadOfRuleRewritesAnArchiveURLShownInJSON() throws {
        let origin = try ArchiveHTTPServer()
        let mirror = try ArchiveHTTPServer()
        defer { origin.stop(); mirror.stop() }
        let archives = try fixture.addArchivePods(archiveBase: origin.url + "/dl")
        for (path, bytes) in archives { mirror.serve("/mirror" + path, bytes) }
        try fixture.writeLock(try fixture.podfileLock(extraPods: [("PMHttp", "1.0.0"), ("PMTgz", "1.0.0")]))
        // The rule as `git config --global` writes it in the test HOME (the `git` CLI as the reference writer).
        var env = bin.environment(home: fixture.home)
        env.removeValue(forKey: "GIT_CONFIG_GLOBAL")
        let set = try ProcessRunner.git(
            [
                "config", "--global", "url.\(mirror.url)/mirror/.insteadOf",
                origin.url + "/dl/",
            ], environment: env)
        XCTAssertEqual(set.status, 0, set.stderr)
        let r = try fetch(["--json", "--only", "PMHttp", "--only", "PMTgz"])
        XCTAssertEqual(r.status, 0, r.stderr + r.stdout)
        let byName = pods(try PodmirrorBinary.json(r))
        XCTAssertEqual(byName["PMHttp"]?["url"] as? String, mirror.url + "/mirror/PMHttp-1.0.0.zip")
        XCTAssertEqual(byName["PMTgz"]?["url"] as? String, mirror.url + "/mirror/PMTgz-1.0.0.tar.gz")
        XCTAssertEqual(byName["PMHttp"]?["kind"] as? String, "http")
        XCTAssertEqual(byName["PMTgz"]?["status"] as? String, "fetched")
        XCTAssertEqual(origin.requests.count, 0)
        XCTAssertEqual(Set(mirror.requests.map(\.path)), ["/mirror/PMHttp-1.0.0.zip", "/mirror/PMTgz-1.0.0.tar.gz"])
        XCTAssertEqual(leftovers(), [])
    }

    func testVerboseSaysWhenACommitComesWithItsFullHistory() throws {
        // PMGitC pinned to its second commit, which no ref points at; the server does not offer commits by id.
        let third = try XCTUnwrap(fixture.commits["PMGitC.third"])
        let commit = try XCTUnwrap(fixture.commits["PMGitC.main"])
        try fixture.writeLock(try fixture.podfileLock().replacingOccurrences(of: third, with: commit))
        let url = fixture.base + "/podsrc/PMGitC.git"
        let r = try fetch(["--only", "PMGitC", "--verbose", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(pods(try PodmirrorBinary.json(r))["PMGitC"]?["status"] as? String, "fetched")
        guard Libgit2.supportsShallow else {
            // Below 1.7 podmirror's own fetch asks for the commit as `git fetch --depth 1 URL SHA` does, which
            // git's http-backend answers over stateless HTTP: nothing is refused.
            XCTAssertFalse(r.stderr.contains("did not send commit"), r.stderr)
            return
        }
        XCTAssertTrue(
            r.stderr.contains("git: \(url) did not send commit \(commit) by its id ("), r.stderr)
        XCTAssertTrue(r.stderr.contains("fetching its branches and tags in full"), r.stderr)
        try FileManager.default.removeItem(atPath: podsDir)
        let zh = try fetch(["--only", "PMGitC", "--verbose", "--lang", "zh-Hans"])
        XCTAssertEqual(zh.status, 0, zh.stderr)
        XCTAssertTrue(zh.stderr.contains("git：\(url) 未按 ID 发送提交 \(commit)"), zh.stderr)
    }

    func testJSONPerPodThenSecondRunChangesNothing() throws {
        try fixture.writeLock(try fixture.podfileLock())
        let check = try fetch(["--check"])
        XCTAssertEqual(check.status, 3, check.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: podsDir))

        let first = try fetch(["--json", "--jobs", "4"])
        XCTAssertEqual(first.status, 0, first.stderr + first.stdout)
        let json = try PodmirrorBinary.json(first)
        XCTAssertEqual(json["changed"] as? Bool, true)
        XCTAssertNotNil(json["warnings"] as? [Any])
        let byName = pods(json)
        XCTAssertEqual(byName["PMGitA"]?["status"] as? String, "fetched")
        XCTAssertEqual(byName["PMGitA"]?["kind"] as? String, "git")
        XCTAssertEqual(byName["PMGitA"]?["url"] as? String, fixture.base + "/podsrc/PMGitA.git")
        XCTAssertEqual(
            (byName["PMGitA"]?["cachePath"] as? String).map { ($0 as NSString).lastPathComponent },
            DownloadSlugReference.md5("git=\(fixture.base)/podsrc/PMGitA.git-tag=1.0.0"))
        XCTAssertEqual(byName["PMFoo"]?["specRepo"] as? String, "sharded")
        XCTAssertTrue(byName["PMGitA"]?["specRepo"] is NSNull)
        XCTAssertEqual(byName["PMLocal"]?["status"] as? String, "skipped")
        XCTAssertTrue(byName["PMLocal"]?["error"] is NSNull)
        XCTAssertGreaterThan(byName["PMFoo"]?["bytes"] as? Int ?? 0, 0)
        // Each download's own time, not 0 (it was set after the result had been returned).
        XCTAssertGreaterThan(byName["PMFoo"]?["seconds"] as? Double ?? 0, 0)
        XCTAssertGreaterThan(byName["PMGitA"]?["seconds"] as? Double ?? 0, 0)
        XCTAssertEqual(leftovers(), [])

        let before = TreeSnapshot(podsDir)
        let second = try fetch(["--json"])
        XCTAssertEqual(second.status, 0, second.stderr)
        let again = try PodmirrorBinary.json(second)
        XCTAssertEqual(again["changed"] as? Bool, false)
        XCTAssertEqual(pods(again)["PMFoo"]?["status"] as? String, "cached")
        XCTAssertEqual(TreeSnapshot(podsDir).differences(to: before), [])
        XCTAssertEqual(try fetch(["--check"]).status, 0)

        let list = try bin.run(["pods", "list", "--project", fixture.project], home: fixture.home)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("cached    PMFoo 1.0.0"), list.stdout)
    }

    func testListAndDryRunSayTheyWouldWriteVersionAndWriteNothing() throws {
        try fixture.writeLock(try fixture.podfileLock())
        let env = ["PATH": "/usr/bin:/bin"]
        func run(_ args: [String]) throws -> ProcessResult {
            try bin.run(args + ["--project", fixture.project], home: fixture.home, extraEnvironment: env)
        }
        let would = "would write CocoaPods version 1.17.0 to the cache's VERSION (taken from `Podfile.lock`)"
        for args in [["pods", "list"], ["pods", "fetch", "--dry-run"]] {
            let r = try run(args)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stderr.contains(would), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("writing"), r.stderr)
            let json = try PodmirrorBinary.json(try run(args + ["--json"]))
            XCTAssertEqual(json["versionSource"] as? String, "Podfile.lock")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: podsDir + "/VERSION"))
        let applied = try run(["pods", "fetch"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertTrue(applied.stderr.contains("writing CocoaPods version 1.17.0"), applied.stderr)
        XCTAssertEqual(try String(contentsOfFile: podsDir + "/VERSION", encoding: .utf8), "1.17.0")
        let list = try run(["pods", "list"])
        // VERSION already holds it: nothing to warn about (it was named on every run).
        XCTAssertFalse(list.stderr.contains("VERSION"), list.stderr)
        let json = try PodmirrorBinary.json(try run(["pods", "list", "--json"]))
        XCTAssertEqual(json["versionSource"] as? String, "cache VERSION")
    }

    func testCredentialsInSourceURLsAreNeverPrinted() throws {
        let secretURL = server.url("podsrc/PMGitA.git", userinfo: "robot:s3cr3tpass")
        let missingTag = server.url("podsrc/PMGitB.git", userinfo: "robot:s3cr3tpass")
        var text = try fixture.podfileLock(gitURLOverride: ["PMGitA": secretURL])
        text = text.replacingOccurrences(of: ":git: \(fixture.base)/podsrc/PMGitB.git", with: ":git: \(missingTag)")
        text = text.replacingOccurrences(
            of: ":commit: \(fixture.commits["PMGitB.main"]!)", with: ":commit: " + String(repeating: "0", count: 40))
        try fixture.writeLock(text)
        for args in [["--json"], []] {
            let r = try fetch(args)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertFalse((r.stdout + r.stderr).contains("s3cr3tpass"), r.stdout + r.stderr)
        }
        let json = try PodmirrorBinary.json(try fetch(["--json"]))
        XCTAssertEqual(pods(json)["PMGitA"]?["url"] as? String, "http://***@127.0.0.1:\(server.port)/podsrc/PMGitA.git")
        XCTAssertEqual(pods(json)["PMGitB"]?["status"] as? String, "failed")
    }

    func testTwoFetchesAtOnceBothSucceedAndTheCacheIsComplete() throws {
        try fixture.writeLock(try fixture.podfileLock())
        let group = DispatchGroup()
        final class Box: @unchecked Sendable { var results: [ProcessResult] = []; let lock = NSLock() }
        let box = Box()
        for _ in 0..<2 {
            group.enter()
            // Two processes: the cache's locks are taken between processes (the test of the process itself).
            let run: @Sendable () -> Void = { [binary = PodmirrorBinary(), fixture] in
                let r = try? binary.run(
                    ["pods", "fetch", "--project", fixture!.project, "--cocoapods-version", "1.17.0", "--json"],
                    home: fixture!.home)
                box.lock.lock(); if let r { box.results.append(r) }; box.lock.unlock()
                group.leave()
            }
            Thread { run() }.start()
        }
        group.wait()
        XCTAssertEqual(box.results.map(\.status), [0, 0], box.results.map(\.stderr).joined())
        let statuses = try box.results.map { try pods(PodmirrorBinary.json($0))["PMFoo"]?["status"] as? String }
        XCTAssertTrue(statuses.allSatisfy { $0 == "fetched" || $0 == "cached" }, "\(statuses)")
        XCTAssertEqual(leftovers(), [])
        let third = try PodmirrorBinary.json(try fetch(["--json"]))
        XCTAssertEqual(third["changed"] as? Bool, false)
    }

    func testSIGINTMidFetchExits130AndLeavesNoPartialEntry() throws {
        let stalled = try GitHTTPServer(root: fixture.root)
        defer { stalled.stop() }
        stalled.setFault(.stallAfter(bytes: 0))
        try fixture.writeLock(try fixture.podfileLock(gitURLOverride: ["PMGitA": stalled.url("podsrc/PMGitA.git")]))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: bin.path)
        p.arguments = [
            "pods", "fetch", "--project", fixture.project, "--cocoapods-version", "1.17.0", "--jobs", "1",
            "--only", "PMGitA",
        ]
        p.environment = bin.environment(home: fixture.home)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        Thread.sleep(forTimeInterval: 2.5)
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 130)
        XCTAssertFalse(FileManager.default.fileExists(atPath: podsDir + "/External/PMGitA"))
        XCTAssertEqual(leftovers(), [])
    }

    func testUnknownOnlyNameIsAUsageError() throws {
        try fixture.writeLock(try fixture.podfileLock())
        let r = try fetch(["--only", "Nope"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("Nope"), r.stderr)
    }
}
