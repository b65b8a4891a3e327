import Foundation
import PodMirrorTestSupport
import XCTest

/// A Specs mirror URL that git's insteadOf rules send to a local path (#29 item 9): `mirror test` probes it as a
/// clone connects, through libgit2 on the path (it GETted the path over HTTP and called a working mirror broken),
/// and a rule to a path that does not exist is said naming the path and the rule (not "unsupported URL protocol").
final class MirrorLocalPathCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func testAMirrorRewrittenToALocalRepoIsHealthyAndOneToAMissingPathNamesPathAndRule() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        let specs = try SpecsFixture(root: served.path, name: "Specs", pods: 3, commits: 1)
        // Nothing listens at mirror.invalid: only the rule makes it reachable.
        try home.write(
            ".gitconfig",
            "[url \"\(served.path)/\"]\n\tinsteadOf = https://mirror.invalid/\n"
                + "[url \"\(served.path)/gone/\"]\n\tinsteadOf = https://missing.invalid/\n")
        let ok = try bin.run(
            ["mirror", "test", "https://mirror.invalid/Specs.git", "--timeout", "5", "--json"], home: home.path)
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        let result = try XCTUnwrap((try PodmirrorBinary.json(ok)["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(result["healthy"] as? Bool, true, "\(result)")
        XCTAssertEqual(result["head"] as? String, specs.head)

        let args = ["mirror", "test", "https://missing.invalid/Specs.git", "--timeout", "5"]
        let text = try bin.run(args, home: home.path)
        XCTAssertNotEqual(text.status, 0, text.stdout)
        let said =
            "git's insteadOf rule url.\(served.path)/gone/.insteadOf = https://missing.invalid/ sends it to the local "
            + "path \(served.path)/gone/Specs.git, which does not exist"
        XCTAssertTrue(text.stdout.contains(said), text.stdout + text.stderr)
        XCTAssertFalse((text.stdout + text.stderr).contains("unsupported URL protocol"), text.stdout)
        let json = try PodmirrorBinary.json(try bin.run(args + ["--json"], home: home.path))
        let broken = try XCTUnwrap((json["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(broken["healthy"] as? Bool, false)
        XCTAssertEqual(broken["problem"] as? String, said)
        let zh = try bin.run(args + ["--lang", "zh-Hans"], home: home.path)
        XCTAssertTrue(zh.stdout.contains("但该路径不存在"), zh.stdout)

        // A clone through the same rule says the same, and leaves nothing.
        let add = try bin.run(["repo", "add", "x", "https://missing.invalid/Specs.git"], home: home.path)
        XCTAssertNotEqual(add.status, 0, add.stderr)
        XCTAssertTrue(add.stderr.contains(said), add.stderr)
        XCTAssertFalse(add.stderr.contains("unsupported URL protocol"), add.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.sub(".cocoapods/repos/x")))
        // Through a working rule, the clone is made.
        let made = try bin.run(["repo", "add", "y", "https://mirror.invalid/Specs.git"], home: home.path)
        XCTAssertEqual(made.status, 0, made.stderr)
    }
}
