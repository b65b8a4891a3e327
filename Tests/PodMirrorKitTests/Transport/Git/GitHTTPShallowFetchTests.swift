import Foundation
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// podmirror's own one-commit-deep fetch over smart HTTP (what a libgit2 without shallow support uses for trunk),
/// against `git http-backend` on loopback, with git itself as the reference: the clone is what
/// `git clone --depth 1` makes, a later fetch brings only what changed, and a broken transfer leaves no pack and
/// no moved ref. It runs on every libgit2 the suite runs on.
final class GitHTTPShallowFetchTests: XCTestCase {
    var tmp: TempDirectory!
    var mirror: TrunkMirrorFixture!
    var server: GitHTTPServer!

    override func setUpWithError() throws {
        tmp = TempDirectory("pm-shallow-http")
        mirror = try TrunkMirrorFixture(root: tmp.sub("served"), pods: 30, versions: 3)
        for i in 0..<5 {
            try mirror.setPod("Pod\(i)", "9.\(i).0")
            try mirror.commit("history \(i)")
        }
        server = try GitHTTPServer(root: tmp.sub("served"))
    }

    override func tearDown() { server.stop() }

    var url: String { server.url("specs.git") }
    func options(stall: TimeInterval = 10) -> TransferOptions { TransferOptions(network: .test(stallTimeout: stall)) }

