import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// Doctor findings, each triggered once. `pod`, `gem` and `ruby` are recording stand-ins on PATH.
final class DoctorTests: XCTestCase {
    let catalog = try! MirrorCatalog.bundled()
    let tuna = "https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git"

    func standIn(_ dir: TempDirectory, _ name: String, _ body: String) throws {
        let path = try dir.write("bin/\(name)", "#!/bin/sh\necho \"\(name) $@\" >> \(dir.path)/calls.log\n\(body)\n")
        chmod(path, 0o755)
    }

    /// A clone-shaped repo made with the git CLI (reference tool), origin set to `url`.
    func makeRepo(_ path: String, url: String, tracking: Bool = true) throws {
        try ProcessRunner.git(["init", "-q", "-b", "master", path])
        try Data("spec\n".utf8).write(to: URL(fileURLWithPath: path + "/README"))
        try ProcessRunner.git(["-C", path, "add", "."])
        try ProcessRunner.git(["-C", path, "commit", "-qm", "one"])
        try ProcessRunner.git(["-C", path, "remote", "add", "origin", url])
        if tracking { try ProcessRunner.git(["-C", path, "update-ref", "refs/remotes/origin/master", "HEAD"]) }
    }

    func testEveryFindingOnABrokenMachine() throws {
        let home = TempDirectory()
        try standIn(home, "pod", "echo 1.16.2")
        try standIn(home, "gem", "echo 3.5.22")
        try standIn(home, "ruby", "exit 1")
        let repos = home.sub("repos")
        try makeRepo(repos + "/tuna", url: tuna)
        try Data("changed\n".utf8).write(to: URL(fileURLWithPath: repos + "/tuna/README"))
        try makeRepo(repos + "/detached", url: "https://example.com/a/specs.git")
        try ProcessRunner.git(["-C", repos + "/detached", "checkout", "-q", "--detach"])
        try makeRepo(repos + "/notrack", url: "https://example.com/b/specs.git", tracking: false)
        try makeRepo(repos + "/locked", url: "https://example.com/c/specs.git")
        try home.write("repos/locked/.git/index.lock", "")
        try home.write("repos/trunk/.url", "https://cdn.cocoapods.org/")
        let lockPath = try home.write("repos/Spec_Lock", "")
        let held = open(lockPath, O_RDONLY)
        XCTAssertEqual(flock(held, LOCK_EX), 0)
        defer { close(held) }
        let podfile = try home.write(
            "app/Podfile",
            "source '\(tuna.lowercased())'\nsource \"https://mirrors.bfsu.edu.cn/git/CocoaPods/Specs.git\"\n"
                + "# source 'https://cdn.cocoapods.org/'\nplatform :ios, '13.0'\n"
        )
        let broken = try StaticHTTPServer(routes: [:], mode: .error500)
        try home.write(".gemrc", ":sources:\n- \(broken.url)/\n")

        let env = RuntimeEnvironment(
            variables: [
                "HOME": home.path, "PATH": home.sub("bin"), "LANG": "C", "CP_REPOS_DIR": repos,
                // Not the host's /etc/gitconfig (its insteadOf rules would be reported as source mirrors).
                "GIT_CONFIG_NOSYSTEM": "1",
            ],
            currentDirectory: home.path)
        let report = Doctor(environment: env, catalog: catalog, podfiles: [podfile], timeout: 3).run()
        let ids = report.findings.map(\.id.rawValue)
        let expected = [
            "tool.git.missing", "tool.ruby.broken", "tool.gem", "tool.pod", "locale.not-utf8", "repo.lock-held",
            "repo.detached", "repo.stale-git-lock", "repo.no-tracking-ref", "repo.dirty",
            "podfile.source-unmatched", "podfile.trunk-with-mirror", "gems.source-unreachable",
            "pods.no-source-mirrors",
        ]
        XCTAssertEqual(Set(ids), Set(expected), "\(report.findings)")
        XCTAssertEqual(ids.count, expected.count, "each finding once: \(ids)")
        let byID = Dictionary(report.findings.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byID["tool.pod"]?.message, "pod: 1.16.2 (\(home.sub("bin/pod")))")
        XCTAssertEqual(byID["repo.dirty"]?.subject, "tuna")
        // The reinstall hint holds the install hint, in one language: English in JSON, the reader's in text.
        let ruby = try XCTUnwrap(byID["tool.ruby.broken"])
        XCTAssertEqual(ruby.explanation?.hasPrefix("reinstall it: install Ruby (macOS ships one"), true, "\(ruby)")
        XCTAssertEqual(ruby.explanationText?.english, ruby.explanation)
        XCTAssertEqual(
            ruby.explanationText?.text(in: .simplifiedChinese).hasPrefix("请重新安装：安装 Ruby（macOS 自带一个"), true)
        XCTAssertEqual(byID["repo.no-tracking-ref"]?.subject, "notrack")
        XCTAssertTrue(byID["podfile.source-unmatched"]?.message.contains("bfsu") ?? false)
        XCTAssertEqual(
            byID["podfile.source-unmatched"]?.fix,
            "podmirror repo use https://mirrors.bfsu.edu.cn/git/CocoaPods/Specs.git")
        // Every finding says what to do: a command in `fix`, or words in `explanation` when no command can.
        XCTAssertTrue(report.findings.allSatisfy { $0.severity == .note || $0.fix != nil || $0.explanation != nil })
        XCTAssertGreaterThan(report.errors, 0)
        // The stand-ins were asked for their version only.
        XCTAssertEqual(
            Set(String(decoding: try home.read("calls.log"), as: UTF8.self).split(separator: "\n")),
            ["ruby --version", "gem --version", "pod --version"])
    }

