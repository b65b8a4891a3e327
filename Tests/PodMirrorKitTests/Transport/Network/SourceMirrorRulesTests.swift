@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

final class SourceMirrorRulesTests: XCTestCase {
    func testLongestInsteadOfPrefixWinsAsInGit() {
        let rules = SourceMirrorRules(rules: [
            .init(base: "https://mirror.example/gh/", insteadOf: "https://github.com/"),
            .init(base: "https://mirror.example/alamofire/", insteadOf: "https://github.com/Alamofire/"),
        ])
        XCTAssertEqual(
            rules.rewrite("https://github.com/Alamofire/Alamofire.git"),
            "https://mirror.example/alamofire/Alamofire.git")
        XCTAssertEqual(
            rules.rewrite("https://github.com/SDWebImage/SDWebImage/archive/5.0.zip"),
            "https://mirror.example/gh/SDWebImage/SDWebImage/archive/5.0.zip")
        XCTAssertEqual(rules.rewrite("https://gitlab.com/x/y.git"), "https://gitlab.com/x/y.git")
    }
}
