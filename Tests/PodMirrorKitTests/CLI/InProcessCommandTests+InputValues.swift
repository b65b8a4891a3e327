import Foundation
import XCTest

/// Bad values are usage errors that echo the value as typed (#29 item 16).
extension InProcessCommandTests {
    func testBadValuesAreUsageErrorsEchoedAsTyped() throws {
        let jobs = run(["pods", "fetch", "--jobs", "-3"])
        XCTAssertEqual(jobs.status, 2, jobs.stderr)
        XCTAssertTrue(jobs.stderr.contains("(got -3)"), jobs.stderr)
        XCTAssertFalse(jobs.stderr.contains("Missing value"), jobs.stderr)

        let timeout = run(["mirror", "test", "--timeout", "0"])
        XCTAssertEqual(timeout.status, 2, timeout.stderr)
        XCTAssertTrue(timeout.stderr.contains("(got 0)"), timeout.stderr)
        let update = run(["repo", "update", "--timeout", "0"])
        XCTAssertEqual(update.status, 2, update.stderr)
        XCTAssertTrue(update.stderr.contains("'0'"), update.stderr)
        XCTAssertFalse(update.stderr.contains("0.0"), update.stderr)

        let noHost = run(["repo", "add", "x", "http://"])
        XCTAssertEqual(noHost.status, 2, "a URL without a host is bad input, not a network failure: \(noHost.stderr)")
        XCTAssertTrue(noHost.stderr.contains("names no host"), noHost.stderr)
    }
}
