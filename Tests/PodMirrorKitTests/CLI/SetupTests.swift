import Foundation
import PodMirrorTestSupport
import XCTest

/// `podmirror setup` end to end, in temporary HOMEs.
final class SetupTests: XCTestCase {
    let bin = InProcessPodmirror()
    let podfile = "platform :ios, '12.0'\n\ntarget 'App' do\n  pod 'Alamofire'\nend\n"

    func args(_ home: TempDirectory, _ extra: [String] = []) -> [String] {
        [
            "setup", "--podfile", home.sub("Podfile"), "--platform", "ios:13.0", "--inhibit-warnings",
            "--build-setting", "IPHONEOS_DEPLOYMENT_TARGET=13.0", "--gems", "ruby-china", "--bundler", "--no-verify",
        ] + extra
    }

    /// Every file under HOME with its bytes and inode: a second run must not even replace a file.
    func state(_ home: TempDirectory) throws -> [String: String] {
        var out: [String: String] = [:]
        for p in home.listing() where !FileManager.default.isDirectory(home.sub(p)) {
            let attrs = try FileManager.default.attributesOfItem(atPath: home.sub(p))
            out[p] = "\(try home.read(p).hashValue)/\((attrs[.systemFileNumber] as? NSNumber)?.intValue ?? -1)"
        }
        return out
    }

    func testCheckApplyAndSecondRunIsByteIdentical() throws {
        let home = TempDirectory()
        try home.write("Podfile", podfile)
        XCTAssertEqual(try bin.run(args(home, ["--check"]), home: home.path).status, 3, "drift before")
        XCTAssertEqual(try home.read("Podfile"), Array(podfile.utf8), "--check changes nothing")
        let first = try bin.run(args(home, ["--json"]), home: home.path)
        XCTAssertEqual(first.status, 0, first.stderr)
        let json = try PodmirrorBinary.json(first)
        XCTAssertEqual(json["changed"] as? Bool, true)
        XCTAssertEqual(
            (json["changes"] as? [[String: Any]])?.map { $0["kind"] as? String },
            ["gemrc-edit", "bundler-config-edit", "podfile-edit"])
        let text = String(decoding: try home.read("Podfile"), as: UTF8.self)
        XCTAssertTrue(
            text.contains("platform :ios, '13.0'") && text.contains("inhibit_all_warnings!")
                && text.contains("IPHONEOS_DEPLOYMENT_TARGET"), text)
        XCTAssertTrue(
            String(decoding: try home.read(".bundle/config"), as: UTF8.self).contains(
                "BUNDLE_MIRROR__HTTPS://RUBYGEMS__ORG/"))

        let before = try state(home)
        let second = try bin.run(args(home, ["--json"]), home: home.path)
        XCTAssertEqual(second.status, 0, second.stderr)
        let changes = try PodmirrorBinary.json(second)["changes"] as? [[String: Any]] ?? []
        XCTAssertEqual(changes.count, 3)
        XCTAssertTrue(changes.allSatisfy { $0["changed"] as? Bool == false }, "\(changes)")
        XCTAssertEqual(try state(home), before, "second run modified no byte and replaced no file")
        XCTAssertEqual(try bin.run(args(home, ["--check"]), home: home.path).status, 0, "compliant after")

        // Drift: someone edits the Podfile back.
        try home.write("Podfile", podfile)
        XCTAssertEqual(try bin.run(args(home, ["--check"]), home: home.path).status, 3, "drift detected again")
    }

    func testDryRunPrintsDiffsAndChangesNothing() throws {
        let home = TempDirectory()
        try home.write("Podfile", podfile)
        let r = try bin.run(args(home, ["--dry-run"]), home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stdout.contains("-platform :ios, '12.0'") && r.stdout.contains("+platform :ios, '13.0'"), r.stdout)
        XCTAssertTrue(r.stdout.contains("+- \"https://gems.ruby-china.com/\""), r.stdout)
        XCTAssertEqual(home.listing().filter { !$0.hasPrefix("Podfile") }, [], "no file created")
    }

