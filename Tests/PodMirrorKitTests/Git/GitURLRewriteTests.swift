import XCTest

@testable import PodMirrorKit

/// `GitURLRewrite.rewrite`: libgit2's and git's insteadOf choice (longest matching value, first on a tie).
final class GitURLRewriteTests: XCTestCase {
    func testLongestMatchingPrefixWinsAndTheFirstOfEquallyLongOnes() {
        let rules: [(base: String, insteadOf: String)] = [
            ("http://short.mirror/", "https://github.com/"),
            ("http://long.mirror/cp/", "https://github.com/CocoaPods/"),
            ("http://second.mirror/cp/", "https://github.com/CocoaPods/"),
            ("http://never/", ""),
        ]
        XCTAssertEqual(
            GitURLRewrite.rewrite("https://github.com/CocoaPods/Specs.git", rules: rules),
            "http://long.mirror/cp/Specs.git")
        XCTAssertEqual(
            GitURLRewrite.rewrite("https://github.com/Alamofire/Alamofire.git", rules: rules),
            "http://short.mirror/Alamofire/Alamofire.git")
        XCTAssertEqual(GitURLRewrite.rewrite("https://gitlab.com/x.git", rules: rules), "https://gitlab.com/x.git")
    }
}
