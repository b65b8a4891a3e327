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
}
