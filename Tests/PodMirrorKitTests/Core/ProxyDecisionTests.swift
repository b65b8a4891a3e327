@testable import PodMirrorKit
import XCTest

final class ProxyDecisionTests: XCTestCase {
    func decide(_ url: String, _ env: [String: String]) -> String? { ProxyDecision.decide(url: url, environment: env).proxy }

    func testSchemePicksItsVariableThenAllProxy() {
        let env = ["https_proxy": "http://s:1", "http_proxy": "http://p:2", "all_proxy": "socks5://a:3"]
        XCTAssertEqual(decide("https://github.com/x.zip", env), "http://s:1")
        XCTAssertEqual(decide("http://example.com/x.zip", env), "http://p:2")
        XCTAssertEqual(decide("https://github.com/x.zip", ["ALL_PROXY": "socks5://a:3"]), "socks5://a:3")
        XCTAssertEqual(decide("https://github.com/x.zip", ["HTTPS_PROXY": "http://S:1"]), "http://S:1")
        XCTAssertEqual(decide("http://example.com/x", ["HTTP_PROXY": "http://P:2"]), "http://P:2")
        XCTAssertEqual(ProxyDecision.decide(url: "https://github.com/", environment: env).variable, "https_proxy")
    }

    func testLowerCaseWinsAndEmptyCountsAsUnset() {
        XCTAssertEqual(decide("https://h/", ["https_proxy": "http://lower:1", "HTTPS_PROXY": "http://upper:1"]), "http://lower:1")
        XCTAssertEqual(decide("https://h/", ["https_proxy": "", "HTTPS_PROXY": "http://upper:1"]), "http://upper:1")
        XCTAssertNil(decide("https://h/", ["https_proxy": " "]))
        XCTAssertNil(decide("https://h/", [:]))
    }

    func testNoProxyPatterns() {
        let p = ["https_proxy": "http://proxy:3128", "http_proxy": "http://proxy:3128"]
        func bypass(_ url: String, _ list: String) -> Bool {
            var env = p
            env["no_proxy"] = list
            return ProxyDecision.decide(url: url, environment: env).proxy == nil
        }
        XCTAssertTrue(bypass("https://github.com/a", "github.com"))
        XCTAssertTrue(bypass("https://codeload.github.com/a", "github.com"))
        XCTAssertTrue(bypass("https://codeload.github.com/a", ".github.com"))
        XCTAssertFalse(bypass("https://notgithub.com/a", "github.com"))
        XCTAssertTrue(bypass("https://anything/a", "*"))
        XCTAssertTrue(bypass("http://127.0.0.1:8080/a", "localhost, 127.0.0.1"))
        XCTAssertFalse(bypass("http://127.0.0.1:8080/a", "localhost"), "loopback is not exempt by itself (curl's rule)")
        XCTAssertTrue(bypass("http://10.1.2.3/a", "10.0.0.0/8"))
        XCTAssertFalse(bypass("http://11.1.2.3/a", "10.0.0.0/8"))
        XCTAssertTrue(bypass("http://h.corp:8080/a", "h.corp:8080"))
        XCTAssertFalse(bypass("http://h.corp/a", "h.corp:8080"))
        XCTAssertTrue(bypass("http://[::1]:80/a", "[::1]"))
        XCTAssertTrue(bypass("https://user:pw@GitHub.com/a", "github.com"), "credentials ignored, case-insensitive")
        var env = p
        env["NO_PROXY"] = "github.com"
        XCTAssertNil(ProxyDecision.decide(url: "https://github.com/", environment: env).proxy)
        XCTAssertEqual(ProxyDecision.decide(url: "https://github.com/", environment: env).variable, "NO_PROXY")
    }

    func testRedactedProxyHidesCredentials() {
        let d = ProxyDecision.decide(url: "https://h/", environment: ["https_proxy": "http://me:secret@proxy:3128"])
        XCTAssertEqual(d.redactedProxy, "http://***@proxy:3128")
    }
}
