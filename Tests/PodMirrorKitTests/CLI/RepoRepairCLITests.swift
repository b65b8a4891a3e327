import Foundation
import PodMirrorTestSupport
import XCTest

/// `repo repair`: back on the branch at origin/<branch>, local changes discarded, the dry run shows them.
final class RepoRepairCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    /// A Specs repo served from a folder (kept while the test holds `served`) and cloned as `specs` into a new HOME.
    func cloned(pods: Int, commits: Int) throws -> (
        served: TempDirectory, specs: SpecsFixture, home: TempDirectory, clone: String
    ) {
        let served = TempDirectory()
        let home = TempDirectory()
        let specs = try SpecsFixture(root: served.path, name: "Specs", pods: pods, commits: commits)
        XCTAssertEqual(try bin.run(["repo", "add", "specs", "file://" + specs.bare], home: home.path).status, 0)
        return (served, specs, home, home.sub(".cocoapods/repos/specs"))
    }

    func testRepairShowsWhatItDiscardsThenRestoresTheBranch() throws {
        let (served, specs, home, clone) = try cloned(pods: 5, commits: 2)
        defer { withExtendedLifetime(served) {} }
        try ProcessRunner.git(["-C", clone, "checkout", "-q", "--detach", "HEAD~1"])
        try Data("min: 9.9.9\n".utf8).write(to: URL(fileURLWithPath: clone + "/CocoaPods-version.yml"))
        let before = TreeSnapshot(clone)

        let dry = try bin.run(["repo", "repair", "specs", "--dry-run"], home: home.path)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("+min: 9.9.9"), "the diff of what it discards: \(dry.stdout)")
        XCTAssertEqual(TreeSnapshot(clone), before, "the dry run changed nothing")
        XCTAssertEqual(try bin.run(["repo", "repair", "specs", "--check"], home: home.path).status, 3)

        let r = try bin.run(["repo", "repair", "specs", "--json"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        func git(_ a: [String]) throws -> String {
            try ProcessRunner.git(["-C", clone] + a).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(try git(["symbolic-ref", "HEAD"]), "refs/heads/master")
        XCTAssertEqual(try git(["rev-parse", "HEAD"]), specs.head)
        XCTAssertEqual(try git(["status", "--porcelain"]), "")
        let again = try bin.run(["repo", "repair", "specs", "--json"], home: home.path)
        XCTAssertEqual(try PodmirrorBinary.json(again)["changed"] as? Bool, false)
    }

    func testRepairNamesTheUntrackedFilesItRemoves() throws {
        let (served, _, home, clone) = try cloned(pods: 3, commits: 1)
        defer { withExtendedLifetime(served) {} }
        try FileManager.default.createDirectory(atPath: clone + "/Local", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: clone + "/Local/notes.txt"))
        let plan = try PodmirrorBinary.json(
            try bin.run(["repo", "repair", "specs", "--dry-run", "--json"], home: home.path))
        let codes = (plan["warnings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["repo.repair-removes-untracked"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: clone + "/Local/notes.txt"), "the dry run removed it")
        let r = try bin.run(["repo", "repair", "specs"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("removes 1 untracked file(s) in `specs`"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Local/notes.txt"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: clone + "/Local/notes.txt"))
    }
}
