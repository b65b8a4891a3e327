@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

/// What git >= 2.38.1 clones as a submodule of a repository fetched from elsewhere, by default.
final class SubmoduleURLPolicyTests: XCTestCase {
    func refusal(_ url: String, local: Bool = false) -> String? {
        SubmoduleURLPolicy.refusal(url, parentIsLocal: local)?.rawValue
    }

    func testAllowedTransports() {
        for url in [
            "https://github.com/a/b.git", "http://127.0.0.1:8080/b.git", "ssh://git@github.com/a/b.git",
            "git://example.com/b.git", "git@github.com:a/b.git", "GIT+SSH://host/b", "host:path/b.git",
        ] {
            XCTAssertNil(refusal(url), url)
        }
    }

    func testRefusedURLs() {
        XCTAssertEqual(refusal("/home/me/private.git"), "local")
        XCTAssertEqual(refusal("private"), "local")
        XCTAssertEqual(refusal("file:///home/me/private.git"), "file")
        XCTAssertNil(refusal("file:///srv/shared.git", local: true), "file:// is fine under a local parent")
        XCTAssertEqual(refusal("/srv/shared.git", local: true), "local")
        XCTAssertEqual(refusal("-oProxyCommand=touch /tmp/x"), "option")
        XCTAssertEqual(refusal("ssh://-oProxyCommand=x/y"), "option")
        XCTAssertEqual(refusal("ssh://user@-oProxyCommand=x/y"), "option")
        XCTAssertEqual(refusal("-host:path"), "option")
        XCTAssertEqual(refusal("host:-path"), "option")
        XCTAssertEqual(refusal("ext::sh -c touch% /tmp/pwned"), "scheme")
        XCTAssertEqual(refusal("fd::17"), "scheme")
        XCTAssertEqual(refusal("ftp://example.com/b.git"), "scheme")
    }

    func testLocalParents() {
        XCTAssertTrue(SubmoduleURLPolicy.isLocal("/srv/pods/a.git"))
        XCTAssertTrue(SubmoduleURLPolicy.isLocal("file:///srv/pods/a.git"))
        XCTAssertFalse(SubmoduleURLPolicy.isLocal("https://github.com/a/b.git"))
        XCTAssertFalse(SubmoduleURLPolicy.isLocal("git@github.com:a/b.git"))
    }
}
