@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

final class URLUserinfoTests: XCTestCase {
    func testSplitsAtTheAuthoritysLastAtAndDecodes() {
        let split = URLUserinfo.split("https://bob:p%2Fw%40d@host:8443/Specs.git")
        XCTAssertEqual(split.url, "https://host:8443/Specs.git")
        XCTAssertEqual(split.userinfo, URLUserinfo(user: "bob", password: "p/w@d"))
        XCTAssertEqual(URLUserinfo.split("http://a:b@c@host/x").userinfo, URLUserinfo(user: "a", password: "b@c"))
        XCTAssertEqual(URLUserinfo.split("https://token@host/x").userinfo, URLUserinfo(user: "token", password: ""))
    }

    /// Any scheme loses its password (it reached the reflogs of a `git://` clone); the user name stays, as ssh
    /// logs in with it.
    func testOtherSchemesLoseOnlyThePassword() {
        for (url, bare) in [
            ("git://bob:s3cr3t@127.0.0.1:9418/specs.git", "git://bob@127.0.0.1:9418/specs.git"),
            ("ssh://bob:s3%40cr3t@host:2222/specs.git", "ssh://bob@host:2222/specs.git"),
            ("git+ssh://bob:s3cr3t@host/specs.git", "git+ssh://bob@host/specs.git"),
            ("ftp://bob:s3cr3t@host/specs.git", "ftp://bob@host/specs.git"),
        ] {
            let split = URLUserinfo.split(url)
            XCTAssertEqual(split.url, bare, url)
            XCTAssertEqual(split.userinfo?.user, "bob", url)
            XCTAssertTrue(split.userinfo?.password.hasPrefix("s3") == true, url)
        }
    }

    func testLeavesOtherURLsAsTheyAre() {
        for url in [
            "https://host/path@v1", "ssh://git@host/x", "http://bob:S3cr/t0p@host/x", "/local/path",
            "git@github.com:org/repo.git", "git://host/x", "./a:b@c:d", "file:///tmp/x@y:z",
            // git and libgit2 read this as host `bob`: not a password to move (`Redaction` still hides it).
            "bob:s3cr3t@host:org/specs.git",
        ] {
            XCTAssertEqual(URLUserinfo.split(url).url, url)
            XCTAssertNil(URLUserinfo.split(url).userinfo)
        }
    }
}
