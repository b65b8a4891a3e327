import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

final class SpecReposNamingTests: XCTestCase {
    func testCocoaPodsNamesForURLs() {
        // cocoapods-core's spec/source/manager_spec.rb examples, and ones derived from its naming rules.
        let cases = [
            ("https://github.com/segiddins/Specs.git", "segiddins"),
            ("https://github.com/segiddins/banana.git", "segiddins-banana"),
            ("https://sourceforge.org/Artsy/Specs.git", "sourceforge-artsy"),
            ("git@git-host.com:specs.git", "git-host"),
            ("ssh://git@company.com:1234/pods/specs.git", "company-pods"),
            ("file:///Users/kurrytran/specs", "users-kurrytran"),
            ("https://github.com/CocoaPods/Specs.git", "cocoapods"),
            ("https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git", "tsinghua-git-cocoapods"),
            ("https://mirrors.bfsu.edu.cn/git/CocoaPods/Specs.git", "bfsu-git-cocoapods"),
            ("https://cdn.cocoapods.org/", "trunk"),
        ]
        for (url, name) in cases { XCTAssertEqual(SpecRepoNaming.name(forURL: url), name, url) }
    }

    /// Hosts that are IP addresses or have no dot: Core's `name_for_url` takes `PublicSuffix.parse(host).sld`,
    /// which for an address is its second-to-last number (the default `*` rule), and keeps dotless hosts whole.
    func testCocoaPodsNamesForAddressAndLocalHosts() {
        let cases = [
            ("http://127.0.0.1:8080/mirror.git", "0-mirror"),
            ("http://127.0.0.1:8080/specs.git", "0"),
            ("http://127.0.0.1:8080/Specs.git", "0"),
            ("http://192.168.1.20/git/CocoaPods/Specs.git", "1-git-cocoapods"),
            ("https://10.0.0.5/ios/specs", "0-ios"),
            ("git@10.0.0.5:ios/specs.git", "0-ios"),
            ("ssh://git@172.16.4.2:2222/pods/Specs.git", "4-pods"),
            ("http://localhost:9000/team/specs.git", "localhost-team"),
            ("http://specs-server/Specs.git", "specs-server"),
            ("https://[::1]:8443/team/Specs.git", "[::1]-team"),
            ("https://git.example.com/a//b/specs.git", "example-a--b"),
        ]
        for (url, name) in cases { XCTAssertEqual(SpecRepoNaming.name(forURL: url), name, url) }
    }

    func testUniqueNameAppendsCounter() {
        XCTAssertEqual(SpecRepoNaming.uniqueName("x") { $0 == "x" || $0 == "x-1" }, "x-2")
        XCTAssertEqual(SpecRepoNaming.uniqueName("y") { _ in false }, "y")
    }

    func testBadNamesAreRejected() {
        for bad in ["", "trunk", "a/b", "..", "../x", ".hidden", "x..y"] {
            XCTAssertThrowsError(try SpecRepoNaming.validate(bad), bad) { e in
                XCTAssertEqual((e as? PodMirrorFailure)?.code, .repoBadName)
                XCTAssertEqual((e as? PodMirrorFailure)?.exitStatus, .usage)
            }
        }
        XCTAssertNoThrow(try SpecRepoNaming.validate("tsinghua-git-cocoapods"))
    }

    func testURLMatchingLikeCocoaPods() {
        XCTAssertTrue(
            SpecRepoNaming.matches(
                local: "https://github.com/CocoaPods/Specs.git", wanted: "git@github.com:CocoaPods/Specs.git"))
        XCTAssertTrue(
            SpecRepoNaming.matches(local: "https://Mirror.example/Specs/", wanted: "https://mirror.example/specs.git"))
        XCTAssertFalse(SpecRepoNaming.matches(local: "https://a.example/specs", wanted: "https://b.example/specs"))
        // Core's source_with_url rewrites only the Podfile's URL: an ssh clone does not match the https source.
        XCTAssertFalse(
            SpecRepoNaming.matches(
                local: "git@github.com:CocoaPods/Specs.git", wanted: "https://github.com/CocoaPods/Specs.git"))
    }

    func testTransportsOtherThanGitOnesAreRefused() {
        // A network URL without a host (`repo add x http://`) is bad input (exit 2), not a network failure (4).
        for bad in ["ext::sh -c touch% /tmp/pwned", "fd::17", "ftp://x/y", "", "gopher://h/r", "http://", "https:///x"]
        {
            XCTAssertThrowsError(try GitURL.validate(bad), bad) { e in
                XCTAssertEqual((e as? GitError)?.kind, .unsupportedTransport, bad)
            }
        }
        for ok in [
            "https://h/x.git", "http://127.0.0.1:9/x", "ssh://git@h/x", "git@h:x.git", "git://h/x", "file:///tmp/x",
            "https://user:token@h/x.git",
            "/tmp/x",
        ] {
            XCTAssertNoThrow(try GitURL.validate(ok), ok)
        }
    }

    func testReposDirFollowsCocoaPodsPrecedence() {
        func dir(_ vars: [String: String]) -> ReposDirectory {
            ReposDirectory(
                environment: RuntimeEnvironment(
                    variables: vars.merging(["HOME": "/home/u"]) { a, _ in a }, currentDirectory: "/work"))
        }
        XCTAssertEqual(dir([:]).path, "/home/u/.cocoapods/repos")
        XCTAssertEqual(dir([:]).cacheRoot, "/home/u/Library/Caches/CocoaPods")
        XCTAssertEqual(dir(["CP_HOME_DIR": "~/cp"]).path, "/home/u/cp/repos")
        XCTAssertEqual(dir(["CP_HOME_DIR": "~/cp"]).cacheRoot, "/home/u/cp/cache")
        XCTAssertEqual(dir(["CP_HOME_DIR": "/h", "CP_REPOS_DIR": "rel/repos"]).path, "/work/rel/repos")
        XCTAssertEqual(dir(["CP_CACHE_DIR": "/c"]).searchIndexPath, "/c/search_index.json")
    }

    func testDepthIsRefusedWithoutShallowSupport() throws {
        let tmp = TempDirectory()
        let shared = RepoPlannerContext(
            repos: ReposDirectory(path: tmp.sub("repos"), cacheRoot: tmp.sub("cache"), fileSystem: LocalFileSystem()))
        if Libgit2.supportsShallow { throw XCTSkip("linked libgit2 \(Libgit2.version) supports --depth") }
        XCTAssertThrowsError(
            try RepoAddPlanner(shared).plan(name: "x", url: "https://example.com/specs.git", branch: nil, depth: 1)
        ) { e in
            XCTAssertEqual((e as? GitError)?.kind, .unsupported)
            XCTAssertTrue((e as? GitError)?.message.contains("libgit2 1.7") ?? false)
        }
    }
}
