import Foundation
import PodMirrorTestSupport
import XCTest

/// Hostile input through the built binary: credentials in URLs, transports that run commands,
/// option-looking arguments, binary and invalid-UTF-8 config files. Each gets a clear error (or is
/// handled) and changes nothing; a secret never appears in any output.
final class HostileInputTests: ReliabilityTestCase {
    static let secret = "s3cr3t-T0KEN"

    /// Every way a run can show text: stdout, stderr, the JSON document.
    func assertNoSecret(_ r: ProcessResult, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(r.stdout.contains(Self.secret), "secret on stdout: \(r.stdout)", file: file, line: line)
        XCTAssertFalse(r.stderr.contains(Self.secret), "secret on stderr: \(r.stderr)", file: file, line: line)
        XCTAssertFalse(
            r.stdout.contains("deploy:"), "user name with password on stdout: \(r.stdout)", file: file, line: line)
    }

    func testGemSourceWithCredentialsIsWrittenButNeverShown() throws {
        let home = TempDirectory()
        try home.write(".gemrc", "---\n:sources:\n- https://rubygems.org/\n")
        let url = "https://deploy:\(Self.secret)@gems.private.example/"
        for mode in [["--dry-run"], ["--check"], ["--json", "--dry-run"], [], ["--json"]] {
            let r = try bin.run(["gems", "source", "use", url, "--bundler"] + mode, home: home.path)
            XCTAssertTrue([0, 3].contains(r.status), "\(mode): \(r.stderr)")
            assertNoSecret(r)
        }
        // The user asked for it: the file itself holds the credentials RubyGems needs.
        XCTAssertTrue(String(decoding: try home.read(".gemrc"), as: UTF8.self).contains(Self.secret))
        for args in [
            ["gems", "source", "list"], ["gems", "source", "list", "--json"], ["doctor"], ["doctor", "--json"],
        ] {
            assertNoSecret(try bin.run(args, home: home.path))
        }
    }

    func testGitconfigMirrorWithCredentialsNeverShownEvenInDiffs() throws {
        let home = TempDirectory()
        let url = "https://deploy:\(Self.secret)@127.0.0.1:9/Specs.git"
        for mode in [["--dry-run"], ["--json", "--dry-run"], ["--check"], ["--json"], []] {
            let r = try bin.run(["gitconfig", "insteadof", "use", url] + mode, home: home.path)
            XCTAssertTrue([0, 3].contains(r.status), "\(mode): \(r.stderr)")
            assertNoSecret(r)
        }
        for args in [
            ["gitconfig", "insteadof", "list"], ["gitconfig", "insteadof", "list", "--json"],
            ["gitconfig", "insteadof", "reset", "--dry-run"], ["gitconfig", "insteadof", "reset", "--json"],
        ] {
            assertNoSecret(try bin.run(args, home: home.path))
        }
    }

    func testCredentialsInAFailingRunStayOutOfTheErrorAndJSON() throws {
        // The write fails (immutable gemrc): the error text, the JSON report and its per-change error carry no secret.
        let home = TempDirectory()
        let gemrc = try home.write(
            ".gemrc", "---\n:sources:\n- https://deploy:\(Self.secret)@old.private.example/\n- https://rubygems.org/\n")
        try makeImmutable(gemrc)
        let before = TreeSnapshot(home.path)
        for mode in [["--json"], []] {
            let r = try bin.run(
                ["gems", "source", "use", "https://deploy:\(Self.secret)@gems.private.example/"] + mode, home: home.path
            )
            assertFailedCleanly(r, status: 1, mentions: [gemrc], before: before)
            assertNoSecret(r)
        }
    }

