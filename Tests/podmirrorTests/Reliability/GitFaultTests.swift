import Foundation
import PodMirrorTestSupport
import XCTest

/// Network faults while cloning and fetching spec repos, made with the real git smart-HTTP server on
/// 127.0.0.1 (`GitHTTPServer`): a killed server, HTTP 500 and 404, a truncated or corrupt pack, a
/// stalled server, a mirror with unrelated history, redirects. Each: exit 4 (network) or 1, a message
/// naming the cause, the HOME (repos dir included) byte-identical, no temporary folder left.
final class GitFaultTests: GitServerTestCase {
    func pm(_ args: [String], env: [String: String] = [:]) throws -> ProcessResult {
        try bin.run(args, home: home.path, extraEnvironment: env)
    }

    /// A first clone that works, so faults can hit an update of an existing repo.
    func cloned() throws -> String {
        let r = try pm(["repo", "add", "specs", server.url("specs.git")])
        XCTAssertEqual(r.status, 0, r.stderr)
        return repos + "/specs"
    }

    func testServerKilledMidCloneLeavesNothing() throws {
        try FileManager.default.createDirectory(atPath: repos, withIntermediateDirectories: true)
        let before = TreeSnapshot(home.path)
        server.setFault(.killAfter(bytes: 30_000))
        let r = try pm(["repo", "add", "specs", server.url("specs.git")])
        assertFailedCleanly(r, status: 4, mentions: ["127.0.0.1"], before: before, allowing: lockFile)
    }

    func testTruncatedPackMidCloneLeavesNothing() throws {
        let before = TreeSnapshot(home.path)
        server.setFault(.truncateAfter(bytes: 30_000))
        let r = try pm(["repo", "add", "specs", server.url("specs.git")])
        assertFailedCleanly(r, status: 4, mentions: ["127.0.0.1"], before: before, allowing: lockFile)
    }

    func testCorruptPackIsRefusedAndLeavesNothing() throws {
        let before = TreeSnapshot(home.path)
        server.setFault(.corruptAt(byte: 20_000))
        let r = try pm(["repo", "add", "specs", server.url("specs.git")])
        XCTAssertNotEqual(r.status, 0, "a corrupt pack must never give a clone: \(r.stdout)")
        assertFailedCleanly(
            r, status: r.status == 1 ? 1 : 4, mentions: ["127.0.0.1"], before: before, allowing: lockFile)
    }

    func testHTTP500And404AreNetworkErrorsNamingTheStatus() throws {
        let before = TreeSnapshot(home.path)
        server.setFault(.http500)
        var r = try pm(["repo", "add", "specs", server.url("specs.git")])
        assertFailedCleanly(r, status: 4, mentions: ["500"], before: before, allowing: lockFile)
        server.setFault(.none)
        r = try pm(["repo", "add", "specs", server.url("nosuch.git"), "--json"])
        assertFailedCleanly(r, status: 4, mentions: ["404"], before: before, allowing: lockFile)
        XCTAssertEqual((try PodmirrorBinary.json(r)["error"] as? [String: Any])?["exitStatus"] as? Int, 4)
    }

    func testRefusedConnectionIsANetworkError() throws {
        // Nothing listens on port 9 of 127.0.0.1 (was exit 1: libgit2 reports it as an OS error).
        let before = TreeSnapshot(home.path)
        let r = try pm(["repo", "add", "specs", "http://127.0.0.1:9/specs.git"])
        assertFailedCleanly(
            r, status: 4, mentions: ["127.0.0.1", "Connection refused"], before: before, allowing: lockFile)
    }

    func testSSHToAClosedPortIsANetworkErrorAndLeavesNothing() throws {
        // The ssh transport (libssh2 inside libgit2): no server on port 9, so the connection is refused
        // before any authentication; no key or agent is consulted.
        let before = TreeSnapshot(home.path)
        for url in ["ssh://git@127.0.0.1:9/specs.git", "ssh://user:secret@127.0.0.1:9/specs.git"] {
            let r = try pm(["repo", "add", "specs", url])
            assertFailedCleanly(r, status: 4, mentions: ["127.0.0.1"], before: before, allowing: lockFile)
            XCTAssertFalse((r.stdout + r.stderr).contains("secret"), r.stderr)
        }
    }

