import Foundation
import PodMirrorTestSupport
import XCTest

/// A held `Spec_Lock` is said with its holder when podmirror knows it (#29 item 14): a podmirror holder writes
/// `pid N podmirror PURPOSE` into `Spec_Lock.podmirror-owner`, so the waiting command's hint and doctor name that
/// process instead of guessing `pod repo update`, and doctor offers no `fuser` as a fix.
final class LockHolderCLITests: XCTestCase {
    let bin = PodmirrorBinary()
    var home: TempDirectory!
    var repos: String { home.path + "/.cocoapods/repos" }

    override func setUpWithError() throws {
        home = TempDirectory("lock-holder-cli")
        try FileManager.default.createDirectory(atPath: repos, withIntermediateDirectories: true)
    }

    /// `Spec_Lock` held by another process, with `owner` (given the holder's pid) in the owner file podmirror writes.
    func holdSpecLock(owner: (Int32) -> String) throws -> FlockHolder {
        let holder = try FlockHolder(repos + "/Spec_Lock")
        try owner(holder.pid).write(toFile: repos + "/Spec_Lock.podmirror-owner", atomically: true, encoding: .utf8)
        return holder
    }

    func testAPodmirrorHolderIsNamedByPidAndCommandInTheHintAndInDoctor() throws {
        // The flock held as a podmirror holds it, with the owner file a podmirror `repo update` writes.
        let holder = try holdSpecLock { "pid \($0) podmirror repo update\n" }
        defer { holder.release() }
        let r = try bin.run(["repo", "remove", "x", "--lock-timeout", "0.3"], home: home.path)
        XCTAssertEqual(r.status, 5, r.stderr)
        XCTAssertTrue(r.stderr.contains("process \(holder.pid) (podmirror repo update) holds"), r.stderr)
        XCTAssertTrue(
            r.stderr.contains("hint: wait for process \(holder.pid) (`podmirror repo update`) to finish"), r.stderr)
        XCTAssertFalse(r.stderr.contains("pod install --repo-update"), "no guess: \(r.stderr)")
        let json = try PodmirrorBinary.json(
            try bin.run(["repo", "remove", "x", "--lock-timeout", "0.3", "--json"], home: home.path))
        let error = try XCTUnwrap(json["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? String, "repos.locked")
        XCTAssertEqual(
            error["remedy"] as? String,
            "wait for process \(holder.pid) (`podmirror repo update`) to finish, or raise --lock-timeout to wait longer"
        )
        let zh = try bin.run(["repo", "remove", "x", "--lock-timeout", "0.3", "--lang", "zh-Hans"], home: home.path)
        XCTAssertTrue(zh.stderr.contains("进程 \(holder.pid)（podmirror repo update）"), zh.stderr)

        let doctor = try PodmirrorBinary.json(try bin.run(["doctor", "--offline", "--json"], home: home.path))
        let findings = try XCTUnwrap(doctor["findings"] as? [[String: Any]])
        let held = try XCTUnwrap(findings.first { $0["id"] as? String == "repo.lock-held" }, "\(findings)")
        XCTAssertTrue(
            (held["message"] as? String ?? "").contains("locked by process \(holder.pid) (podmirror repo update)"),
            "\(held)")
        XCTAssertTrue(held["fix"] is NSNull, "no command fixes a running holder: \(held)")
        let text = try bin.run(["doctor", "--offline"], home: home.path)
        XCTAssertFalse(text.stdout.contains("fuser"), text.stdout)
        XCTAssertTrue(text.stdout.contains("process \(holder.pid) (podmirror repo update)"), text.stdout)
    }

    func testAHolderThatNamesNoPodmirrorKeepsTheGenericWordsAndNoFuser() throws {
        // CocoaPods writes no owner file; a stale one names a process that is gone (pid 2^22+1: above any pid_max).
        let holder = try holdSpecLock { _ in "pid 4194305 podmirror repo add\n" }
        defer { holder.release() }
        let r = try bin.run(["repo", "remove", "x", "--lock-timeout", "0.3"], home: home.path)
        XCTAssertEqual(r.status, 5, r.stderr)
        XCTAssertTrue(r.stderr.contains("another process (pod or podmirror) holds"), r.stderr)
        XCTAssertTrue(r.stderr.contains("`pod repo update`"), r.stderr)
        let doctor = try PodmirrorBinary.json(try bin.run(["doctor", "--offline", "--json"], home: home.path))
        let findings = try XCTUnwrap(doctor["findings"] as? [[String: Any]])
        let held = try XCTUnwrap(findings.first { $0["id"] as? String == "repo.lock-held" }, "\(findings)")
        XCTAssertTrue(held["fix"] is NSNull, "\(held)")
        XCTAssertTrue((held["explanation"] as? String ?? "").contains("wait for it to finish"), "\(held)")
    }
}
