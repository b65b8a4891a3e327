import Foundation
import XCTest

/// "My mirror is down": a gem source given as a URL is one podmirror put there, so `gems source reset` or another
/// `use` replaces it instead of keeping it first as "private"; a source podmirror cannot know stays with a
/// `gems.source-kept` warning in text and JSON.
extension InProcessCommandTests {
    private func sources() throws -> [String] {
        let text = try String(contentsOfFile: home.sub(".gemrc"), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("- ") }.map {
            $0.dropFirst(2).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
    }

    func testAGemSourceGivenAsAURLIsReplacedByResetAndByAnotherMirror() throws {
        let mine = "https://gems.mirror.example/"
        XCTAssertEqual(run(["gems", "source", "use", mine]).status, 0)
        XCTAssertEqual(try sources(), [mine])

        let reset = run(["gems", "source", "reset"])
        XCTAssertEqual(reset.status, 0, reset.stderr)
        XCTAssertEqual(try sources(), ["https://rubygems.org/"])
        XCTAssertFalse(reset.stderr.contains("gems.mirror.example"), reset.stderr)

        XCTAssertEqual(run(["gems", "source", "use", mine]).status, 0)
        let tuna = run(["gems", "source", "use", "tuna", "--json"])
        XCTAssertEqual(tuna.status, 0, tuna.stdout)
        XCTAssertEqual(try sources(), ["https://mirrors.tuna.tsinghua.edu.cn/rubygems/"])
    }

    func testASourcePodmirrorDidNotPutThereIsKeptWithAWarning() throws {
        let hand = "https://gems.by-hand.example/"
        _ = try home.write(".gemrc", "---\n:sources:\n- \(hand)\n")
        let text = run(["gems", "source", "reset"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stderr.contains("\(hand) stays before https://rubygems.org/"), text.stderr)
        XCTAssertTrue(text.stderr.contains("gem sources --remove \(hand)"), text.stderr)

        let json = run(["gems", "source", "use", "tuna", "--json"])
        XCTAssertEqual(json.status, 0, json.stdout)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
        let codes = (object["warnings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["gems.source-kept"], json.stdout)
        XCTAssertEqual(try sources().first, hand, "kept: podmirror cannot tell it from a private gem server")
    }
}
