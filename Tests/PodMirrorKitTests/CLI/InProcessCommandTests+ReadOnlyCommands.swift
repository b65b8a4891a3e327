import Foundation
import XCTest

/// A command that only reads refuses `--dry-run` and `--check` (exit 2, naming the flag) instead of ignoring
/// them; `doctor` refuses `--dry-run` but takes `--check` (exit 3 when the mirror trunk was made from moved on).
extension InProcessCommandTests {
    func testReadOnlyCommandsRefuseDryRunAndCheck() throws {
        for command in [["doctor", "--offline"], ["mirror", "list"], ["repo", "list"], ["gems", "source", "list"]] {
            for flag in command[0] == "doctor" ? ["--dry-run"] : ["--check", "--dry-run"] {
                let outcome = run(command + [flag])
                XCTAssertEqual(outcome.status, 2, "\(command) \(flag): \(outcome.stdout)\(outcome.stderr)")
                XCTAssertTrue(outcome.stderr.contains(flag), outcome.stderr)
                XCTAssertTrue(outcome.stderr.contains("`\(command[0])"), outcome.stderr)
            }
        }
        let json = run(["repo", "list", "--check", "--json"])
        XCTAssertEqual(json.status, 2)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
        XCTAssertEqual((object["error"] as? [String: Any])?["code"] as? String, "usage")
        XCTAssertEqual(run(["repo", "list"]).status, 0, "without the flag it runs")
    }
}
