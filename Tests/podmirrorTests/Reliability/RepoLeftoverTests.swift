import Foundation
import PodMirrorTestSupport
import XCTest

/// What a killed `git`, `pod repo update` or checkout leaves in a spec repo: a stale `index.lock` is
/// refused before anything changes, naming the file; untracked files count as changes everywhere.
final class RepoLeftoverTests: ReliabilityTestCase {
    private let served = TempDirectory("leftover-served")

    private func repo(commits: Int = 2) throws -> (home: TempDirectory, specs: SpecsFixture, clone: String) {
        let home = TempDirectory("leftover-home")
        let specs = try SpecsFixture(root: served.path, name: "specs", pods: 5, commits: commits)
        XCTAssertEqual(try bin.run(["repo", "add", "specs", "file://" + specs.bare], home: home.path).status, 0)
        return (home, specs, home.sub(".cocoapods/repos/specs"))
    }

    private func doctorFindings(_ home: TempDirectory) throws -> [[String: Any]] {
        let r = try bin.run(["doctor", "--offline", "--json"], home: home.path)
        return try PodmirrorBinary.json(r)["findings"] as? [[String: Any]] ?? []
    }

    func testStaleIndexLockIsRefusedBeforeAnythingChangesAndNamed() throws {
        let (home, specs, clone) = try repo()
        try specs.addCommits(2)
        // Behind the server, and a stray file doctor suggests `repo repair` for.
        try ProcessRunner.git(["-C", clone, "reset", "-q", "--hard", "HEAD~1"])
        _ = FileManager.default.createFile(atPath: clone + "/stray.txt", contents: Data())
        let lock = clone + "/.git/index.lock"
        _ = FileManager.default.createFile(atPath: lock, contents: Data())
        let before = TreeSnapshot(home.path)
        for command in [["repo", "update", "specs"], ["repo", "repair", "specs"]] {
            let r = try bin.run(command, home: home.path)
            XCTAssertEqual(r.status, 5, "\(command): \(r.stdout) \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(lock), "\(command) names the lock: \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("remove \(lock) if no git or pod process is running"), r.stderr)
            let difference = before.differences(to: TreeSnapshot(home.path)).filter { !$0.contains("Spec_Lock") }
            XCTAssertEqual(difference, [], "\(command) changed nothing")
        }
        let json = try PodmirrorBinary.json(try bin.run(["repo", "update", "specs", "--json"], home: home.path))
        XCTAssertEqual((json["error"] as? [String: Any])?["code"] as? String, "repo.git-lock")

        // doctor names it with its fix, before the repair of the stray file it also finds.
        let ids = try doctorFindings(home).compactMap { $0["id"] as? String }
        let lockAt = try XCTUnwrap(ids.firstIndex(of: "repo.stale-git-lock"), "\(ids)")
        let repairAt = try XCTUnwrap(ids.firstIndex(of: "repo.dirty"), "\(ids)")
        XCTAssertLessThan(lockAt, repairAt)
        let finding = try XCTUnwrap(try doctorFindings(home).first { $0["id"] as? String == "repo.stale-git-lock" })
        XCTAssertEqual(finding["fix"] as? String, "rm \(lock)")

        try FileManager.default.removeItem(atPath: lock)
        let r = try bin.run(["repo", "update", "specs"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(try ProcessRunner.git(["-C", clone, "rev-parse", "HEAD"]).stdout.trimmed, specs.head)
    }

    /// `repo add` over the folder already there and `repo remove` refuse a repo holding a git lock file before
    /// anything changes, naming the lock (before: add said "already added", remove deleted the folder).
    func testAddOverAnExistingRepoAndRemoveRefuseAGitLock() throws {
        let (home, specs, clone) = try repo()
        let lock = clone + "/.git/index.lock"
        _ = FileManager.default.createFile(atPath: lock, contents: Data())
        let before = TreeSnapshot(home.path)
        for command in [["repo", "add", "specs", "file://" + specs.bare], ["repo", "remove", "specs"]] {
            let r = try bin.run(command, home: home.path)
            XCTAssertEqual(r.status, 5, "\(command): \(r.stdout) \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("remove \(lock) if no git or pod process is running"), r.stderr)
            let difference = before.differences(to: TreeSnapshot(home.path)).filter { !$0.contains("Spec_Lock") }
            XCTAssertEqual(difference, [], "\(command) changed nothing")
        }
        try FileManager.default.removeItem(atPath: lock)
        XCTAssertEqual(try bin.run(["repo", "remove", "specs"], home: home.path).status, 0)
    }

    /// A checkout killed mid-way: HEAD at the old commit, the new commit's podspecs untracked.
    func testUntrackedFilesAreChangesForDoctorAndRepairRemovesThem() throws {
        let (home, _, clone) = try repo()
        let stray = clone + "/Specs/0/0/0/Stray/1.0/Stray.podspec.json"
        try FileManager.default.createDirectory(
            atPath: (stray as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: stray))
        let dirty = try XCTUnwrap(try doctorFindings(home).first { $0["id"] as? String == "repo.dirty" })
        XCTAssertEqual(dirty["fix"] as? String, "podmirror repo repair specs")
        XCTAssertTrue((dirty["message"] as? String ?? "").contains("1 changed"), "\(dirty)")
        XCTAssertEqual(try bin.run(["repo", "repair", "specs", "--check"], home: home.path).status, 3)

        let r = try bin.run(["repo", "repair", "specs"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: clone + "/Specs/0/0/0"), "the untracked folder went")
        XCTAssertEqual(try ProcessRunner.git(["-C", clone, "status", "--porcelain", "-uall"]).stdout, "")
        XCTAssertNil(try doctorFindings(home).first { $0["id"] as? String == "repo.dirty" })
        XCTAssertEqual(try bin.run(["repo", "verify", "specs"], home: home.path).status, 0)
    }

    /// What a `repo update` killed in its checkout leaves (its journal, the fetch done, HEAD old, some new
    /// podspecs untracked): `doctor` and `--check` see it, and the next repo command finishes it.
    func testAnUnfinishedUpdateIsReportedAndFinishedByTheNextRun() throws {
        let (home, specs, clone) = try repo()
        let old = try ProcessRunner.git(["-C", clone, "rev-parse", "HEAD"]).stdout.trimmed
        let tip = try specs.addCommits(3)
        try ProcessRunner.git(["-C", clone, "fetch", "-q", "origin"])
        let added = try ProcessRunner.git(["-C", clone, "diff", "--name-only", old, tip]).stdout.split(separator: "\n")
        for rel in added.prefix(2) {
            let path = clone + "/" + rel
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(try ProcessRunner.git(["-C", clone, "show", "\(tip):\(rel)"]).stdout.utf8)
                .write(to: URL(fileURLWithPath: path))
        }
        let journal = """
            {"branch":"master","newHead":"\(tip)","oldHead":"\(old)","operation":"update","pid":999999999}
            """
        try Data(journal.utf8).write(to: URL(fileURLWithPath: clone + "/.git/podmirror-journal.json"))

        let ids = try doctorFindings(home).compactMap { $0["id"] as? String }
        let unfinishedAt = try XCTUnwrap(ids.firstIndex(of: "repo.unfinished"), "\(ids)")
        XCTAssertLessThan(unfinishedAt, try XCTUnwrap(ids.firstIndex(of: "repo.dirty"), "\(ids)"))
        let check = try bin.run(["repo", "repair", "specs", "--check"], home: home.path)
        XCTAssertEqual(check.status, 3, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("finish the update of `specs`"), check.stdout)

        let r = try bin.run(["repo", "repair", "specs"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(try ProcessRunner.git(["-C", clone, "rev-parse", "HEAD"]).stdout.trimmed, tip)
        XCTAssertEqual(try ProcessRunner.git(["-C", clone, "status", "--porcelain", "-uall"]).stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: clone + "/.git/podmirror-journal.json"))
        XCTAssertEqual(try doctorFindings(home).filter { ($0["id"] as? String ?? "").hasPrefix("repo.") }.count, 0)
        XCTAssertEqual(try bin.run(["repo", "verify", "specs"], home: home.path).status, 0)
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