    func testUnparseablePodfileFailsBeforeAnythingChanges() throws {
        let home = TempDirectory()
        try home.write("Podfile", "target 'App' do\n  pod 'A', '1.0\nend\n")
        let r = try bin.run(args(home), home: home.path)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains(home.sub("Podfile")) && r.stderr.contains(":2:"), r.stderr)
        XCTAssertEqual(home.listing(), ["Podfile"], "the gemrc step did not run either")
    }

    func testBrokenGemMirrorIsRefusedUnlessNoVerify() throws {
        let server = try StaticHTTPServer(routes: [:], mode: .error500)
        defer { server.stop() }
        let home = TempDirectory()
        let r = try bin.run(["setup", "--gems", server.url + "/", "--json"], home: home.path)
        XCTAssertEqual(r.status, 4, r.stdout + r.stderr)
        let error = try PodmirrorBinary.json(r)["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "mirror.unhealthy")
        XCTAssertEqual(home.listing(), [], "nothing written")
        let forced = try bin.run(["setup", "--gems", server.url + "/", "--no-verify"], home: home.path)
        XCTAssertEqual(forced.status, 0, forced.stderr)
    }

    /// A dry run against a dead mirror does not promise an apply that would fail: it says the mirror was not probed
    /// (text and JSON); with --no-verify there is nothing to say.
    func testDryRunSaysTheMirrorsWereNotProbed() throws {
        let server = try StaticHTTPServer(routes: [:], mode: .error500)
        defer { server.stop() }
        let home = TempDirectory()
        let text = try bin.run(["setup", "--gems", server.url + "/", "--dry-run"], home: home.path)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(
            text.stdout.contains("not probed") || text.stderr.contains("not probed"), text.stdout + text.stderr)
        let json = try PodmirrorBinary.json(
            try bin.run(["setup", "--gems", server.url + "/", "--check", "--json"], home: home.path))
        let codes = ((json["warnings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
        XCTAssertTrue(codes.contains("setup.not-probed"), "\(json)")
        let unverified = try bin.run(
            ["setup", "--gems", server.url + "/", "--dry-run", "--no-verify"], home: home.path)
        XCTAssertFalse((unverified.stdout + unverified.stderr).contains("not probed"), unverified.stderr)
        XCTAssertEqual(home.listing().filter { !$0.hasPrefix(".local") }, [], "nothing written but shown warnings")
    }

    func testHealthyGemMirrorPassesVerification() throws {
        let server = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes())
        defer { server.stop() }
        let home = TempDirectory()
        let r = try bin.run(["setup", "--gems", server.url + "/"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(server.requests.contains { $0.contains("specs.4.8.gz") }, "\(server.requests)")
    }

    /// A stand-in `gem` on PATH records its arguments and installs a stand-in `pod`.
    func makeStandInGem(_ bin: TempDirectory, exitCode: Int = 0) throws {
        let script = """
            #!/bin/sh
            echo "$@" >> "\(bin.sub("gem.log"))"
            [ \(exitCode) -ne 0 ] && exit \(exitCode)
            printf '#!/bin/sh\\necho 1.16.2\\n' > "\(bin.sub("pod"))"
            chmod +x "\(bin.sub("pod"))"
            """
        let path = try bin.write("gem", script)
        chmod(path, 0o755)
    }

    func testInstallCocoaPodsRunsStandInGemFromTheMirrorOnceOnly() throws {
        let home = TempDirectory()
        let tools = TempDirectory()
        try makeStandInGem(tools)
        let env = ["PATH": tools.path + ":/usr/bin:/bin"]
        let r = try bin.run(
            ["setup", "--gems", "ustc", "--install-cocoapods", "--no-verify"], home: home.path, extraEnvironment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            String(decoding: try tools.read("gem.log"), as: UTF8.self),
            "install cocoapods --no-document --clear-sources --source https://mirrors.ustc.edu.cn/rubygems/\n")
        let again = try bin.run(
            ["setup", "--gems", "ustc", "--install-cocoapods", "--no-verify", "--json"], home: home.path,
            extraEnvironment: env)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try PodmirrorBinary.json(again)["changed"] as? Bool, false)
        XCTAssertEqual(
            String(decoding: try tools.read("gem.log"), as: UTF8.self).split(separator: "\n").count, 1,
            "pod present: gem not run again")
    }

    func testFailedStepRollsBackEarlierStepsWithStandInGem() throws {
        let home = TempDirectory()
        let tools = TempDirectory()
        try makeStandInGem(tools, exitCode: 1)
        try home.write(".gemrc", "---\n:sources:\n- https://rubygems.org/\n:verbose: true\n")
        let r = try bin.run(
            ["setup", "--gems", "tuna", "--install-cocoapods", "--no-verify", "--json"], home: home.path,
            extraEnvironment: ["PATH": tools.path + ":/usr/bin:/bin"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let json = try PodmirrorBinary.json(r)
        XCTAssertEqual(json["rolledBack"] as? [String], ["gems.gemrc"])
        XCTAssertTrue((json["error"] as? [String: Any])?["message"] as? String ?? "" != "")
        XCTAssertEqual(
            String(decoding: try home.read(".gemrc"), as: UTF8.self),
            "---\n:sources:\n- https://rubygems.org/\n:verbose: true\n")
    }

    func testMissingGemAndPodIsReportedBeforeAnyChange() throws {
        let home = TempDirectory()
        let empty = TempDirectory()
        let r = try bin.run(
            ["setup", "--gems", "tuna", "--install-cocoapods", "--no-verify"], home: home.path,
            extraEnvironment: ["PATH": empty.path])
        XCTAssertEqual(r.status, 6, r.stderr)
        XCTAssertEqual(home.listing(), [])
    }

    func testUsageErrors() throws {
        let home = TempDirectory()
        XCTAssertEqual(try bin.run(["setup"], home: home.path).status, 2)
        let bad = try bin.run(["setup", "--mirror", "nowhere"], home: home.path)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("'nowhere'"), bad.stderr)
        XCTAssertEqual(try bin.run(["setup", "--podfile", "x", "--platform", "ios13"], home: home.path).status, 2)
    }
}
