@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// The insteadOf choice `GitURLRewrite` and `pods fetch` share (`SourceMirrorRules.rewrite`): libgit2's and git's
/// (longest matching value, first on a tie).
final class GitURLRewriteTests: XCTestCase {
    func testLongestMatchingPrefixWinsAndTheFirstOfEquallyLongOnes() {
        let rules = SourceMirrorRules(
            rules: [
                ("http://short.mirror/", "https://github.com/"),
                ("http://long.mirror/cp/", "https://github.com/CocoaPods/"),
                ("http://second.mirror/cp/", "https://github.com/CocoaPods/"),
                ("http://never/", ""),
            ].map { InsteadOfRule(base: $0.0, insteadOf: $0.1) })
        XCTAssertEqual(
            rules.rewrite("https://github.com/CocoaPods/Specs.git"),
            "http://long.mirror/cp/Specs.git")
        XCTAssertEqual(
            rules.rewrite("https://github.com/Alamofire/Alamofire.git"),
            "http://short.mirror/Alamofire/Alamofire.git")
        XCTAssertEqual(rules.rewrite("https://gitlab.com/x.git"), "https://gitlab.com/x.git")
    }
}

/// Relative submodule URLs resolved as `git submodule init` resolves them (the `git` CLI is the reference:
/// it records the resolved URL in `submodule.<name>.url`).
final class SubmoduleURLTests: XCTestCase {
    func gitResolved(_ url: String, parentRemote: String) throws -> String {
        let repo = TempDirectory("submodule-url")
        func git(_ args: [String]) throws -> String {
            let r = try ProcessRunner.git(["-C", repo.path] + args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try git(["init", "-q"])
        _ = try git(["config", "remote.origin.url", parentRemote])
        _ = try git(["config", "-f", ".gitmodules", "submodule.lib.path", "lib"])
        _ = try git(["config", "-f", ".gitmodules", "submodule.lib.url", url])
        _ = try git(["update-index", "--add", "--cacheinfo", "160000,\(String(repeating: "1", count: 40)),lib"])
        _ = try git(["submodule", "init", "-q"])
        return try git(["config", "submodule.lib.url"])
    }

    func testRelativeURLsResolveAgainstTheConfiguredRemoteAsGitResolvesThem() throws {
        let cases = [
            ("../PMLib.git", "http://named.example/podsrc/PMSubm.git"),
            ("./lib.git", "https://h.example/a/b.git/"),
            ("../../x/y.git", "https://h.example/org/repo.git"),
            ("../../x/y.git", "git@github.com:org/repo.git"),
            ("../lib.git", "git@h.example:repo.git"),
            ("./../lib/", "https://h.example/a/b"),
            ("https://other.example/abs.git", "https://h.example/a/b.git"),
        ]
        for (url, parent) in cases {
            XCTAssertEqual(
                GitURLRewrite.submoduleURL(url, parentRemote: parent), try gitResolved(url, parentRemote: parent),
                "\(url) against \(parent)")
        }
    }
}
