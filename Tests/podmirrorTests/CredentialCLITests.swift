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