    func testMirrorTestNeverShowsCredentials() throws {
        let home = TempDirectory()
        // Port 9 (discard) on loopback: refused at once; the URL must still be shown redacted.
        let r = try bin.run(
            ["mirror", "test", "https://deploy:\(Self.secret)@127.0.0.1:9/Specs.git", "--json"], home: home.path)
        assertNoSecret(r)
        XCTAssertEqual(r.status, 4, r.stdout + r.stderr)
        // Nothing under HOME (caches, logs) holds the secret either.
        for path in home.listing() {
            let bytes = (try? home.read(path)) ?? []
            XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains(Self.secret), "secret written to \(path)")
        }
    }

    func testCommandRunningTransportsAreRefused() throws {
        // git's ext:: and fd:: transports run commands or use file descriptors; podmirror must never write them.
        let home = TempDirectory()
        try home.write(".gitconfig", "[user]\n\tname = Someone\n")
        try home.write(".gemrc", "---\n:sources:\n- https://rubygems.org/\n")
        let before = TreeSnapshot(home.path)
        let hostile = [
            "ext::sh -c touch% /tmp/pwned", "ext::sh -c 'curl x@evil:1'", "fd::17", "fd::3,4/x@y:z",
            "ftp://mirror.example/Specs.git", "javascript://x@y:1",
        ]
        for value in hostile {
            for args in [
                ["gitconfig", "insteadof", "use", value], ["gems", "source", "use", value], ["mirror", "test", value],
            ] {
                let r = try bin.run(args + ["--json"], home: home.path)
                XCTAssertEqual(r.status, 2, "\(args) must be refused as usage: \(r.stdout) \(r.stderr)")
                assertUnchanged(before)
            }
        }
    }

    func testOptionLookingArgumentsAreNotTakenAsValues() throws {
        let home = TempDirectory()
        try home.write(".gemrc", "---\n:sources:\n- https://rubygems.org/\n")
        let before = TreeSnapshot(home.path)
        for args in [
            ["gems", "source", "use", "--upload-pack=touch /tmp/x"], ["gitconfig", "insteadof", "use", "-c"],
            ["gitconfig", "insteadof", "use", "--", "--config=core.sshCommand=touch /tmp/x"],
            ["gems", "source", "use", "--", "-rubygems"], ["mirror", "test", "--", "--json"],
        ] {
            let r = try bin.run(args, home: home.path)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stdout) \(r.stderr)")
            XCTAssertFalse(r.stderr.isEmpty, "a usage error says why: \(args)")
            assertUnchanged(before)
        }
    }

    func testHostileRepoNamesAreRefusedBeforeAnythingHappens() throws {
        // Nothing listens on port 9: a name that got through would give exit 4, not 2.
        let home = TempDirectory()
        let url = "http://127.0.0.1:9/Specs.git"
        for name in [
            "-rf", "--upload-pack=x", "..", "../../etc", "a/../b", "/abs", "a/b", "a\\b", "\u{1B}[31mred", "new\nline",
        ] {
            // New names are validated (usage error); names of existing repos are looked up and not found.
            for args in [["repo", "add", "--", name, url], ["repo", "use", url, "--name", name]] {
                let r = try bin.run(args, home: home.path)
                XCTAssertEqual(r.status, 2, "\(args): \(r.stdout) \(r.stderr)")
            }
            // (`repo update ..` used to find the parent folder and answer "nothing to do", exit 0.)
            for args in [["repo", "remove", "--", name], ["repo", "update", "--", name]] {
                let r = try bin.run(args, home: home.path)
                XCTAssertTrue([1, 2].contains(r.status), "\(args): \(r.stdout) \(r.stderr)")
            }
        }
        XCTAssertEqual(home.listing().filter { !$0.hasPrefix(".cocoapods") }, [])
    }

    func testInvalidUTF8AndBinaryGemrcAreRefusedNamingTheFile() throws {
        let cases: [(String, [UInt8])] = [
            ("invalid UTF-8", Array("---\n:sources:\n- https://rubygems.org/\n# caf".utf8) + [0xE9, 0x0A]),
            ("binary", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }),
            ("NUL bytes", Array("---\n:sources:\n- https://rubygems.org/\0\n".utf8)),
            ("not a mapping", Array("- just\n- a list\n".utf8)),
            // These three crashed the process (stack overflow in the YAML parser) before YAMLNesting.
            (
                "deeply nested flow",
                Array((String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n").utf8)
            ),
            ("deeply nested compact", Array((String(repeating: "- ", count: 20_000) + "x\n").utf8)),
            (
                "deeply nested mappings",
                Array(
                    (String(repeating: "{a: ", count: 20_000) + "1" + String(repeating: "}", count: 20_000) + "\n").utf8
                )
            ),
        ]
        for (name, bytes) in cases {
            let home = TempDirectory()
            let gemrc = try home.write(".gemrc", bytes)
            let before = TreeSnapshot(home.path)
            let r = try bin.run(["gems", "source", "use", "tuna"], home: home.path)
            XCTAssertNotEqual(r.status, 0, name)
            XCTAssertTrue([1, 2].contains(r.status), "\(name): a clear error, not a crash (\(r.status)): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(gemrc), "\(name): the message names the file: \(r.stderr)")
            assertUnchanged(before)
        }
    }

    func testDeeplyNestedBundlerConfigIsRefusedNotACrash() throws {
        let home = TempDirectory()
        try home.write(".gemrc", "---\n:sources:\n- https://rubygems.org/\n")
        let config = try home.write(".bundle/config", "---\nBUNDLE_X: " + String(repeating: "[", count: 20_000) + "\n")
        let before = TreeSnapshot(home.path)
        let r = try bin.run(["gems", "source", "use", "tuna", "--bundler"], home: home.path)
        assertFailedCleanly(r, status: 1, mentions: [config, "levels deep"], before: before)
    }

    func testHugeGemrcIsEditedWithoutTouchingOtherBytes() throws {
        // 4 MB of comments and unrelated keys around the sources: the edit touches only the one item.
        let home = TempDirectory()
        let noise = (0..<60_000).map { "# line \($0) of a generated config file\n" }.joined()
        let original = "---\n" + noise + ":sources:\n- https://rubygems.org/\n- https://gems.private.example/\n" + noise
        try home.write(".gemrc", original)
        let r = try bin.run(["gems", "source", "use", "tuna"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            String(decoding: try home.read(".gemrc"), as: UTF8.self),
            original.replacingOccurrences(
                of: "- https://rubygems.org/", with: "- https://mirrors.tuna.tsinghua.edu.cn/rubygems/"))
    }
}
