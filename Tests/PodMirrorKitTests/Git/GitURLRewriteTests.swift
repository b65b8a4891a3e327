import XCTest

@testable import PodMirrorKit

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
