import Foundation
import PodMirrorTestSupport
import XCTest

/// `gitconfig insteadof`, checked against the `git` CLI as the reference reader of the same files.
final class GitconfigCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func gitEnv(_ home: TempDirectory) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = home.path
        env["XDG_CONFIG_HOME"] = home.sub(".config")
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env.removeValue(forKey: "GIT_CONFIG_GLOBAL")
        // Any URL not rewritten to the local mirror is refused instead of reaching the network.
        env["GIT_ALLOW_PROTOCOL"] = "file"
        return env
    }

    func testUseAddsRulesGitFollowsAndResetRemovesOnlyThem() throws {
        let home = TempDirectory()
        try home.write(
            ".gitconfig", "[user]\n\tname = Someone\n# keep me\n[url \"https://git.example.com/\"]\n\tinsteadOf = gh:\n"
        )
        let mirror = home.sub("mirror/Specs.git")
        XCTAssertEqual(try ProcessRunner.git(["init", "-q", "--bare", mirror]).status, 0)
        let work = home.sub("work")
        try ProcessRunner.git(["init", "-q", "-b", "master", work])
        try home.write("work/README", "specs\n")
        try ProcessRunner.git(["-C", work, "add", "."]); try ProcessRunner.git(["-C", work, "commit", "-qm", "one"])
        try ProcessRunner.git(["-C", work, "push", "-q", mirror, "master"])
        let head = try ProcessRunner.git(["-C", work, "rev-parse", "HEAD"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        let url = "file://" + mirror

        var r = try bin.run(["gitconfig", "insteadof", "use", url, "--check"], home: home.path)
        XCTAssertEqual(r.status, 3, r.stdout + r.stderr)
        r = try bin.run(["gitconfig", "insteadof", "use", url, "--json"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(
            (try PodmirrorBinary.json(r)["warnings"] as? [[String: Any]])?.contains {
                $0["code"] as? String == "gitconfig.github-precheck"
            } ?? false)

        let list = try ProcessRunner.git(
            ["config", "--global", "--get-regexp", #"^url\..*\.insteadof$"#], environment: gitEnv(home)
        ).stdout
        for spelling in [
            "https://github.com/CocoaPods/Specs.git", "https://github.com/cocoapods/specs",
            "git@github.com:CocoaPods/Specs.git",
        ] {
            XCTAssertTrue(list.contains("url.\(url).insteadof \(spelling)\n"), list)
        }
        for spelling in [
            "https://github.com/CocoaPods/Specs.git", "https://github.com/CocoaPods/Specs",
            "https://github.com/CocoaPods/Specs/", "git@github.com:CocoaPods/Specs.git",
        ] {
            let ls = try ProcessRunner.git(["ls-remote", spelling, "refs/heads/master"], environment: gitEnv(home))
            XCTAssertEqual(ls.status, 0, "\(spelling): \(ls.stderr)")
            XCTAssertTrue(ls.stdout.hasPrefix(head), spelling)
        }
        // Idempotent: byte-identical, changed false.
        let bytes = try home.read(".gitconfig")
        r = try bin.run(["gitconfig", "insteadof", "use", url, "--json"], home: home.path)
        XCTAssertEqual((try PodmirrorBinary.json(r)["changed"] as? Bool), false)
        XCTAssertEqual(try home.read(".gitconfig"), bytes)
        XCTAssertEqual(try bin.run(["gitconfig", "insteadof", "use", url, "--check"], home: home.path).status, 0)

        r = try bin.run(["gitconfig", "insteadof", "reset"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let after = try ProcessRunner.git(
            ["config", "--global", "--get-regexp", #"^url\..*\.insteadof$"#], environment: gitEnv(home)
        ).stdout
        XCTAssertEqual(after, "url.https://git.example.com/.insteadof gh:\n")
        let text = String(decoding: try home.read(".gitconfig"), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("[user]\n\tname = Someone\n# keep me\n"), text)
        XCTAssertFalse(text.contains("podmirror"), text)
        XCTAssertEqual(try bin.run(["gitconfig", "insteadof", "reset", "--check"], home: home.path).status, 0)
    }

    func testSwitchingMirrorsReplacesPodmirrorRulesAndKeepsForeignOnes() throws {
        let home = TempDirectory()
        try home.write(
            ".gitconfig",
            "[url \"https://corp.example/specs.git\"]\n\tinsteadOf = https://github.com/CocoaPods/Specs.git\n")
        XCTAssertEqual(try bin.run(["gitconfig", "insteadof", "use", "tuna"], home: home.path).status, 0)
        let r = try bin.run(["gitconfig", "insteadof", "use", "bfsu", "--json"], home: home.path)
        XCTAssertTrue(
            (try PodmirrorBinary.json(r)["warnings"] as? [[String: Any]])?.contains {
                $0["code"] as? String == "gitconfig.foreign-rule"
            } ?? false)
        let list = try ProcessRunner.git(
            ["config", "--global", "--get-regexp", #"^url\..*\.insteadof$"#], environment: gitEnv(home)
        ).stdout
        XCTAssertFalse(list.contains("tsinghua"), list)
        XCTAssertTrue(
            list.contains(
                "url.https://mirrors.bfsu.edu.cn/git/CocoaPods/Specs.git.insteadof "
                    + "https://github.com/CocoaPods/Specs.git"
            ), list)
        XCTAssertTrue(
            list.contains("url.https://corp.example/specs.git.insteadof https://github.com/CocoaPods/Specs.git"), list)
        XCTAssertEqual(try bin.run(["gitconfig", "insteadof", "reset"], home: home.path).status, 0)
        XCTAssertEqual(
            try ProcessRunner.git(
                ["config", "--global", "--get-regexp", #"^url\..*\.insteadof$"#], environment: gitEnv(home)
            ).stdout,
            "url.https://corp.example/specs.git.insteadof https://github.com/CocoaPods/Specs.git\n")
    }

    func testTrunkIsRefusedWithUsageError() throws {
        let home = TempDirectory()
        let r = try bin.run(["gitconfig", "insteadof", "use", "trunk"], home: home.path)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("trunk"), r.stderr)
        XCTAssertEqual(home.listing(), [])
    }
}
