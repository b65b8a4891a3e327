import CLibgit2
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// A transfer of an existing repository's remote connects to the remote's URL as configured, rewritten once by
/// the rules given (`TransferOptions.urlRewrite`) and the repository's own config, as git does; never to the URL
/// libgit2's `git_remote_lookup` made of it. B and C are loopback servers with different Specs repos; `git
/// ls-remote` with the same files is the reference.
final class GitTransferInsteadOfTests: XCTestCase {
    func testFetchAndListRemoteRewriteTheConfiguredURLOnce() throws {
        let tmp = TempDirectory("transfer-insteadof")
        for side in ["b", "c"] {
            try FileManager.default.createDirectory(atPath: tmp.sub(side), withIntermediateDirectories: true)
        }
        let specs = try SpecsFixture(root: tmp.sub("b"), name: "Specs", pods: 3, commits: 1, seed: "b")
        let decoy = try SpecsFixture(root: tmp.sub("c"), name: "Specs", pods: 3, commits: 1, seed: "c")
        let b = try GitHTTPServer(root: tmp.sub("b"))
        let c = try GitHTTPServer(root: tmp.sub("c"))
        defer { b.stop(); c.stop() }
        let named = "http://named.example.invalid/"

        // The repository's own config sends the named URL to B; the global rules (given) send B on to C.
        let path = tmp.sub("repo")
        func git(_ args: [String], env: [String: String]? = nil) throws -> String {
            let r = try ProcessRunner.git(["-C", path] + args, environment: env)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(try ProcessRunner.git(["init", "-q", path]).status, 0)
        _ = try git(["remote", "add", "origin", named + "Specs.git"])
        _ = try git(["config", "url.\(b.url("")).insteadOf", named])
        let global = tmp.sub("global-gitconfig")
        try Data("[url \"\(c.url(""))\"]\n\tinsteadOf = \(b.url(""))\n".utf8).write(to: URL(fileURLWithPath: global))
        let gitEnv = [
            "HOME": tmp.path, "GIT_CONFIG_GLOBAL": global, "GIT_CONFIG_NOSYSTEM": "1", "PATH": "/usr/bin:/bin",
        ]
        XCTAssertEqual(String(try git(["ls-remote", "origin", "HEAD"], env: gitEnv).prefix(40)), specs.head)

        let repo = try GitRepository.open(path)
        var remote: OpaquePointer?
        XCTAssertEqual(git_remote_lookup(&remote, repo.pointer, "origin"), 0)
        XCTAssertEqual(
            git_remote_url(remote).map { String(cString: $0) }, b.url("Specs.git"),
            "libgit2's lookup rewrites the configured URL: rewriting its URL again would chain to C")
        git_remote_free(remote)

        let rules = SourceMirrorRules(rules: [InsteadOfRule(base: c.url(""), insteadOf: b.url(""))])
        var network = NetworkSettings.test()
        network.urlRewrite = rules
        let options = TransferOptions(network: network)
        let refs = try GitTransfer.listRemote(repo: repo, options: options)
        XCTAssertEqual(refs.first { $0.name == "HEAD" }?.oid, specs.head)
        try GitTransfer.fetch(repo, options: options)
        XCTAssertEqual(repo.resolve("refs/remotes/origin/master"), specs.head)
        XCTAssertNotEqual(specs.head, decoy.head)
        XCTAssertEqual(c.bytesSent, 0, "nothing was asked of C")
        XCTAssertEqual(repo.remoteURL(), named + "Specs.git")
    }
}