    /// A gem source that does not answer: the probe's problem in Chinese for a zh-Hans reader, English in JSON.
    func testUnreachableGemSourceProblemIsLocalized() throws {
        try RunScope.current.with(language: .simplifiedChinese).run {
            let home = TempDirectory("doctor-gems-zh")
            let stuck = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .slow(3))
            try home.write(".gemrc", ":sources:\n- \(stuck.url)/\n")
            let env = RuntimeEnvironment(
                variables: ["HOME": home.path, "PATH": home.sub("bin"), "LANG": "C", "GIT_CONFIG_NOSYSTEM": "1"],
                currentDirectory: home.path)
            let report = Doctor(environment: env, catalog: try MirrorCatalog.bundled(), timeout: 0.5).run()
            let finding = try XCTUnwrap(report.findings.first { $0.id == .gemsSourceUnreachable }, "\(report.findings)")
            XCTAssertTrue(finding.text?.localized.contains("0.5 秒内没有响应") ?? false, "\(finding)")
            XCTAssertTrue(finding.message.contains("no answer within 0.5 s"), finding.message)
        }
    }

    func testCleanMachineHasNoErrorsAndMissingReposIsANote() throws {
        let home = TempDirectory()
        try standIn(home, "pod", "echo 1.16.2")
        let fast = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes())
        try home.write(".gemrc", ":sources:\n- \(fast.url)/\n")
        let env = RuntimeEnvironment(
            variables: ["HOME": home.path, "PATH": home.sub("bin") + ":/usr/bin:/bin", "LC_ALL": "en_US.UTF-8"],
            currentDirectory: home.path)
        let report = Doctor(environment: env, catalog: catalog, timeout: 3).run()
        XCTAssertEqual(report.errors, 0, "\(report.findings)")
        XCTAssertTrue(report.findings.contains { $0.id.rawValue == "repos.missing" && $0.severity == .note })
    }

    func testInvalidGemrcIsAnError() throws {
        let home = TempDirectory()
        try home.write(".gemrc", ":sources: [\n")
        let env = RuntimeEnvironment(
            variables: ["HOME": home.path, "PATH": "/nonexistent", "LANG": "en_US.UTF-8"], currentDirectory: home.path)
        let report = Doctor(environment: env, catalog: catalog, checkNetwork: false).run()
        XCTAssertEqual(report.findings.filter { $0.id.rawValue == "gems.gemrc-invalid" }.count, 1)
        XCTAssertTrue(
            report.findings.first { $0.id.rawValue == "gems.gemrc-invalid" }?.message.contains(home.path + "/.gemrc")
                ?? false)
    }

    func testPodfileSourceMatchingFollowsCocoaPodsURLRules() throws {
        let home = TempDirectory()
        let repos = home.sub("repos")
        try makeRepo(repos + "/cocoapods", url: "https://github.com/CocoaPods/Specs.git")
        try makeRepo(repos + "/tsinghua-git-cocoapods", url: tuna)
        let env = RuntimeEnvironment(
            variables: ["HOME": home.path, "PATH": "/nonexistent", "LANG": "en_US.UTF-8", "CP_REPOS_DIR": repos],
            currentDirectory: home.path)
        // ssh GitHub spelling matches the https clone; case and `.git` do not matter; `.git/` does (CocoaPods drops
        // `.git` first).
        let good = try home.write(
            "good/Podfile",
            "source 'git@github.com:CocoaPods/Specs.git'\n"
                + "source 'HTTPS://MIRRORS.TUNA.TSINGHUA.EDU.CN/git/CocoaPods/Specs/'\n"
        )
        let bad = try home.write("bad/Podfile", "source '\(tuna)/'\n")
        XCTAssertEqual(
            Doctor(environment: env, catalog: catalog, podfiles: [good], checkNetwork: false).run().findings.filter {
                $0.id.rawValue.hasPrefix("podfile.")
            }.map(\.id), [.podfileFine])
        XCTAssertEqual(
            Doctor(environment: env, catalog: catalog, podfiles: [bad], checkNetwork: false).run().findings.map(
                \.id.rawValue
            )
            .filter { $0.hasPrefix("podfile.") },
            ["podfile.source-unmatched"])
    }
}
