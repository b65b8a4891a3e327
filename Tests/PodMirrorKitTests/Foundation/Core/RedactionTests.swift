import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

final class RedactionTests: XCTestCase {
    func testCredentialsAreRedacted() {
        XCTAssertEqual(
            Redaction.redactURL("https://user:s3cret@example.com/Specs.git"), "https://***@example.com/Specs.git")
        XCTAssertEqual(Redaction.redactURL("https://token@example.com/x"), "https://***@example.com/x")
        XCTAssertEqual(Redaction.redactURL("ssh://git@example.com/x"), "ssh://git@example.com/x")
        // Conservative: an `@` anywhere after `://` may end a password that holds `/`, `?` or `#`.
        XCTAssertEqual(Redaction.redactURL("https://example.com/a@b"), "https://***@b")
        for middle in ["/", "#", "?", "@", ":", "%2F"] {
            let redacted = Redaction.redactURL("https://u:S3cr\(middle)t0p@example.com/x")
            XCTAssertEqual(redacted, "https://***@example.com/x")
            XCTAssertEqual(
                Redaction.redactText("malformed URL 'https://u:S3cr\(middle)t0p@example.com/x'"),
                "malformed URL '\(redacted)'")
        }
        XCTAssertEqual(
            Redaction.redactText("failed to fetch 'https://u:p@h/x.git': 500"),
            "failed to fetch 'https://***@h/x.git': 500")
    }

    /// Userinfo is redacted whatever the scheme, and in scp-like URLs when they hold a password.
    func testEverySchemeAndSCPLikeURLsWithAPassword() {
        for (url, redacted) in [
            ("git://bob:s3cr3t@127.0.0.1:9418/specs.git", "git://***@127.0.0.1:9418/specs.git"),
            ("ssh://bob:s3cr3t@host/specs.git", "ssh://***@host/specs.git"),
            ("ftp://bob:s3cr3t@host/x", "ftp://***@host/x"),
            ("bob:s3cr3t@host:org/specs.git", "***@host:org/specs.git"),
            ("bob:s3@cr:3t@host:org/specs.git", "***@host:org/specs.git"),
            ("git@github.com:org/specs.git", "git@github.com:org/specs.git"),
            ("/path/a:b@c:d", "/path/a:b@c:d"),
            ("host:path", "host:path"),
        ] {
            XCTAssertEqual(Redaction.redactURL(url), redacted, url)
            XCTAssertEqual(
                Redaction.redactText("failed to clone '\(url)': no route"), "failed to clone '\(redacted)': no route")
            XCTAssertEqual(Redaction.redactText("fatal: \(url) refused"), "fatal: \(redacted) refused")
        }
        XCTAssertEqual(Redaction.redactText("at 10:30 nothing@here"), "at 10:30 nothing@here")
    }
}
