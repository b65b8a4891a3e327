import Foundation
import PodMirrorTestSupport
import XCTest

/// Provisioning runs unattended: `--json` stdout is one document even while `gem` runs, a failed probe
/// leaves no trace, `--dry-run` and `--check` stay off the network, and `--install-cocoapods` says what it did.
final class ProvisioningContractTests: XCTestCase {
    let bin = PodmirrorBinary()

    /// A stand-in `gem` that chats on stdout (as the real one does) and installs a stand-in `pod` unless
    /// `installsPod` is false.
    func makeChattyStandInGem(_ tools: TempDirectory, installsPod: Bool = true) throws {
        let install =
            installsPod
            ? "printf '#!/bin/sh\\necho 1.16.2\\n' > \"\(tools.sub("pod"))\"; chmod +x \"\(tools.sub("pod"))\"" : ":"
        let script = """
            #!/bin/sh
            echo "$@" >> "\(tools.sub("gem.log"))"
            echo "Fetching cocoapods-1.16.2.gem"
            echo "Successfully installed cocoapods-1.16.2"
            \(install)
            """
        chmod(try tools.write("gem", script), 0o755)
    }

    func testStandInGemOutputNeverReachesJSONStdout() throws {
        let home = TempDirectory()
        let tools = TempDirectory()
        try makeChattyStandInGem(tools)
        let r = try bin.run(
            ["setup", "--install-cocoapods", "--json"], home: home.path,
            extraEnvironment: ["PATH": tools.path + ":/usr/bin:/bin"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let json = try PodmirrorBinary.json(r)
        XCTAssertEqual(json["changed"] as? Bool, true)
        XCTAssertFalse(r.stdout.contains("Successfully installed"), r.stdout)
        XCTAssertTrue(
            r.stderr.contains("Successfully installed cocoapods"), "gem's output is shown on stderr: \(r.stderr)")
    }

    func testStandInGemThatLeavesPodMissingIsReportedClearly() throws {
        let home = TempDirectory()
        let tools = TempDirectory()
        try makeChattyStandInGem(tools, installsPod: false)
        let r = try bin.run(
            ["setup", "--install-cocoapods", "--json"], home: home.path,
            extraEnvironment: ["PATH": tools.path + ":/usr/bin:/bin"])
        XCTAssertEqual(r.status, 6, r.stdout + r.stderr)
        let json = try PodmirrorBinary.json(r)
        let error = json["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "setup.pod-still-missing")
        XCTAssertTrue((error?["message"] as? String ?? "").contains("`pod` is still not on PATH"), "\(json)")
        XCTAssertNotEqual(json["changed"] as? Bool, true)
    }

    func testDryRunAndCheckDoNotProbeAndDryRunShowsTheGemsPlan() throws {
        let home = TempDirectory()
        let server = try StaticHTTPServer(routes: [:])
        defer { server.stop() }
        // The gem mirror answers 404 for everything: a probe would refuse it.
        let mirror = server.url + "/"
        let dry = try bin.run(["setup", "--gems", mirror, "--dry-run"], home: home.path)
        XCTAssertEqual(dry.status, 0, dry.stdout + dry.stderr)
        XCTAssertTrue(dry.stdout.contains(mirror), dry.stdout)
        let check = try bin.run(["setup", "--gems", mirror, "--check"], home: home.path)
        XCTAssertEqual(check.status, 3, check.stdout + check.stderr)
        XCTAssertEqual(server.requests.count, 0, "neither --dry-run nor --check reached the network")
        // They say so (setup.not-probed); the memory of warnings shown is podmirror's own bookkeeping (WarningMemory).
        XCTAssertTrue(dry.stderr.contains("not probed"), dry.stderr)
        XCTAssertEqual(home.listing().filter { !$0.hasPrefix(".local") }, [], "nothing written")
        let apply = try bin.run(["setup", "--gems", mirror], home: home.path)
        XCTAssertEqual(apply.status, 4, "applying probes and refuses: \(apply.stderr)")
    }
}
