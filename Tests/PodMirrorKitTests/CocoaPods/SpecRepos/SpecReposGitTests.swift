import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// The Kit's spec-repo plans over a real loopback git server, in process.
final class SpecReposGitTests: XCTestCase {
    func testUpdateChecksOutOnlyChangedPathsAndSkipsANoOp() throws {
        let served = TempDirectory("pm-kit-served")
        let tmp = TempDirectory("pm-kit")
        let fixture = try SpecsFixture(root: served.path, name: "specs", pods: 20, commits: 2, seed: "kit")
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        let shared = RepoPlannerContext(
            repos: ReposDirectory(path: tmp.sub("repos"), cacheRoot: tmp.sub("cache"), fileSystem: LocalFileSystem()),
            network: .test(stallTimeout: 10))
        let url = server.url("specs.git")
        var report = try shared.perform(mode: .apply, context: ApplyContext(), purpose: "test") {
            try RepoAddPlanner(shared).plan(name: "specs", url: url, branch: nil)
        }
        XCTAssertTrue(report.changed)
        let path = tmp.sub("repos/specs")
        // A local edit to a file no new commit touches: a changed-paths checkout leaves it alone
        // (a full `git_checkout_tree` would have had to stat it, and FORCE would have reverted it).
        let untouched = path + "/CocoaPods-version.yml"
        try Data("local edit\n".utf8).write(to: URL(fileURLWithPath: untouched))

        // No-op: planned as satisfied, nothing checked out.
        report = try shared.perform(mode: .apply, context: ApplyContext(), purpose: "test") {
            try RepoUpdatePlanner(shared).plan(names: ["specs"])
        }
        XCTAssertFalse(report.changed)

        try fixture.addCommits(3)
        let events = RecordingProgress()
        report = try shared.perform(mode: .apply, context: ApplyContext(progress: events), purpose: "test") {
            try RepoUpdatePlanner(shared).plan(names: ["specs"])
        }
        XCTAssertTrue(report.changed)
        let updated = report.changes.first?.facts(SpecRepoUpdatedFacts.self)
        XCTAssertEqual(updated?.newHead, fixture.head)
        XCTAssertEqual(updated?.changedPaths, 4, "3 added podspecs + 1 removed")
        XCTAssertEqual(
            String(decoding: FileManager.default.contents(atPath: untouched) ?? Data(), as: UTF8.self), "local edit\n")
        XCTAssertTrue(
            events.phases.contains("receiving objects") || events.phases.contains("checking out files"),
            "\(events.phases)")
        let r = try ProcessRunner.git(["-C", path, "status", "--porcelain"])
        XCTAssertEqual(
            r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "M CocoaPods-version.yml",
            "only the local edit differs")
    }

    func testCancellationStopsACloneAndLeavesNothing() throws {
        let served = TempDirectory("pm-kit-served")
        let tmp = TempDirectory("pm-kit")
        _ = try SpecsFixture(root: served.path, name: "big", pods: 40, commits: 2, seed: "big", padding: 2000)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        server.setFault(.stallAfter(bytes: 5_000))
        let token = CancellationToken()
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { token.cancel() }
        let shared = RepoPlannerContext(
            repos: ReposDirectory(path: tmp.sub("repos"), cacheRoot: tmp.sub("cache"), fileSystem: LocalFileSystem()),
            network: .test(stallTimeout: 30))
        let start = Date()
        XCTAssertThrowsError(
            try shared.perform(mode: .apply, context: ApplyContext(cancellation: token), purpose: "test") {
                try RepoAddPlanner(shared).plan(name: "big", url: server.url("big.git"), branch: nil)
            }
        ) { e in XCTAssertEqual((e as? any PodMirrorError)?.exitStatus, .interrupted, "\(e)") }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.sub("repos")).sorted(), ["Spec_Lock"])
    }
}
