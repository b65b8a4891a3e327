import Foundation
import PodMirrorTestSupport
import XCTest

/// A mistyped subcommand is a usage error naming the nearest command, also after `help`.
final class MistypedCommandCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func testMistypedSubcommandsGetTheNearestCommand() throws {
        let home = TempDirectory()
        let cases = [
            (["setpu"], "podmirror setup"), (["mirror", "lst"], "podmirror mirror list"),
            (["gems", "sources", "list"], "podmirror gems source"),
            (["help", "podfile", "sorce"], "podmirror podfile source"),
        ]
        for (args, suggestion) in cases {
            let r = try bin.run(args, home: home.path, extraEnvironment: ["PODMIRROR_LANG": "en"])
            XCTAssertEqual(r.status, 2, "\(args): \(r.stdout)")
            XCTAssertEqual(r.stdout, "", "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix("error: `"), r.stderr)
            XCTAssertTrue(r.stderr.contains("hint: did you mean `\(suggestion)`?"), "\(args): \(r.stderr)")
        }
        let far = try bin.run(["zzzzzzzz"], home: home.path, extraEnvironment: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(far.status, 2)
        XCTAssertTrue(far.stderr.contains("see `podmirror --help`"), far.stderr)
        // Real commands, help on them, and leaf arguments are untouched.
        XCTAssertEqual(try bin.run(["help", "podfile", "source"], home: home.path).status, 0)
        XCTAssertEqual(try bin.run(["mirror", "list"], home: home.path).status, 0)
        XCTAssertEqual(try bin.run(["--version"], home: home.path).status, 0)
    }

    /// Errors from argument parsing use the same `error:` prefix as every other failure.
    func testParseErrorsUseTheOneErrorPrefix() throws {
        let home = TempDirectory()
        let r = try bin.run(
            ["mirror", "list", "--no-such-flag"], home: home.path, extraEnvironment: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("error: "), r.stderr)
        XCTAssertFalse(r.stderr.contains("Error: "), r.stderr)
    }
}
