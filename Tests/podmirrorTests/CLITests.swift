import Foundation
import PodMirrorTestSupport
import XCTest

final class CLIConventionTests: XCTestCase {
    let bin = PodmirrorBinary()

    func testMirrorListJSONIsOneDocument() throws {
        let home = TempDirectory()
        let r = try bin.run(["mirror", "list", "--json"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let obj = try PodmirrorBinary.json(r)
        XCTAssertEqual(obj["command"] as? String, "mirror list")
        XCTAssertEqual((obj["specs"] as? [[String: Any]])?.count, 6)
    }

    func testUsageErrorExitsTwo() throws {
        let home = TempDirectory()
        let r = try bin.run(["mirror", "list", "--no-such-flag"], home: home.path)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--no-such-flag"), r.stderr)
        XCTAssertEqual(r.stdout, "")
    }

    func testNoColourWhenNotATTY() throws {
        let home = TempDirectory()
        let r = try bin.run(["mirror", "list"], home: home.path, extraEnvironment: ["NO_COLOR": ""])
        XCTAssertFalse(r.stdout.contains("\u{1B}["), "no escape codes when stdout is a pipe")
    }
}
