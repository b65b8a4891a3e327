import Foundation
import PodMirrorTestSupport
import XCTest

/// Every `fix` doctor prints is a command that runs as written and makes its finding go away.
final class DoctorFixCLITests: XCTestCase {
    let bin = PodmirrorBinary()

    func doctor(_ home: TempDirectory, _ podfile: String, _ env: [String: String]) throws -> [[String: Any]] {
        let r = try bin.run(
            ["doctor", "--offline", "--podfile", podfile, "--json"], home: home.path, extraEnvironment: env)
        return try PodmirrorBinary.json(r)["findings"] as? [[String: Any]] ?? []
    }

    func testEverySuggestedFixRunsAsWrittenAndDoctorAgreesAfterwards() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        _ = try SpecsFixture(root: served.path, name: "Specs", pods: 5, commits: 1)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        let url = server.url("Specs.git")
        XCTAssertEqual(try bin.run(["repo", "add", "mirror", url], home: home.path).status, 0)
        // Findings: a URL mirror beside trunk, a stale git lock, LC_ALL=C over a UTF-8 LANG.
        try home.write(".cocoapods/repos/trunk/.url", "https://cdn.cocoapods.org/")
        try home.write(".cocoapods/repos/mirror/.git/index.lock", "")
        // A second clone, detached and locally modified.
        XCTAssertEqual(try bin.run(["repo", "add", "other", url], home: home.path).status, 0)
        let other = home.sub(".cocoapods/repos/other")
        try ProcessRunner.git(["-C", other, "checkout", "-q", "--detach"])
        try Data("changed\n".utf8).write(to: URL(fileURLWithPath: other + "/CocoaPods-version.yml"))
        let podfile = try home.write("Podfile", "source '\(url)'\ntarget 'App' do\nend\n")
        var env = ["LC_ALL": "C", "LANG": "en_US.UTF-8"]

        let before = try doctor(home, podfile, env)
        let wanted = [
            "locale.not-utf8", "repo.stale-git-lock", "podfile.trunk-with-mirror", "repo.detached", "repo.dirty",
        ]
        let fixes = before.filter { wanted.contains($0["id"] as? String ?? "") }
        XCTAssertEqual(Set(fixes.compactMap { $0["id"] as? String }), Set(wanted), "\(before)")
        for finding in before {
            XCTAssertTrue(
                finding.keys.contains("fix") && finding.keys.contains("explanation"), "null, not missing: \(finding)")
        }
        for finding in fixes {
            let fix = try XCTUnwrap(finding["fix"] as? String, "\(finding)")
            XCTAssertFalse(fix.contains("(") || fix.contains("  "), "a command, not prose: \(fix)")
            let words = fix.split(separator: " ").map(String.init)
            switch words[0] {
            case "export":
                let pair = words[1].split(separator: "=", maxSplits: 1).map(String.init)
                env[pair[0]] = pair[1]
            case "podmirror":
                let r = try bin.run(Array(words.dropFirst()), home: home.path, extraEnvironment: env)
                XCTAssertEqual(r.status, 0, "\(fix): \(r.stdout)\(r.stderr)")
            default:
                let r = try ProcessRunner.run(ProcessRunner.which(words[0]) ?? words[0], Array(words.dropFirst()))
                XCTAssertEqual(r.status, 0, "\(fix): \(r.stderr)")
            }
        }
        let after = try doctor(home, podfile, env).compactMap { $0["id"] as? String }
        XCTAssertTrue(Set(after).isDisjoint(with: wanted), "\(after)")
    }

    func testNoInstallCocoaPodsFixWithoutGem() throws {
        let home = TempDirectory()
        let empty = TempDirectory()
        let podfile = try home.write("Podfile", "target 'App' do\nend\n")
        let findings = try doctor(home, podfile, ["PATH": empty.path])
        let pod = try XCTUnwrap(findings.first { $0["id"] as? String == "tool.pod.missing" })
        XCTAssertTrue(pod["fix"] is NSNull, "\(pod)")
        XCTAssertTrue((pod["explanation"] as? String ?? "").contains("RubyGems"), "\(pod)")
    }

    func testEveryAreaThatIsFineSaysSoAndFixesComeInDependencyOrder() throws {
        let home = TempDirectory()
        try FileManager.default.createDirectory(
            atPath: home.sub(".cocoapods/repos"), withIntermediateDirectories: true)
        let podfile = try home.write("App/Podfile", "platform :ios, '13.0'\ntarget 'App' do\nend\n")
        let env = ["PATH": "/usr/bin:/bin"]
        let r = try bin.run(["doctor", "--offline", "--podfile", podfile], home: home.path, extraEnvironment: env)
        for line in [
            "spec repos: 0 in \(home.sub(".cocoapods/repos"))", "\(podfile): every source has a local spec repo",
            "no source mirrors (git insteadOf rules) for pod sources",
        ] {
            XCTAssertTrue(r.stdout.contains(line), "\(line): \(r.stdout)")
        }
        XCTAssertTrue(r.stdout.contains("gem sources") || r.stdout.contains("no gem sources"), r.stdout)
        let json = try PodmirrorBinary.json(
            try bin.run(
                ["doctor", "--offline", "--podfile", podfile, "--json"], home: home.path, extraEnvironment: env))
        let ids = try XCTUnwrap(json["findings"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        // CocoaPods is installed through a gem source: the gem findings come before `pod`'s.
        let gems = try XCTUnwrap(ids.firstIndex { $0.hasPrefix("gems.") }, "\(ids)")
        let pod = try XCTUnwrap(ids.firstIndex { $0.hasPrefix("tool.pod") }, "\(ids)")
        let gem = try XCTUnwrap(ids.firstIndex { $0.hasPrefix("tool.gem") }, "\(ids)")
        XCTAssertLessThan(gem, gems)
        XCTAssertLessThan(gems, pod)
        XCTAssertLessThan(pod, try XCTUnwrap(ids.firstIndex(of: "repos.fine")))
    }
}
