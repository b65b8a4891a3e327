@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

/// Source URLs are canonicalised and matched as cocoapods-core's `Source::Manager` does.
final class SourceURLTests: XCTestCase {
    func testCanonicalFormIsLowerCaseWithoutOneTrailingGitThenOneSlash() {
        let table: [(String, String)] = [
            ("https://github.com/CocoaPods/Specs.git", "https://github.com/cocoapods/specs"),
            ("https://Mirror.example/Specs/", "https://mirror.example/specs"),
            ("https://mirror.example/specs", "https://mirror.example/specs"),
            // `.git` goes first, then one `/`: a slash after `.git` leaves the `.git` (canonic_url's order).
            ("https://mirror.example/specs.git/", "https://mirror.example/specs.git"),
            ("https://mirror.example/specs/.git", "https://mirror.example/specs"),
            ("https://mirror.example/specs//", "https://mirror.example/specs/"),
            ("https://mirror.example/specs.git.git", "https://mirror.example/specs.git"),
            ("git@git-host.com:Pods/Specs.git", "git@git-host.com:pods/specs"),
            ("https://cdn.cocoapods.org/", "https://cdn.cocoapods.org"),
            ("", ""),
        ]
        for (url, canonical) in table {
            XCTAssertEqual(SourceURL(url).canonical, canonical, url)
        }
    }

    func testPodfileSideRewritesEverySpellingOfGitHubsSpecs() {
        let table: [(String, String)] = [
            ("git@github.com:CocoaPods/Specs.git", "https://github.com/cocoapods/specs"),
            ("https://github.com/CocoaPods/Specs", "https://github.com/cocoapods/specs"),
            ("ssh://git@github.com/cocoapods/specs.git", "https://github.com/cocoapods/specs"),
            ("https://GITHUB.com//CocoaPods/Specs.git/", "https://github.com/cocoapods/specs"),
            (
                "https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git",
                "https://mirrors.tuna.tsinghua.edu.cn/git/cocoapods/specs"
            ),
            ("https://gitlab.com/cocoapods/specs.git", "https://gitlab.com/cocoapods/specs"),
        ]
        for (url, key) in table {
            XCTAssertEqual(SourceURL(url).matchKey, key, url)
        }
    }

    func testALocalRepoIsTheOriginForAPodfileSourceAsInSourceWithURL() {
        // (origin of the local repo, Podfile source, CocoaPods uses that repo)
        let table: [(String, String, Bool)] = [
            ("https://github.com/CocoaPods/Specs.git", "git@github.com:CocoaPods/Specs.git", true),
            ("https://Mirror.example/Specs/", "https://mirror.example/specs.git", true),
            ("https://a.example/specs", "https://b.example/specs", false),
            // Only the Podfile's side is rewritten: an ssh clone is not the https source's repo.
            ("git@github.com:CocoaPods/Specs.git", "https://github.com/CocoaPods/Specs.git", false),
            ("https://mirror.example/specs.git/", "https://mirror.example/specs", false),
            ("http://mirror.example/specs", "https://mirror.example/specs", false),
        ]
        for (origin, wanted, used) in table {
            XCTAssertEqual(SourceURL(origin).isOrigin(for: SourceURL(wanted)), used, "\(origin) for \(wanted)")
            XCTAssertEqual(SpecRepoNaming.matches(local: origin, wanted: wanted), used, "\(origin) for \(wanted)")
        }
    }

    func testSameSourceAndSameCanonicalURL() {
        XCTAssertTrue(
            SourceURL("git@github.com:CocoaPods/Specs.git").isSame(as: SourceURL("https://github.com/CocoaPods/Specs")))
        XCTAssertFalse(
            SourceURL("git@github.com:CocoaPods/Specs.git").isSameCanonical(
                as: SourceURL("https://github.com/CocoaPods/Specs")))
        XCTAssertTrue(
            SourceURL("https://Mirrors.Example/Specs.git").isSameCanonical(
                as: SourceURL("https://mirrors.example/specs/")))
        XCTAssertTrue(SourceURL("https://cdn.cocoapods.org").isTrunkCDN)
        XCTAssertFalse(SourceURL("https://cdn.jsdelivr.net/cocoa/").isTrunkCDN)
    }

    func testGemSourceKeyIgnoresTheSchemeAndTrailingSlash() {
        let table: [(String, String)] = [
            ("https://rubygems.org/", "rubygems.org"),
            ("http://rubygems.org", "rubygems.org"),
            ("HTTPS://Gems.Ruby-China.com/", "gems.ruby-china.com"),
            ("https://mirrors.tuna.tsinghua.edu.cn/rubygems/", "mirrors.tuna.tsinghua.edu.cn/rubygems"),
            ("file:///srv/gems/", "file:///srv/gems"),
        ]
        for (url, key) in table {
            XCTAssertEqual(SourceURL(url).gemSourceKey, key, url)
        }
    }
}
