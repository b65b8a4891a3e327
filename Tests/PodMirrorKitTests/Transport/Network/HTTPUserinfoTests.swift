@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

final class HTTPUserinfoTests: XCTestCase {
    func testSplitsAtTheAuthoritysLastAtAndDecodes() {
        let split = HTTPUserinfo.split("https://bob:p%2Fw%40d@host:8443/Specs.git")
        XCTAssertEqual(split.url, "https://host:8443/Specs.git")
        XCTAssertEqual(split.userinfo, HTTPUserinfo(user: "bob", password: "p/w@d"))
        XCTAssertEqual(HTTPUserinfo.split("http://a:b@c@host/x").userinfo, HTTPUserinfo(user: "a", password: "b@c"))
        XCTAssertEqual(HTTPUserinfo.split("https://token@host/x").userinfo, HTTPUserinfo(user: "token", password: ""))
    }

    func testLeavesOtherURLsAsTheyAre() {
        for url in ["https://host/path@v1", "ssh://git@host/x", "http://bob:S3cr/t0p@host/x", "/local/path"] {
            XCTAssertEqual(HTTPUserinfo.split(url).url, url)
            XCTAssertNil(HTTPUserinfo.split(url).userinfo)
        }
    }
}
