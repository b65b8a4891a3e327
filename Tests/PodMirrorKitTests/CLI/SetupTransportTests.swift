import Foundation
import PodMirrorTestSupport
import XCTest

/// `setup` reaches mirrors the way `repo use` does: every transport through libgit2, and every transfer
/// bounded by the stall timeout.
final class SetupTransportTests: XCTestCase {
    let bin = InProcessPodmirror()

    func testFileURLMirrorIsProbedThroughLibgit2AndCloned() throws {
        let served = TempDirectory()
        let home = TempDirectory()
        let specs = try SpecsFixture(root: served.path, name: "Specs", pods: 5, commits: 1)
        let url = "file://" + specs.bare
        let r = try bin.run(["setup", "--mirror", url, "--name", "offline", "--json"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let clone = home.sub(".cocoapods/repos/offline")
        XCTAssertEqual(
            try ProcessRunner.git(["-C", clone, "rev-parse", "HEAD"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines), specs.head)
        XCTAssertEqual(try ProcessRunner.git(["-C", clone, "config", "--get", "remote.origin.url"]).stdout, url + "\n")
    }

    func testFileURLMirrorThatIsNotARepositoryIsRefusedBeforeAnyChange() throws {
        let home = TempDirectory()
        let empty = TempDirectory()
        let r = try bin.run(["setup", "--mirror", "file://" + empty.path, "--json"], home: home.path)
        XCTAssertEqual(r.status, 4, r.stdout + r.stderr)
        XCTAssertEqual((try PodmirrorBinary.json(r)["error"] as? [String: Any])?["code"] as? String, "mirror.unhealthy")
        let repos = (try? FileManager.default.contentsOfDirectory(atPath: home.sub(".cocoapods/repos"))) ?? []
        XCTAssertEqual(repos, [], "nothing created, not even Spec_Lock")
    }

    func stalledSetup(arguments: [String], environment: [String: String]) throws -> (ProcessResult, Double) {
        let served = TempDirectory()
        let home = TempDirectory()
        _ = try SpecsFixture(root: served.path, name: "Specs", pods: 60, commits: 2, padding: 2000)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        server.setFault(.stallAfter(bytes: 4000))
        let start = Date()
        let r = try bin.run(
            ["setup", "--mirror", server.url("Specs.git")] + arguments, home: home.path,
            extraEnvironment: environment)
        let seconds = Date().timeIntervalSince(start)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: home.sub(".cocoapods/repos"))) ?? []
        XCTAssertEqual(left.filter { !$0.hasPrefix("Spec_Lock") }, [], "the stalled clone left nothing behind")
        return (r, seconds)
    }

    func testStalledCloneEndsAfterTimeoutOptionAndTheHintNamesIt() throws {
        let (r, seconds) = try stalledSetup(arguments: ["--timeout", "2"], environment: [:])
        XCTAssertEqual(r.status, 4, r.stdout + r.stderr)
        XCTAssertLessThan(seconds, 30, "bounded by --timeout, not the 120 s default")
        XCTAssertTrue(r.stderr.contains("no data from the server for 2 s"), r.stderr)
        XCTAssertTrue(r.stderr.contains("raise --timeout"), r.stderr)
    }

    func testStalledCloneEndsAfterEnvironmentTimeoutAndTheHintNamesIt() throws {
        let (r, seconds) = try stalledSetup(arguments: ["--json"], environment: ["PODMIRROR_GIT_TIMEOUT": "2"])
        XCTAssertEqual(r.status, 4, r.stdout + r.stderr)
        XCTAssertLessThan(seconds, 30)
        let error = try PodmirrorBinary.json(r)["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "git.timeout")
        XCTAssertTrue(
            (error?["remedy"] as? String ?? "").contains("PODMIRROR_GIT_TIMEOUT"), "\(String(describing: error))")
    }

    func testBadTimeoutEnvironmentValueIsAUsageError() throws {
        let home = TempDirectory()
        let r = try bin.run(
            ["setup", "--mirror", "file:///nowhere", "--name", "x"], home: home.path,
            extraEnvironment: ["PODMIRROR_GIT_TIMEOUT": "soon"])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("PODMIRROR_GIT_TIMEOUT") && r.stderr.contains("soon"), r.stderr)
    }
}
