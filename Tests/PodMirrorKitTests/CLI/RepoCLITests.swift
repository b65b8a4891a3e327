import Foundation
import PodMirrorTestSupport
import XCTest

/// Shared set-up for `podmirror repo ...` end-to-end tests: the built binary, a temporary HOME, repos
/// served by a real git smart-HTTP server on 127.0.0.1, results checked with the git CLI as the reference.
class RepoCLITestCase: XCTestCase {
    let bin = InProcessPodmirror()
    var home: TempDirectory!
    var served: TempDirectory!
    var server: GitHTTPServer!
    var official: SpecsFixture!

    var repos: String { home.sub(".cocoapods/repos") }

    override func setUpWithError() throws {
        home = TempDirectory("pm-home")
        served = TempDirectory("pm-served")
        official = try SpecsFixture(root: served.path, name: "specs", pods: 30, commits: 3, seed: "off")
        server = try GitHTTPServer(root: served.path)
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    @discardableResult
    func pm(_ args: [String], env: [String: String] = [:]) throws -> ProcessResult {
        try bin.run(args, home: home.path, extraEnvironment: env)
    }

    func json(_ args: [String], status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws
        -> [String: Any]
    {
        let r = try pm(args + ["--json"])
        XCTAssertEqual(r.status, status, "stdout: \(r.stdout)\nstderr: \(r.stderr)", file: file, line: line)
        return try PodmirrorBinary.json(r)
    }

    func git(_ repo: String, _ args: [String]) throws -> String {
        let r = try ProcessRunner.git(["-C", repo] + args)
        XCTAssertEqual(r.status, 0, "git \(args): \(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What CocoaPods needs of a clone, checked with git: origin URL, branch, tracking ref, fsck, clean.
    func assertCocoaPodsClone(
        _ path: String, url: String, head: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(try git(path, ["config", "--get", "remote.origin.url"]), url, file: file, line: line)
        XCTAssertEqual(try git(path, ["rev-parse", "--abbrev-ref", "HEAD"]), "master", file: file, line: line)
        XCTAssertEqual(try git(path, ["rev-parse", "HEAD"]), head, file: file, line: line)
        XCTAssertEqual(try git(path, ["rev-parse", "refs/remotes/origin/master"]), head, file: file, line: line)
        XCTAssertEqual(try git(path, ["status", "--porcelain"]), "", "clean status", file: file, line: line)
        XCTAssertEqual(
            try ProcessRunner.git(["-C", path, "fsck", "--no-progress"]).status, 0, "git fsck", file: file, line: line)
    }

    func leftovers() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: repos)) ?? []).filter { $0.hasPrefix(".podmirror") }
    }

}

