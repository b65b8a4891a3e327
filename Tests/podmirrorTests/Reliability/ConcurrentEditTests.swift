import Foundation
import PodMirrorTestSupport
import XCTest

/// Many podmirror processes editing one file at once: no update is lost. Each edit either is in the
/// file when its process exits 0, or its process exits 5 (lock held / file changed meanwhile) having
/// written nothing.
final class ConcurrentEditTests: ReliabilityTestCase {
    private let count = 20

    /// Starts `count` processes at once and waits for all of them.
    private func runAtOnce(_ arguments: (Int) -> [String], home: String) throws -> [ProcessResult] {
        let running = try (0..<count).map { try RunningPodmirror(bin, arguments($0), home: home) }
        return running.map { $0.wait(timeout: 120).result }
    }

    func testConcurrentBuildSettingsOnOnePodfileLoseNoUpdate() throws {
        let home = TempDirectory("concurrent-podfile")
        try home.write("Podfile", "platform :ios, '13.0'\n\ntarget 'App' do\n  pod 'Alamofire'\nend\n")
        let results = try runAtOnce({ ["podfile", "build-setting", "KEY_\($0)_X=V_\($0)", "--json"] }, home: home.path)
        let podfile = try String(contentsOfFile: home.sub("Podfile"), encoding: .utf8)
        for (i, r) in results.enumerated() {
            if r.status == 0 {
                XCTAssertTrue(podfile.contains("KEY_\(i)_X"), "process \(i) exited 0, its key is not in:\n\(podfile)")
            } else {
                XCTAssertEqual(r.status, 5, "process \(i): \(r.stdout) \(r.stderr)")
                XCTAssertFalse(podfile.contains("KEY_\(i)_X"), "process \(i) failed but its key is in the file")
                XCTAssertEqual(try PodmirrorBinary.json(r)["ok"] as? Bool, false)
            }
        }
        XCTAssertTrue(results.contains { $0.status == 0 }, "at least one edit gets through")
        XCTAssertEqual(TreeSnapshot(home.path).leftovers, [])
        // The result is still a Podfile podmirror reads, with one hook.
        XCTAssertEqual(try bin.run(["podfile", "show"], home: home.path).status, 0)
    }

    /// A file edit waits for another process's edit of the same folder only as long as PODMIRROR_LOCK_TIMEOUT
    /// says (the lock is an flock on the folder; here another process holds it), then exits 5 unchanged.
    func testAFileEditWaitsForTheLockAsLongAsTheLockTimeout() throws {
        let home = TempDirectory("edit-lock-timeout")
        let podfile = "platform :ios, '12.0'\n\ntarget 'App' do\nend\n"
        try home.write("Podfile", podfile)
        let holder = try FlockHolder(home.path)
        defer { holder.release() }
        let started = Date()
        let r = try bin.run(
            ["podfile", "platform", "ios", "13.0"], home: home.path, extraEnvironment: ["PODMIRROR_LOCK_TIMEOUT": "1"])
        XCTAssertEqual(r.status, 5, r.stdout + r.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "waited the default 60 s, not the 1 s asked")
        XCTAssertEqual(try String(contentsOfFile: home.sub("Podfile"), encoding: .utf8), podfile)
    }

    /// gemrc edits replace the source, so a lost update shows as two edits that both started from the
    /// same file: the edits that exit 0 must form one chain, each starting from where another ended.
    func testConcurrentGemrcEditsLoseNoUpdate() throws {
        let home = TempDirectory("concurrent-gemrc")
        try home.write(".gemrc", "---\n:sources:\n- https://rubygems.org/\n:verbose: true\n")
        let results = try runAtOnce(
            { ["gems", "source", "use", "https://gems\($0).example.invalid/", "--json"] }, home: home.path)
        var starts: [[String]] = []
        var ends: [[String]] = []
        for (i, r) in results.enumerated() {
            if r.status == 0 {
                let changes = try XCTUnwrap(PodmirrorBinary.json(r)["changes"] as? [[String: Any]])
                let gemrc = try XCTUnwrap(changes.first { $0["id"] as? String == "gems.gemrc" })
                guard gemrc["changed"] as? Bool == true else { continue }
                let details = try XCTUnwrap(gemrc["details"] as? [String: Any])
                starts.append(try XCTUnwrap(details["before"] as? [String]))
                ends.append(try XCTUnwrap(details["after"] as? [String]))
            } else {
                XCTAssertEqual(r.status, 5, "process \(i): \(r.stdout) \(r.stderr)")
            }
        }
        XCTAssertFalse(starts.isEmpty, "at least one edit gets through")
        XCTAssertEqual(Set(starts).count, starts.count, "two edits started from the same gemrc: \(starts)")
        let last = ends.filter { !starts.contains($0) }
        XCTAssertEqual(last.count, 1, "the edits form one chain: \(starts) -> \(ends)")
        let gemrc = try String(contentsOfFile: home.sub(".gemrc"), encoding: .utf8)
        XCTAssertTrue(gemrc.contains(try XCTUnwrap(last.first?.first)), gemrc)
        XCTAssertTrue(gemrc.contains(":verbose: true"), gemrc)
        XCTAssertEqual(TreeSnapshot(home.path).leftovers, [])
    }
}
