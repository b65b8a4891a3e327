import Foundation
import PodMirrorTestSupport
import XCTest

final class GemsCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func testCheckExitsThreeOnDriftThenZeroAfterUse() throws {
        let home = TempDirectory()
        try home.write(".gemrc", "---\n:sources:\n- https://rubygems.org/\n- https://private.example/\n")
        var r = try bin.run(["gems", "source", "use", "ruby-china", "--bundler", "--check"], home: home.path)
        XCTAssertEqual(r.status, 3, r.stdout + r.stderr)
        XCTAssertEqual(
            try home.read(".gemrc"), Array("---\n:sources:\n- https://rubygems.org/\n- https://private.example/\n".utf8)
        )

        r = try bin.run(["gems", "source", "use", "ruby-china", "--bundler", "--json"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let obj = try PodmirrorBinary.json(r)
        XCTAssertEqual(obj["command"] as? String, "gems source use")
        XCTAssertEqual((obj["changes"] as? [[String: Any]])?.map { $0["changed"] as? Bool }, [true, true])

        r = try bin.run(["gems", "source", "use", "ruby-china", "--bundler", "--check"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let gemrc = try home.read(".gemrc")
        r = try bin.run(["gems", "source", "use", "ruby-china", "--bundler", "--json"], home: home.path)
        XCTAssertEqual(
            (try PodmirrorBinary.json(r)["changes"] as? [[String: Any]])?.map { $0["changed"] as? Bool },
            [false, false])
        XCTAssertEqual(try home.read(".gemrc"), gemrc)

        // Drift: someone puts rubygems.org back by hand.
        try home.write(".gemrc", "---\n:sources:\n- https://rubygems.org/\n- https://private.example/\n")
        r = try bin.run(["gems", "source", "use", "ruby-china", "--bundler", "--check"], home: home.path)
        XCTAssertEqual(r.status, 3)
    }

    func testDryRunShowsDiffAndListReportsSources() throws {
        let home = TempDirectory()
        try home.write(".gemrc", ":sources:\n- \"https://rubygems.org/\"\n")
        var r = try bin.run(["gems", "source", "use", "tuna", "--dry-run"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stdout.contains("-- \"https://rubygems.org/\"")
                && r.stdout.contains("+- \"https://mirrors.tuna.tsinghua.edu.cn/rubygems/\""), r.stdout)
        XCTAssertEqual(try home.read(".gemrc"), Array(":sources:\n- \"https://rubygems.org/\"\n".utf8))
        r = try bin.run(["gems", "source", "list", "--json"], home: home.path)
        let obj = try PodmirrorBinary.json(r)
        XCTAssertEqual(obj["gemrc"] as? String, home.path + "/.gemrc")
        XCTAssertEqual((obj["sources"] as? [[String: Any]])?.first?["mirror"] as? String, "rubygems")
    }

    func testUnknownMirrorIsUsageError() throws {
        let home = TempDirectory()
        let r = try bin.run(["gems", "source", "use", "nosuch"], home: home.path)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("nosuch"), r.stderr)
        XCTAssertEqual(home.listing(), [])
    }
}
