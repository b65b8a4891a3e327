import Foundation
import PodMirrorTestSupport
import XCTest

/// `gitconfig insteadof add|remove|list` and `setup --source-mirror`, in temporary HOMEs, with the `git`
/// CLI as the reference reader of the rules written.
final class SourceMirrorCLITests: XCTestCase {
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

    func rules(_ home: TempDirectory) throws -> String {
        try ProcessRunner.git(
            ["config", "--global", "--get-regexp", #"^url\..*\.insteadof$"#], environment: gitEnv(home)
        ).stdout
    }

    func testAddIsFollowedByGitListedRedactedAndRemovedWithoutTouchingForeignRules() throws {
        let home = TempDirectory()
        let foreign =
            "[user]\n\tname = Someone\n[url \"https://corp.example/gl/\"]\n\tinsteadOf = https://gitlab.com/\n"
        try home.write(".gitconfig", foreign)
        // A pod source repo on the "mirror" (a local folder standing in for https://github.com/).
        let root = home.sub("mirror")
        let repo = root + "/Alamofire/Alamofire.git"
        XCTAssertEqual(try ProcessRunner.git(["init", "-q", "--bare", repo]).status, 0)
        let work = home.sub("work")
        try ProcessRunner.git(["init", "-q", "-b", "master", work])
        try home.write("work/Source.swift", "// pod\n")
        try ProcessRunner.git(["-C", work, "add", "."]); try ProcessRunner.git(["-C", work, "commit", "-qm", "one"])
        try ProcessRunner.git(["-C", work, "push", "-q", repo, "master"])

        var r = try bin.run(
            ["gitconfig", "insteadof", "add", "https://github.com/", "file://\(root)/", "--check"], home: home.path)
        XCTAssertEqual(r.status, 3, r.stdout + r.stderr)
        r = try bin.run(
            ["gitconfig", "insteadof", "add", "https://github.com/", "file://\(root)/", "--json"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(try PodmirrorBinary.json(r)["changed"] as? Bool, true)
        let ls = try ProcessRunner.git(
            ["ls-remote", "https://github.com/Alamofire/Alamofire.git", "refs/heads/master"],
            environment: gitEnv(home))
        XCTAssertEqual(ls.status, 0, "git follows the rule podmirror wrote: \(ls.stderr)")

        // Idempotent: same bytes, changed false, --check compliant.
        let bytes = try home.read(".gitconfig")
        r = try bin.run(
            ["gitconfig", "insteadof", "add", "https://github.com/", "file://\(root)/", "--json"], home: home.path)
        XCTAssertEqual(try PodmirrorBinary.json(r)["changed"] as? Bool, false)
        XCTAssertEqual(try home.read(".gitconfig"), bytes)

        // A mirror with credentials: written as given, shown redacted.
        r = try bin.run(
            ["gitconfig", "insteadof", "add", "https://bitbucket.org/", "https://me:tok3n@mirror.example/bb/"],
            home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("tok3n") || r.stderr.contains("tok3n"))
        r = try bin.run(["gitconfig", "insteadof", "list", "--json"], home: home.path)
        XCTAssertFalse(r.stdout.contains("tok3n"), r.stdout)
        let sources = try XCTUnwrap(try PodmirrorBinary.json(r)["sourceMirrors"] as? [[String: Any]])
        // The same keys as the Specs rules' `rules` list: `{file, base, insteadOf, managed}`.
        let byPrefix = Dictionary(uniqueKeysWithValues: sources.map { ($0["insteadOf"] as? String ?? "", $0) })
        XCTAssertEqual(byPrefix["https://bitbucket.org/"]?["base"] as? String, "https://***@mirror.example/bb/")
        XCTAssertEqual(byPrefix["https://bitbucket.org/"]?["managed"] as? Bool, true)
        XCTAssertEqual(byPrefix["https://github.com/"]?["managed"] as? Bool, true)
        XCTAssertEqual(byPrefix["https://gitlab.com/"]?["managed"] as? Bool, false)

        // A prefix the user already sends elsewhere: refused, nothing written.
        let before = try home.read(".gitconfig")
        r = try bin.run(
            ["gitconfig", "insteadof", "add", "https://gitlab.com/", "https://other.example/", "--json"],
            home: home.path)
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertEqual(
            ((try PodmirrorBinary.json(r)["error"] as? [String: Any])?["code"] as? String),
            "gitconfig.source-mirror-taken")
        XCTAssertEqual(try home.read(".gitconfig"), before)

        // remove takes out podmirror's rule only; the user's rule for the same prefix would be kept.
        r = try bin.run(["gitconfig", "insteadof", "remove", "https://gitlab.com/", "--json"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            (try PodmirrorBinary.json(r)["warnings"] as? [[String: Any]])?.contains {
                $0["code"] as? String == "gitconfig.kept-rule"
            } ?? false)
        r = try bin.run(["gitconfig", "insteadof", "remove", "https://github.com/"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(try rules(home).contains("https://github.com/"))
        XCTAssertTrue(try rules(home).contains("url.https://corp.example/gl/.insteadof https://gitlab.com/"))

        // reset is for the Specs rules of `use`: the rule added with `add` is kept, with a note saying how to
        // remove it; `remove` then leaves only the user's own file.
        let kept = try home.read(".gitconfig")
        r = try bin.run(["gitconfig", "insteadof", "reset"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try home.read(".gitconfig"), kept)
        XCTAssertTrue(r.stderr.contains("gitconfig insteadof remove https://bitbucket.org/"), r.stderr)
        r = try bin.run(["gitconfig", "insteadof", "remove", "https://bitbucket.org/"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(String(decoding: try home.read(".gitconfig"), as: UTF8.self), foreign)
    }

    func testListShowsTheSystemRulesGitFollowsAndLabelsPodmirrorsOneWay() throws {
        let home = TempDirectory()
        try home.write("system-gitconfig", "[url \"https://sys.example/gh/\"]\n\tinsteadOf = https://github.com/\n")
        let env = ["GIT_CONFIG_SYSTEM": home.sub("system-gitconfig"), "GIT_CONFIG_NOSYSTEM": ""]
        XCTAssertEqual(try bin.run(["gitconfig", "insteadof", "use", "tuna"], home: home.path).status, 0)
        XCTAssertEqual(
            try bin.run(
                ["gitconfig", "insteadof", "add", "https://gitlab.com/", "https://m.example/gl/"], home: home.path
            ).status, 0)
        let r = try bin.run(["gitconfig", "insteadof", "list"], home: home.path, extraEnvironment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stdout.contains("https://github.com/ → https://sys.example/gh/  (\(home.sub("system-gitconfig")))"),
            r.stdout)
        // Podmirror's own rules, Specs (`use`) and pod sources (`add`), carry the same label.
        let own = r.stdout.split(separator: "\n").filter { $0.contains("/.gitconfig") }
        XCTAssertEqual(own.count, 10, r.stdout)
        XCTAssertTrue(own.allSatisfy { $0.hasSuffix("/.gitconfig, written by podmirror)") }, r.stdout)
        let json = try PodmirrorBinary.json(
            try bin.run(["gitconfig", "insteadof", "list", "--json"], home: home.path, extraEnvironment: env))
        let sources = try XCTUnwrap(json["sourceMirrors"] as? [[String: Any]])
        XCTAssertTrue(sources.contains { $0["base"] as? String == "https://sys.example/gh/" }, "\(sources)")
    }

    /// A system rule for `https://github.com/` sends the Specs repo to its mirror too: the Specs list names it
    /// (text and JSON) instead of saying there is no rule for the Specs repo.
    func testABroaderSystemRuleIsListedForTheSpecsRepo() throws {
        let home = TempDirectory()
        try home.write("system-gitconfig", "[url \"https://sys.example/gh/\"]\n\tinsteadOf = https://github.com/\n")
        let env = ["GIT_CONFIG_SYSTEM": home.sub("system-gitconfig"), "GIT_CONFIG_NOSYSTEM": ""]
        let r = try bin.run(["gitconfig", "insteadof", "list"], home: home.path, extraEnvironment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("no insteadOf rules for the Specs repo"), r.stdout)
        let line = "https://github.com/ → https://sys.example/gh/  (\(home.sub("system-gitconfig")))"
        XCTAssertEqual(r.stdout.components(separatedBy: line).count, 2, "listed once: \(r.stdout)")
        XCTAssertFalse(r.stdout.contains("no insteadOf rules"), r.stdout)
        let json = try PodmirrorBinary.json(
            try bin.run(["gitconfig", "insteadof", "list", "--json"], home: home.path, extraEnvironment: env))
        let specs = try XCTUnwrap(json["rules"] as? [[String: Any]])
        XCTAssertEqual(specs.map { $0["insteadOf"] as? String }, ["https://github.com/"], "\(specs)")
    }

    /// One section per URL as git writes them (`git config --add`): a second rule for the same mirror goes under its
    /// `[url "…"]`, podmirror's records under the one `[podmirror]`; libgit2 alone opens a new section each time.
    func testRulesShareTheirSectionsAsGitWritesThem() throws {
        let home = TempDirectory()
        for (prefix, mirror) in [
            ("https://github.com/", "https://m1.example/gh/"), ("https://bitbucket.org/", "https://m2.example/bb/"),
            ("https://gitlab.com/", "https://m1.example/gh/"),
        ] {
            let r = try bin.run(["gitconfig", "insteadof", "add", prefix, mirror], home: home.path)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let text = String(decoding: try home.read(".gitconfig"), as: UTF8.self)
        XCTAssertEqual(
            text,
            """
            [url "https://m1.example/gh/"]
            \tinsteadOf = https://github.com/
            \tinsteadOf = https://gitlab.com/
            [podmirror]
            \tsourceMirror = https://github.com/ https://m1.example/gh/
            \tsourceMirror = https://bitbucket.org/ https://m2.example/bb/
            \tsourceMirror = https://gitlab.com/ https://m1.example/gh/
            [url "https://m2.example/bb/"]
            \tinsteadOf = https://bitbucket.org/

            """)
        XCTAssertEqual(
            try rules(home),
            "url.https://m1.example/gh/.insteadof https://github.com/\n"
                + "url.https://m1.example/gh/.insteadof https://gitlab.com/\n"
                + "url.https://m2.example/bb/.insteadof https://bitbucket.org/\n")
        // Removing one leaves the others where they are.
        let r = try bin.run(["gitconfig", "insteadof", "remove", "https://gitlab.com/"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let after = String(decoding: try home.read(".gitconfig"), as: UTF8.self)
        XCTAssertEqual(after.components(separatedBy: "[podmirror]").count, 2, after)
        XCTAssertFalse(after.contains("gitlab"), after)
    }

    func testBadPrefixIsAUsageErrorThatChangesNothing() throws {
        let home = TempDirectory()
        for args in [["not a url", "https://m.example/"], ["https://github.com/", ""], ["https://x/", "https://x/"]] {
            let r = try bin.run(["gitconfig", "insteadof", "add"] + args, home: home.path)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.sub(".gitconfig")))
    }

    func testSetupSourceMirrorWritesTheRulesOnceAndAgreesWithAdd() throws {
        let home = TempDirectory()
        let args = [
            "setup", "--source-mirror", "https://github.com/=https://mirror.example/gh/",
            "--source-mirror", "git@github.com:=https://mirror.example/gh/", "--json",
        ]
        var r = try bin.run(args, home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(try PodmirrorBinary.json(r)["changed"] as? Bool, true)
        let list = try rules(home)
        XCTAssertTrue(list.contains("url.https://mirror.example/gh/.insteadof https://github.com/\n"), list)
        XCTAssertTrue(list.contains("url.https://mirror.example/gh/.insteadof git@github.com:\n"), list)
        let bytes = try home.read(".gitconfig")
        r = try bin.run(args, home: home.path)
        XCTAssertEqual(try PodmirrorBinary.json(r)["changed"] as? Bool, false)
        XCTAssertEqual(try home.read(".gitconfig"), bytes)
        XCTAssertEqual(
            try bin.run(
                ["gitconfig", "insteadof", "add", "https://github.com/", "https://mirror.example/gh/", "--check"],
                home: home.path
            ).status, 0)
        r = try bin.run(["setup", "--source-mirror", "github.com/x"], home: home.path)
        XCTAssertEqual(r.status, 2, r.stderr)
        for prefix in ["https://github.com/", "git@github.com:"] {
            XCTAssertEqual(try bin.run(["gitconfig", "insteadof", "remove", prefix], home: home.path).status, 0)
        }
        XCTAssertEqual(try rules(home), "")
    }
}