    func testStalledServerTimesOutAsConfigured() throws {
        let before = TreeSnapshot(home.path)
        server.setFault(.stallAfter(bytes: 30_000))
        let run = try RunningPodmirror(
            bin, ["repo", "add", "specs", server.url("specs.git"), "--timeout", "2"], home: home.path)
        let (r, seconds) = run.wait(timeout: 60)
        XCTAssertLessThan(seconds, 30, "the stall timeout (2 s) must fire")
        assertFailedCleanly(r, status: 4, mentions: ["127.0.0.1"], before: before, allowing: lockFile)
        XCTAssertTrue(
            r.stderr.lowercased().contains("stall") || r.stderr.lowercased().contains("timed out")
                || r.stderr.lowercased().contains("timeout"), r.stderr)
    }

    func testStallTimeoutFromEnvironment() throws {
        let before = TreeSnapshot(home.path)
        server.setFault(.stallAfter(bytes: 30_000))
        let run = try RunningPodmirror(
            bin, ["repo", "add", "specs", server.url("specs.git")], home: home.path,
            extra: ["PODMIRROR_GIT_TIMEOUT": "2"])
        let (r, seconds) = run.wait(timeout: 60)
        XCTAssertLessThan(seconds, 30)
        assertFailedCleanly(r, status: 4, mentions: ["127.0.0.1"], before: before, allowing: lockFile)
    }

    func testServerKilledMidFetchKeepsTheRepoByteIdentical() throws {
        let repo = try cloned()
        try specs.addCommits(5)
        for fault in [GitHTTPServer.Fault.killAfter(bytes: 2_000), .truncateAfter(bytes: 2_000), .http500] {
            if !server.isRunning { server = try GitHTTPServer(root: served.path); rewireOrigin(repo) }
            let before = TreeSnapshot(home.path)
            server.setFault(fault)
            let r = try pm(["repo", "update", "specs"])
            XCTAssertEqual(r.status, 4, "\(fault): \(r.stderr)")
            assertUnchanged(before, allowing: lockFile)
        }
    }

    /// After a restart the server has a new port: point the clone's origin there (with the git CLI, reference tool).
    func rewireOrigin(_ repo: String) {
        _ = try? ProcessRunner.git(["-C", repo, "remote", "set-url", "origin", server.url("specs.git")])
    }

