import Foundation
import PodMirrorTestSupport
import XCTest

/// `setup` with spec repos, against a real git smart-HTTP server on 127.0.0.1.
final class SetupSpecRepoTests: XCTestCase {
    let bin = InProcessPodmirror()

    func testMirrorSetupClonesEditsPodfileAndSecondRunChangesNothing() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        let specs = try SpecsFixture(root: served.path, name: "Specs", pods: 30, commits: 3)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        let url = server.url("Specs.git")
        try home.write(
            "Podfile",
            "source 'https://cdn.cocoapods.org/'\nsource 'https://git.example.com/private/specs.git'\n\n"
                + "target 'App' do\n  pod 'A'\nend\n"
        )
        // A trunk CDN folder as CocoaPods leaves it.
        try home.write(".cocoapods/repos/trunk/.url", "https://cdn.cocoapods.org/")
        let args = [
            "setup", "--strategy", "podfile", "--mirror", url, "--podfile", home.sub("Podfile"), "--remove-trunk",
        ]

        XCTAssertEqual(try bin.run(args + ["--check"], home: home.path).status, 3)
        let r = try bin.run(args + ["--json"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let kinds = (try PodmirrorBinary.json(r)["changes"] as? [[String: Any]])?.map { $0["kind"] as? String }
        XCTAssertEqual(kinds, ["spec-repo-clone", "podfile-edit", "spec-repo-remove"])

        // The clone is one CocoaPods accepts (checked with git as the reference).
        let listing = try FileManager.default.contentsOfDirectory(atPath: home.sub(".cocoapods/repos")).filter {
            !$0.hasPrefix("Spec_Lock")
        }
        XCTAssertEqual(listing.count, 1, "\(listing)")
        let clone = home.sub(".cocoapods/repos/" + listing[0])
        XCTAssertEqual(try ProcessRunner.git(["-C", clone, "config", "--get", "remote.origin.url"]).stdout, url + "\n")
        XCTAssertEqual(
            try ProcessRunner.git(["-C", clone, "rev-parse", "HEAD"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines), specs.head)
        XCTAssertEqual(try ProcessRunner.git(["-C", clone, "status", "--porcelain"]).stdout, "")
        XCTAssertEqual(
            try ProcessRunner.git(["-C", clone, "rev-parse", "--verify", "refs/remotes/origin/master"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.sub(".cocoapods/repos/trunk")), "trunk removed")
        XCTAssertEqual(
            String(decoding: try home.read("Podfile"), as: UTF8.self),
            "source '\(url)'\nsource 'https://git.example.com/private/specs.git'\n\ntarget 'App' do\n  pod 'A'\nend\n")

        let again = try bin.run(args + ["--json"], home: home.path)
        XCTAssertEqual(again.status, 0, again.stderr)
        let changes = try PodmirrorBinary.json(again)["changes"] as? [[String: Any]] ?? []
        XCTAssertTrue(changes.allSatisfy { $0["changed"] as? Bool == false }, "\(changes)")
        XCTAssertEqual(try bin.run(args + ["--check"], home: home.path).status, 0)
    }

    func testUnreachableMirrorIsRefusedBeforeAnyChange() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        _ = try SpecsFixture(root: served.path, name: "Specs", pods: 5, commits: 1)
        let server = try GitHTTPServer(root: served.path)
        server.setFault(.http500)
        defer { server.stop() }
        try home.write("Podfile", "target 'App' do\nend\n")
        let r = try bin.run(
            [
                "setup", "--strategy", "podfile", "--mirror", server.url("Specs.git"), "--podfile", home.sub("Podfile"),
                "--json",
            ], home: home.path)
        XCTAssertEqual(r.status, 4, r.stdout + r.stderr)
        XCTAssertEqual((try PodmirrorBinary.json(r)["error"] as? [String: Any])?["code"] as? String, "mirror.unhealthy")
        XCTAssertEqual(String(decoding: try home.read("Podfile"), as: UTF8.self), "target 'App' do\nend\n")
        let repos = (try? FileManager.default.contentsOfDirectory(atPath: home.sub(".cocoapods/repos"))) ?? []
        XCTAssertEqual(repos.filter { !$0.hasPrefix("Spec_Lock") }, [], "no repo, no temporary folder")
    }

    func testAPodfileThatCannotBeWrittenIsFoundBeforeTheClone() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        _ = try SpecsFixture(root: served.path, name: "Specs", pods: 5, commits: 1)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        try home.write("App/Podfile", "target 'App' do\nend\n")
        // Immutable: even root cannot create the temporary file the atomic write needs.
        guard try ProcessRunner.run("/usr/bin/chattr", ["+i", home.sub("App")]).status == 0 else {
            throw XCTSkip("chattr +i is not available here")
        }
        defer { _ = try? ProcessRunner.run("/usr/bin/chattr", ["-i", home.sub("App")]) }
        let args = [
            "setup", "--strategy", "podfile", "--mirror", server.url("Specs.git"), "--podfile", home.sub("App/Podfile"),
            "--platform",
            "ios:13.0",
        ]
        let r = try bin.run(args, home: home.path)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains(home.sub("App/Podfile")), r.stderr)
        XCTAssertEqual(server.bytesSent, 0, "no clone before the cheap check")
        let repos = (try? FileManager.default.contentsOfDirectory(atPath: home.sub(".cocoapods/repos"))) ?? []
        XCTAssertEqual(repos.filter { !$0.hasPrefix("Spec_Lock") }, [])
    }

