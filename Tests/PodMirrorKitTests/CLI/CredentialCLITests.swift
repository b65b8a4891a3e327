import Foundation
import PodMirrorTestSupport
import XCTest

/// A password in a repo's URL: kept where git keeps it (`remote.origin.url`), nowhere else podmirror writes,
/// and never printed, whatever characters it holds.
final class CredentialCLITests: RepoCLITestCase {
    /// The files under `.git` (objects aside) whose bytes hold `secret`.
    func files(in gitDir: String, holding secret: String) -> [String] {
        let names = FileManager.default.enumerator(atPath: gitDir)?.compactMap { $0 as? String } ?? []
        return names.filter { name in
            !name.hasPrefix("objects/")
                && (FileManager.default.contents(atPath: gitDir + "/" + name).map {
                    String(decoding: $0, as: UTF8.self).contains(secret)
                } ?? false)
        }.sorted()
    }

    func testThePasswordStaysOutOfReflogsAndFetchHeadAsWithGit() throws {
        let url = server.url("specs.git", userinfo: "bob:s3cr3t-pw")
        let added = try pm(["repo", "add", "priv", url])
        XCTAssertEqual(added.status, 0, added.stderr)
        try official.addCommits(1)
        let updated = try pm(["repo", "update", "priv"])
        XCTAssertEqual(updated.status, 0, updated.stderr)
        let gitDir = repos + "/priv/.git"
        XCTAssertTrue(FileManager.default.fileExists(atPath: gitDir + "/FETCH_HEAD"), "repo update fetched")
        XCTAssertEqual(files(in: gitDir, holding: "s3cr3t-pw"), ["config"])
        XCTAssertEqual(try git(repos + "/priv", ["config", "--get", "remote.origin.url"]), url)
        let reflog = try String(contentsOfFile: gitDir + "/logs/HEAD", encoding: .utf8)
        XCTAssertTrue(reflog.contains("clone: from \(server.url("specs.git"))"), reflog)

        // git itself: the same files, for the same URL.
        let reference = home.sub("reference")
        XCTAssertEqual(try ProcessRunner.git(["clone", "-q", url, reference]).status, 0)
        XCTAssertEqual(try ProcessRunner.git(["-C", reference, "fetch", "-q"]).status, 0)
        XCTAssertEqual(files(in: reference + "/.git", holding: "s3cr3t-pw"), ["config"])
    }

    /// The files under `folder` (a clone: work tree and `.git`, objects aside) whose bytes hold `secret`.
    func everyFile(in folder: String, holding secret: String) -> [String] {
        files(in: folder, holding: secret).filter { !$0.hasPrefix(".git/objects/") }
    }

    /// A `git://` URL with a password (issue #28): before, only http(s) URLs lost their userinfo, so the clone
    /// wrote `clone: from git://bob:<password>@…` into three reflogs. As git does with http(s) URLs, only
    /// `remote.origin.url` keeps it.
    func testAGitProtocolPasswordStaysOutOfReflogsAsWithGit() throws {
        guard let daemon = try GitDaemon.start(root: served.path) else { throw XCTSkip("no git daemon") }
        defer { daemon.stop() }
        let url = daemon.url("specs.git", userinfo: "bob:g1t-s3cr3t")
        for extra in [["--verbose"], ["--json"]] {
            let r = try pm(["repo", "add", "priv\(extra[0].count)", url] + extra)
            XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
            XCTAssertFalse((r.stdout + r.stderr).contains("g1t-s3cr3t"), r.stdout + r.stderr)
        }
        try official.addCommits(1)
        let updated = try pm(["repo", "update", "priv9", "--verbose"])
        XCTAssertEqual(updated.status, 0, updated.stderr)
        XCTAssertFalse((updated.stdout + updated.stderr).contains("g1t-s3cr3t"), updated.stdout + updated.stderr)
        XCTAssertEqual(try git(repos + "/priv9", ["rev-parse", "HEAD"]), official.head)
        XCTAssertEqual(everyFile(in: repos + "/priv9", holding: "g1t-s3cr3t"), [".git/config"])
        XCTAssertEqual(everyFile(in: repos + "/priv6", holding: "g1t-s3cr3t"), [".git/config"])
        XCTAssertEqual(try git(repos + "/priv9", ["config", "--get", "remote.origin.url"]), url)
        let reflog = try String(contentsOfFile: repos + "/priv9/.git/logs/HEAD", encoding: .utf8)
        XCTAssertTrue(reflog.contains("clone: from \(daemon.url("specs.git", userinfo: "bob"))"), reflog)
        // (git itself cannot be the reference here: it takes `bob:…@127.0.0.1` for the host name.)
    }