    func testUnrelatedHistoryMirrorIsClonedAsideAndAFaultKeepsTheOldRepo() throws {
        // `repo use` a "mirror" with no common history: a fresh clone is built aside; killed mid-way,
        // the old repo stays byte-identical; completed, it replaces the old one whole.
        let repo = try cloned()
        let other = try SpecsFixture(
            root: served.path, name: "other", pods: 40, commits: 2, seed: "zzz", padding: 6_000)
        let before = TreeSnapshot(home.path)
        server.setFault(.killAfter(bytes: 30_000))
        var r = try pm(["repo", "use", server.url("other.git"), "--name", "specs"])
        assertFailedCleanly(r, status: 4, mentions: ["127.0.0.1"], before: before, allowing: lockFile)
        server = try GitHTTPServer(root: served.path)
        r = try pm(["repo", "use", server.url("other.git"), "--name", "specs"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            try ProcessRunner.git(["-C", repo, "rev-parse", "HEAD"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines), other.head)
        XCTAssertEqual(try ProcessRunner.git(["-C", repo, "fsck", "--no-progress"]).status, 0)
        XCTAssertEqual(TreeSnapshot(home.path).leftovers, [])
    }

    func testRedirectOnTheFirstRequestKeepsTheUserURLAsOrigin() throws {
        // A mirror that moved: its /info/refs answers 302 to the real server under another host name.
        let target = "http://localhost:\(server.port)/specs.git/info/refs?service=git-upload-pack"
        let redirector = try StaticHTTPServer(routes: [
            "/specs.git/info/refs?service=git-upload-pack":
                .init(status: 302, headers: ["Location": target])
        ])
        defer { redirector.stop() }
        let url = redirector.url + "/specs.git"
        let r = try pm(["repo", "add", "specs", url])
        if r.status == 0 {
            // Followed like git does (http.followRedirects=initial); CocoaPods matches Podfiles against origin.
            let origin = try ProcessRunner.git(["-C", repos + "/specs", "config", "--get", "remote.origin.url"]).stdout
            XCTAssertEqual(origin.trimmingCharacters(in: .whitespacesAndNewlines), url)
        } else {
            XCTAssertEqual(r.status, 4, r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: repos + "/specs"))
        }
    }

    func testRedirectToAnotherTransportIsRefused() throws {
        let before = TreeSnapshot(home.path)
        for location in ["file://\(specs.bare)", "ext::sh -c touch% /tmp/podmirror-pwned"] {
            let redirector = try StaticHTTPServer(routes: [
                "/specs.git/info/refs?service=git-upload-pack":
                    .init(status: 302, headers: ["Location": location])
            ])
            let r = try pm(["repo", "add", "specs", redirector.url + "/specs.git"])
            redirector.stop()
            assertFailedCleanly(r, status: 4, mentions: ["127.0.0.1"], before: before, allowing: lockFile)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/podmirror-pwned"))
    }
}

/// The repos dir as a place: not writable, a symlink, a file-size limit while cloning.
final class ReposDirFaultTests: GitServerTestCase {
    func testReposDirNotWritableFailsNamingItAndChangesNothing() throws {
        try FileManager.default.createDirectory(atPath: repos, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: repos + "/Spec_Lock", contents: nil))
        try makeReadOnly(repos)
        let before = TreeSnapshot(home.path)
        let r = try bin.run(["repo", "add", "specs", server.url("specs.git")], home: home.path)
        assertFailedCleanly(r, status: 1, mentions: [repos], before: before)
    }

    func testSymlinkedReposDirClonesIntoTheTargetAndKeepsTheLink() throws {
        let elsewhere = TempDirectory("rel-repos-target")
        try FileManager.default.createDirectory(atPath: home.sub(".cocoapods"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: repos, withDestinationPath: elsewhere.path)
        var r = try bin.run(["repo", "add", "specs", server.url("specs.git")], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(TreeSnapshot(repos).entries[""], .symlink(target: elsewhere.path))
        XCTAssertEqual(
            try ProcessRunner.git(["-C", elsewhere.sub("specs"), "rev-parse", "HEAD"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines), specs.head)
        try specs.addCommits(2)
        r = try bin.run(["repo", "update", "specs"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            try ProcessRunner.git(["-C", elsewhere.sub("specs"), "rev-parse", "HEAD"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines), specs.head)
        XCTAssertEqual(TreeSnapshot(repos).entries[""], .symlink(target: elsewhere.path))
        XCTAssertEqual(TreeSnapshot(elsewhere.path).leftovers, [])
    }

    func testFileSizeLimitWhileCloningLeavesNothing() throws {
        let before = TreeSnapshot(home.path)
        // 64 KB: the pack (a few hundred KB) cannot be written.
        let r = try runWithFileSizeLimit(
            blocks: 128, ["repo", "add", "specs", server.url("specs.git")], home: home.path)
        XCTAssertNotEqual(r.status, 0)
        assertFailedCleanly(r, status: r.status == 4 ? 4 : 1, mentions: ["specs"], before: before, allowing: lockFile)
        XCTAssertTrue(r.stderr.lowercased().contains("too large") || r.stderr.lowercased().contains("write"), r.stderr)
    }
}