    /// `--strategy insteadof` leaves the Podfile alone and converges: CocoaPods matches a Podfile source to a repo
    /// by the raw origin URL (insteadOf is not applied), so the repo keeps the GitHub URL the Podfile names and
    /// the rules send its transfers to the mirror; doctor finds no unmatched source and `setup --check` agrees.
    func testInsteadOfStrategyLeavesPodfileAloneAndSetupDoctorAndCheckAgree() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        let specs = try SpecsFixture(root: served.path, name: "Specs", pods: 5, commits: 1)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        let podfile = "source 'https://github.com/CocoaPods/Specs.git'\ntarget 'App' do\nend\n"
        try home.write("Podfile", podfile)
        let setup = [
            "setup", "--strategy", "podfile", "--mirror", server.url("Specs.git"), "--strategy", "insteadof",
            "--podfile", home.sub("Podfile"),
            "--inhibit-warnings", "--no-verify",
        ]
        let dry = try PodmirrorBinary.json(try bin.run(setup + ["--dry-run", "--json"], home: home.path))
        let clone = ((dry["changes"] as? [[String: Any]]) ?? []).first { $0["kind"] as? String == "spec-repo-clone" }
        let details = clone?["details"] as? [String: Any]
        XCTAssertEqual(details?["via"] as? String, server.url("Specs.git"), "the clone goes through the mirror: \(dry)")
        let r = try bin.run(setup, home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(
            r.stdout.contains("https://github.com/CocoaPods/Specs.git through the mirror \(server.url("Specs.git"))"),
            r.stdout)
        let text = String(decoding: try home.read("Podfile"), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("source 'https://github.com/CocoaPods/Specs.git'\n"), text)
        XCTAssertTrue(text.contains("inhibit_all_warnings!"), text)
        let rules = try ProcessRunner.git(
            ["config", "--global", "--get-regexp", "^url\\..*\\.insteadof$"],
            environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
        XCTAssertTrue(
            rules.stdout.contains(server.url("Specs.git"))
                && rules.stdout.contains("https://github.com/CocoaPods/Specs.git"), rules.stdout)
        let repos = home.sub(".cocoapods/repos")
        let names = try FileManager.default.contentsOfDirectory(atPath: repos).filter { !$0.hasPrefix(".") }
            .filter { $0 != "Spec_Lock" }
        XCTAssertEqual(names.count, 1, "\(names)")
        let repo = repos + "/" + (names.first ?? "")
        let origin = try ProcessRunner.git(["-C", repo, "config", "--get", "remote.origin.url"])
        XCTAssertEqual(
            origin.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "https://github.com/CocoaPods/Specs.git")
        let head = try ProcessRunner.git(["-C", repo, "rev-parse", "HEAD"])
        XCTAssertEqual(head.stdout.trimmingCharacters(in: .whitespacesAndNewlines), specs.head, "from the mirror")

        let doctor = try bin.run(["doctor", "--offline", "--podfile", home.sub("Podfile"), "--json"], home: home.path)
        let findings = (try PodmirrorBinary.json(doctor)["findings"] as? [[String: Any]]) ?? []
        let errors = findings.filter { $0["severity"] as? String == "error" }.compactMap { $0["id"] as? String }
        XCTAssertEqual(errors, [], doctor.stdout)
        let check = try bin.run(setup + ["--check"], home: home.path)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let again = try bin.run(setup + ["--json"], home: home.path)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertEqual((try PodmirrorBinary.json(again))["changed"] as? Bool, false, again.stdout)
    }
}