    /// ssh:// and scp-like URLs with a password: nothing listens (or libgit2 has no ssh), the clone fails; its
    /// error, text or JSON, verbose or not, never shows the password, and nothing is left.
    func testAnSSHPasswordIsNeverPrintedWhenTheCloneFails() throws {
        for url in ["ssh://bob:ssh-s3cr3t@127.0.0.1:9/specs.git", "bob:ssh-s3cr3t@127.0.0.1:specs.git"] {
            for extra in [[], ["--verbose"], ["--json"], ["--json", "--verbose"]] {
                let r = try pm(["repo", "add", "priv", url] + extra)
                XCTAssertNotEqual(r.status, 0, url)
                XCTAssertFalse((r.stdout + r.stderr).contains("ssh-s3cr3t"), "\(url) \(extra): \(r.stdout + r.stderr)")
            }
        }
        XCTAssertEqual(everyFile(in: home.path, holding: "ssh-s3cr3t"), [])
    }

    func testNoPartOfAPasswordWithReservedCharactersIsPrinted() throws {
        for (i, middle) in ["/", "#", "?", "@", ":", "%2F", "%40"].enumerated() {
            let url = server.url("specs.git", userinfo: "bob:S3cr\(middle)t0pW")
            for extra in [["--verbose"], ["--json"], ["--verbose", "--json"]] {
                let name = "priv\(i)-\(extra.count)\(extra[0].count)"
                let r = try pm(["repo", "add", name, url] + extra)
                let out = r.stdout + r.stderr
                XCTAssertFalse(out.contains("S3cr") || out.contains("t0pW"), "\(middle) \(extra): \(out)")
                if r.status == 0 {
                    let list = try pm(["repo", "list", "--json"] + extra)
                    XCTAssertFalse(list.stdout.contains("t0pW") || list.stderr.contains("S3cr"), list.stdout)
                }
            }
        }
        let bad = try pm(["repo", "add", "bad", "http://bob:S3cr t0pW@127.0.0.1:\(server.port)/x y"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertFalse((bad.stdout + bad.stderr).contains("t0pW"), bad.stdout + bad.stderr)
    }

    /// The server asks for the password: podmirror answers with the URL's userinfo, percent-decoded, once.
    func testAServerThatAsksGetsTheDecodedUserinfo() throws {
        server.setFault(.basicAuth(user: "bob", password: "S3cr/t0p@W"))
        let wrong = try pm(["repo", "add", "wrong", server.url("specs.git", userinfo: "bob:nope")])
        XCTAssertEqual(wrong.status, 4, wrong.stdout + wrong.stderr)
        let url = server.url("specs.git", userinfo: "bob:S3cr%2Ft0p%40W")
        let added = try pm(["repo", "add", "priv", url])
        XCTAssertEqual(added.status, 0, added.stdout + added.stderr)
        try official.addCommits(1)
        let updated = try pm(["repo", "update", "priv"])
        XCTAssertEqual(updated.status, 0, updated.stdout + updated.stderr)
        XCTAssertEqual(try git(repos + "/priv", ["rev-parse", "HEAD"]), official.head)
        XCTAssertEqual(files(in: repos + "/priv/.git", holding: "S3cr%2F"), ["config"])
    }
}