final class RepoCLITests: RepoCLITestCase {
    func testAddListUpdateRemove() throws {
        let url = server.url("specs.git")
        var out = try json(["repo", "add", "master", url])
        XCTAssertEqual(out["command"] as? String, "repo add")
        XCTAssertEqual(out["method"] as? String, "clone")
        let path = repos + "/master"
        try assertCocoaPodsClone(path, url: url, head: official.head)
        XCTAssertEqual(leftovers(), [])

        out = try json(["repo", "list"])
        let list = try XCTUnwrap(out["repos"] as? [[String: Any]])
        XCTAssertEqual(list.count, 1)
        XCTAssertEqual(list[0]["name"] as? String, "master")
        XCTAssertEqual(list[0]["type"] as? String, "git")
        XCTAssertEqual(list[0]["branch"] as? String, "master")
        XCTAssertEqual(list[0]["head"] as? String, official.head)
        XCTAssertEqual(list[0]["url"] as? String, url)

        // Nothing new: unchanged, and --check agrees.
        out = try json(["repo", "update"])
        XCTAssertEqual(out["changed"] as? Bool, false)
        XCTAssertEqual(try pm(["repo", "update", "--check"]).status, 0)

        let old = official.head
        let new = try official.addCommits(5)
        let check = try pm(["repo", "update", "master", "--check"])
        XCTAssertEqual(check.status, 3, check.stdout + check.stderr)
        XCTAssertEqual(try git(path, ["rev-parse", "HEAD"]), old, "--check changes nothing")

        try FileManager.default.createDirectory(
            atPath: home.sub("Library/Caches/CocoaPods"), withIntermediateDirectories: true)
        try home.write("Library/Caches/CocoaPods/search_index.json", "{}")
        out = try json(["repo", "update", "master"])
        XCTAssertEqual(out["changed"] as? Bool, true)
        XCTAssertEqual(out["oldHead"] as? String, old)
        XCTAssertEqual(out["newHead"] as? String, new)
        try assertCocoaPodsClone(path, url: url, head: new)
        XCTAssertEqual(
            try git(path, ["ls-files"]), try git(official.work, ["ls-files"]), "deleted and added specs follow")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.sub("Library/Caches/CocoaPods/search_index.json")))

        out = try json(["repo", "update", "master"])
        XCTAssertEqual(out["changed"] as? Bool, false, "second run changes nothing")

        let text = try pm(["repo", "list"])
        XCTAssertTrue(text.stdout.contains("- Type: git (master)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("1 repo"), text.stdout)

        out = try json(["repo", "remove", "master"])
        XCTAssertEqual(out["changed"] as? Bool, true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(leftovers(), [])
    }

    func testUpdateSkipsCDNAndPlainFolders() throws {
        try home.write(".cocoapods/repos/trunk/.url", "https://cdn.cocoapods.org/")
        try home.write(".cocoapods/repos/local/Specs/A/1.0/A.podspec", "x")
        let out = try json(["repo", "update"])
        let warnings = (out["warnings"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
        XCTAssertEqual(Set(warnings), ["repo.skip-cdn", "repo.skip-dir"])
        let list = try json(["repo", "list"])["repos"] as? [[String: Any]]
        XCTAssertEqual(list?.map { $0["type"] as? String }, ["dir", "cdn"])
    }

    func testBadNamesAndExistingNameAreRejected() throws {
        let url = server.url("specs.git")
        for bad in ["a/b", "..", ".x", ""] {
            let r = try pm(["repo", "add", bad, url])
            XCTAssertEqual(r.status, 2, "\(bad): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("invalid repo name"), r.stderr)
        }
        XCTAssertEqual(try pm(["repo", "add", "mine", url]).status, 0)
        let before = try git(repos + "/mine", ["rev-parse", "HEAD"])
        // The same name and URL again is what is there: ok, exit 0, nothing changed.
        let same = try json(["repo", "add", "mine", url])
        XCTAssertEqual(same["changed"] as? Bool, false)
        XCTAssertEqual(same["method"] as? String, "none")
        let r = try pm(["repo", "add", "mine", server.url("other.git")])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("already exists"), r.stderr)
        XCTAssertEqual(try git(repos + "/mine", ["rev-parse", "HEAD"]), before)
        let ext = try pm(["repo", "add", "evil", "ext::sh -c touch% /tmp/pm-pwned"])
        XCTAssertEqual(ext.status, 2, ext.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repos + "/evil"))
    }

    func testAddRefusesTheCDNAsRepoUseDoesAndBothNameAMissingPath() throws {
        let url = server.url("specs.git")
        // The CDN by name, by URL, or `trunk` as the name: the refusal `repo use trunk` gives, before the URL.
        let use = try pm(["repo", "use", "trunk"])
        XCTAssertEqual(use.status, 2, use.stderr)
        for args in [["cdn", "trunk"], ["cdn", "https://cdn.cocoapods.org/"], ["trunk", "x"], ["trunk", url]] {
            let r = try pm(["repo", "add"] + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("is the trunk CDN; CocoaPods reads it without a clone"), r.stderr)
            XCTAssertFalse(r.stderr.contains("'x'"), r.stderr)
        }
        // A local path that is not there is named as such by `repo add` and `repo use` alike, before any clone.
        for missing in ["/nonexistent/Specs.git", "file:///nonexistent/Specs.git"] {
            for args in [["repo", "add", "x", missing], ["repo", "use", missing]] {
                let r = try pm(args)
                XCTAssertEqual(r.status, 1, "\(args): \(r.stderr)")
                XCTAssertTrue(
                    r.stderr.contains("open \(missing) failed: no such folder: /nonexistent/Specs.git"), r.stderr)
                XCTAssertFalse(r.stderr.contains("unsupported URL protocol"), r.stderr)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: repos + "/x"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: repos + "/cdn"))
        // A mistyped mirror name gets the nearest one.
        let typo = try pm(["repo", "use", "tunna"])
        XCTAssertEqual(typo.status, 2, typo.stderr)
        XCTAssertTrue(typo.stderr.contains("did you mean `tuna`?"), typo.stderr)
        let gems = try pm(["gems", "source", "use", "ruby-chian", "--dry-run"])
        XCTAssertTrue(gems.stderr.contains("did you mean `ruby-china`?"), gems.stderr)
    }

    func testProgressIsPlainLinesWhenStderrIsNotATerminal() throws {
        let url = server.url("specs.git")
        // The interval is 10 s by default: a clone this small prints none.
        let quiet = try pm(["repo", "add", "quiet", url])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "", quiet.stderr)
        let r = try pm(["repo", "add", "loud", url], env: ["PODMIRROR_PROGRESS_INTERVAL": "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("receiving objects [") || $0.hasPrefix("checking out files [") }, r.stderr)
        XCTAssertFalse(r.stderr.contains("\r") || r.stderr.contains("\u{1B}"), "no redraw: \(r.stderr)")
    }

    func testDryRunChangesNothing() throws {
        let r = try pm(["repo", "add", "master", server.url("specs.git"), "--dry-run"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("would change"), r.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repos + "/master"))
    }

    func testCredentialsAreRedactedInTextAndJSON() throws {
        let url = server.url("specs.git", userinfo: "bob:s3cr3t")
        let add = try pm(["repo", "add", "priv", url, "--json"])
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertFalse(add.stdout.contains("s3cr3t") || add.stderr.contains("s3cr3t"), add.stdout)
        XCTAssertEqual(
            try git(repos + "/priv", ["config", "--get", "remote.origin.url"]), url, "origin keeps the exact URL")
        for args in [
            ["repo", "list"], ["repo", "list", "--json"], ["repo", "update", "--json"], ["repo", "update"],
        ] {
            let r = try pm(args)
            XCTAssertFalse(
                r.stdout.contains("s3cr3t") || r.stderr.contains("s3cr3t"), "\(args): \(r.stdout)\(r.stderr)")
        }
        XCTAssertTrue(try pm(["repo", "list"]).stdout.contains("http://***@127.0.0.1"))
        server.setFault(.http500)
        try official.addCommits(1)
        for args in [["repo", "update", "priv"], ["repo", "update", "priv", "--json"]] {
            let r = try pm(args)
            XCTAssertEqual(r.status, 4, r.stdout + r.stderr)
            XCTAssertFalse(r.stdout.contains("s3cr3t") || r.stderr.contains("s3cr3t"), r.stdout + r.stderr)
            XCTAssertTrue(
                (r.stdout + r.stderr).contains("127.0.0.1"), "the error names the URL: \(r.stdout)\(r.stderr)")
        }
    }
}