    func git(_ args: [String]) throws -> String {
        let r = try ProcessRunner.git(args)
        XCTAssertEqual(r.status, 0, "git \(args.joined(separator: " ")): \(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func objectCount(_ repo: String) throws -> Int {
        let lines = try git(["-C", repo, "count-objects", "-v"]).split(separator: "\n")
        return lines.reduce(0) { sum, line in
            let parts = line.split(separator: " ")
            return sum + ((parts.first == "count:" || parts.first == "in-pack:") ? Int(parts[1]) ?? 0 : 0)
        }
    }

    /// Every file of the pack folder (packs, their indexes, and any temporary file an indexer left).
    func packs(_ repo: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: repo + "/.git/objects/pack")) ?? []).sorted()
    }

    func testACloneIsOneCommitDeepAsGitCloneDepth1MakesIt() throws {
        let dest = tmp.sub("clone")
        let repo = try XCTUnwrap(try GitHTTPShallowFetch.clone(url: url, into: dest, options: options()))
        let tip = try git(["-C", mirror.bare, "rev-parse", "HEAD"])
        XCTAssertEqual(repo.headOID, tip)
        XCTAssertEqual(repo.headBranch, "master")
        XCTAssertEqual(repo.resolve("refs/remotes/origin/master"), tip)
        XCTAssertEqual(repo.remoteURL(), url)
        XCTAssertTrue(repo.isShallow)
        XCTAssertEqual(try String(contentsOfFile: dest + "/.git/shallow", encoding: .utf8), tip + "\n")
        XCTAssertEqual(
            try git(["-C", dest, "config", "remote.origin.fetch"]), "+refs/heads/master:refs/remotes/origin/master")
        // git finds it whole, and its tree is the mirror's.
        XCTAssertEqual(try git(["-C", dest, "fsck", "--no-dangling"]), "")
        XCTAssertEqual(
            try git(["-C", dest, "rev-parse", "HEAD^{tree}"]), try git(["-C", mirror.bare, "rev-parse", "HEAD^{tree}"]))
        // The same objects as git's own shallow clone, fewer than the whole history.
        let reference = tmp.sub("reference")
        _ = try git(["clone", "-q", "--bare", "--depth", "1", url, reference])
        let full = Int(try git(["-C", mirror.bare, "rev-list", "--objects", "--all", "--count"])) ?? 0
        let ours = try objectCount(dest)
        XCTAssertEqual(ours, Int(try git(["-C", reference, "rev-list", "--objects", "--all", "--count"])))
        XCTAssertLessThan(ours, full)
    }

    func testAFetchBringsOnlyWhatChangedAndMovesTheBoundary() throws {
        let dest = tmp.sub("clone")
        let repo = try XCTUnwrap(try GitHTTPShallowFetch.clone(url: url, into: dest, options: options()))
        let old = try XCTUnwrap(repo.headOID)
        try mirror.setPod("Brand", "1.0.0")
        try mirror.setPod("Pod3", "9.9.9")
        let new = try mirror.commit("two more")
        let before = try objectCount(dest)
        let sent = server.bytesSent
        XCTAssertTrue(try GitHTTPShallowFetch.update(repo, remote: "origin", options: options()))
        XCTAssertEqual(repo.resolve("refs/remotes/origin/master"), new)
        XCTAssertEqual(repo.headOID, old, "a fetch moves the remote's refs only")
        // The new commit, its changed trees and the two podspecs: a thin pack completed from what was there.
        let added = try objectCount(dest) - before
        XCTAssertGreaterThan(added, 2)
        XCTAssertLessThan(added, 30, "only what changed")
        XCTAssertLessThan(server.bytesSent - sent, 60_000)
        let boundary = Set(try String(contentsOfFile: dest + "/.git/shallow", encoding: .utf8).split(separator: "\n"))
        XCTAssertEqual(boundary, [Substring(old), Substring(new)])
        _ = try git(["-C", dest, "update-ref", "refs/heads/master", new])
        XCTAssertEqual(try git(["-C", dest, "fsck", "--no-dangling"]), "")
        XCTAssertEqual(
            try git(["-C", dest, "rev-parse", "HEAD^{tree}"]), try git(["-C", mirror.bare, "rev-parse", "HEAD^{tree}"]))
        // Nothing new: no pack, no request past the advertisement.
        let packsBefore = packs(dest)
        XCTAssertTrue(try GitHTTPShallowFetch.update(repo, remote: "origin", options: options()))
        XCTAssertEqual(packs(dest), packsBefore)
    }

    func testAURLThatIsNotSmartHTTPIsLeftToLibgit2() throws {
        XCTAssertNil(try GitHTTPShallowFetch.clone(url: mirror.bare, into: tmp.sub("local"), options: options()))
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.sub("local")), "nothing made")
        // A dumb server: info/refs as a plain file.
        let refs = "\(String(repeating: "1", count: 40))\trefs/heads/master\n"
        let dumb = try StaticHTTPServer(routes: [
            "/specs.git/info/refs?service=git-upload-pack": .init(
                headers: ["Content-Type": "text/plain"], body: Array(refs.utf8))
        ])
        defer { dumb.stop() }
        XCTAssertNil(
            try GitHTTPShallowFetch.clone(url: dumb.url + "/specs.git", into: tmp.sub("dumb"), options: options()))
        XCTAssertEqual(dumb.requests.count, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.sub("dumb")))
    }

    func testAnAdvertisementThatIsNotPktLinesIsAClearErrorAndMakesNothing() throws {
        let hostile = try StaticHTTPServer(routes: [
            "/specs.git/info/refs?service=git-upload-pack": .init(
                headers: ["Content-Type": "application/x-git-upload-pack-advertisement"],
                body: Array("001e# service=git-upload-pack\n0000zzzz".utf8))
        ])
        defer { hostile.stop() }
        let dest = tmp.sub("hostile")
        XCTAssertThrowsError(
            try GitHTTPShallowFetch.clone(url: hostile.url + "/specs.git", into: dest, options: options())
        ) {
            XCTAssertEqual(($0 as? GitError)?.kind, .transport)
            XCTAssertTrue(($0 as? GitError)?.cause.contains("smart HTTP") == true, "\($0)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dest))
    }

    func testABrokenTransferLeavesNoPackAndNoRefMoved() throws {
        let dest = tmp.sub("clone")
        let repo = try XCTUnwrap(try GitHTTPShallowFetch.clone(url: url, into: dest, options: options()))
        let old = repo.resolve("refs/remotes/origin/master")
        let boundary = try String(contentsOfFile: dest + "/.git/shallow", encoding: .utf8)
        for i in 0..<20 { try mirror.setPod("More\(i)", "1.0.\(i)") }
        _ = try mirror.commit("more")
        let packsBefore = packs(dest)
        for fault in [GitHTTPServer.Fault.truncateAfter(bytes: 600), .corruptAt(byte: 700), .http500] {
            server.setFault(fault)
            XCTAssertThrowsError(try GitHTTPShallowFetch.update(repo, remote: "origin", options: options()), "\(fault)")
            {
                XCTAssertEqual(($0 as? GitError)?.kind, .transport, "\(fault): \($0)")
            }
            XCTAssertEqual(packs(dest), packsBefore, "\(fault)")
            XCTAssertEqual(repo.resolve("refs/remotes/origin/master"), old, "\(fault)")
            XCTAssertEqual(try String(contentsOfFile: dest + "/.git/shallow", encoding: .utf8), boundary, "\(fault)")
        }
        server.setFault(.http500)
        XCTAssertThrowsError(try GitHTTPShallowFetch.clone(url: url, into: tmp.sub("c500"), options: options())) {
            XCTAssertTrue("\($0)".contains("HTTP 500"), "\($0)")
        }
        server.setFault(.none)
        XCTAssertTrue(try GitHTTPShallowFetch.update(repo, remote: "origin", options: options()))
        XCTAssertEqual(repo.resolve("refs/remotes/origin/master"), try git(["-C", mirror.bare, "rev-parse", "HEAD"]))
    }

    func testTheMirrorTheInsteadOfRulesNameIsReachedThroughTheProxyAndOriginKeepsTheURL() throws {
        let proxy = try RecordingProxy(credentials: "u:p")
        defer { proxy.stop() }
        let written = "https://specs.invalid/Specs.git"
        let network = NetworkSettings(
            stallTimeout: 10, proxy: ProxySettings(environment: ["http_proxy": proxy.url]),
            urlRewrite: SourceMirrorRules(rules: [InsteadOfRule(base: url, insteadOf: written)]))
        let dest = tmp.sub("proxied")
        let repo = try XCTUnwrap(
            try GitHTTPShallowFetch.clone(url: written, into: dest, options: TransferOptions(network: network)))
        XCTAssertEqual(repo.remoteURL(), written)
        XCTAssertEqual(repo.headOID, try git(["-C", mirror.bare, "rev-parse", "HEAD"]))
        let requests = proxy.requests
        XCTAssertTrue(requests.contains { $0.contains("/specs.git/info/refs?service=git-upload-pack") }, "\(requests)")
        XCTAssertTrue(requests.contains { $0.hasPrefix("POST ") && $0.contains("/specs.git/git-upload-pack") })
        XCTAssertFalse(proxy.log.contains { $0.hasPrefix("noauth ") }, "the proxy's credentials go with each request")
    }

    func testAStalledServerIsATimeoutNamingTheSetting() throws {
        server.setFault(.stallAfter(bytes: 300))
        let started = Date()
        XCTAssertThrowsError(
            try GitHTTPShallowFetch.clone(url: url, into: tmp.sub("stall"), options: options(stall: 1))
        ) {
            let error = $0 as? GitError
            XCTAssertEqual(error?.kind, .timeout, "\($0)")
            XCTAssertNotNil(error?.timeoutSetting)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 8)
    }
}
