import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

/// What podmirror never does, checked on its own source (docs/reliability.md, security review):
/// child processes only through the one argv runner (ChildProcess), never a shell string, never Ruby code, never
/// `git` for work, never a TLS-verification override, never a transport that runs commands.
final class SecurityReviewTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources").path

    func sourceFiles() -> [(String, String)] {
        let e = FileManager.default.enumerator(atPath: Self.sources)
        var out: [(String, String)] = []
        while let p = e?.nextObject() as? String {
            guard p.hasSuffix(".swift") || p.hasSuffix(".c") || p.hasSuffix(".h") else { continue }
            out.append((p, (try? String(contentsOfFile: Self.sources + "/" + p, encoding: .utf8)) ?? ""))
        }
        return out
    }

    func testChildProcessesOnlyThroughArgvRunnersAndNeverAShell() {
        let files = sourceFiles()
        XCTAssertGreaterThan(files.count, 30)
        let spawning = files.filter {
            // `system(` and `popen(` as calls of their own, not the end of another name (git_config_find_system).
            $0.1.contains("Process()") || $0.1.contains("posix_spawn")
                || $0.1.range(of: "(^|[^A-Za-z0-9_])(system|popen)\\(", options: .regularExpression) != nil
        }
        // ChildProcess is the one runner: it streams (pod, gem) or captures (tar, xz, `pod --version`).
        XCTAssertEqual(
            Set(spawning.map { ($0.0 as NSString).lastPathComponent }),
            ["ChildProcess.swift"],
            "only the argv runners start processes")
        for (path, text) in files {
            for shell in [
                "\"/bin/sh\"", "\"/bin/bash\"", "\"sh\", \"-c\"", "\"bash\", \"-c\"", "\"-e\", \"ruby\"",
                "\"ruby\", \"-e\"",
            ] {
                XCTAssertFalse(text.contains(shell), "\(path) mentions \(shell)")
            }
        }
    }

    func testTLSVerificationIsNeverTurnedOff() {
        for (path, text) in sourceFiles() {
            for override in [
                "certificate_check", "GIT_OPT_SET_SSL_CERT_LOCATIONS", "serverTrust", "allowsInvalid", "SSL_VERIFY",
                "sslVerify", "http.sslVerify",
            ] {
                XCTAssertFalse(text.contains(override), "\(path) touches TLS verification (\(override))")
            }
        }
    }

    func testRepoNamesWithNULOrLeadingDashAreRefused() {
        // NUL cannot come through argv; it can through an API caller or a file.
        for bad in ["a\u{0}b", "\u{0}", "-rf", "--x", "..", "a/b"] {
            XCTAssertThrowsError(try SpecRepoNaming.validate(bad), bad)
        }
    }

    func testCommandRunningTransportsAreRefusedBeforeLibgit2() {
        for url in [
            "ext::sh -c touch% /tmp/x", "fd::17", "fd::3,4", "ftp://example.com/Specs.git", "javascript://x@y:1",
        ] {
            XCTAssertThrowsError(try GitURL.validate(url), url)
        }
        for url in [
            "https://example.com/Specs.git", "http://127.0.0.1:1/Specs.git", "ssh://git@example.com/Specs.git",
            "git@example.com:CocoaPods/Specs.git", "git://example.com/Specs.git", "file:///tmp/Specs", "/tmp/Specs",
        ] {
            XCTAssertNoThrow(try GitURL.validate(url), url)
        }
    }
}
