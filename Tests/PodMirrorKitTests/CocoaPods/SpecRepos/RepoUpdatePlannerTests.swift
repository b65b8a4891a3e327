import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
import XCTest

final class RepoUpdatePlannerTests: XCTestCase {
    func testPlansTheMoveToTheServersTipAndApplyingMakesIt() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let old = h.fixture.head
        let current = try RepoUpdatePlanner(h.shared).plan(names: ["specs"])
        XCTAssertEqual(current.changes.map(\.isNeeded), [false], "at the server's tip")

        let tip = try h.fixture.addCommits(2)
        let plan = try RepoUpdatePlanner(h.shared).plan(names: ["specs"])
        XCTAssertEqual(plan.changes.map(\.kind), [.specRepoUpdate])
        XCTAssertTrue(plan.changes[0].isNeeded)
        XCTAssertTrue(plan.changes[0].isIndependent)
        XCTAssertEqual((plan.changes[0].details as? SpecRepoUpdateFacts)?.oldHead, old)
        XCTAssertEqual((plan.changes[0].details as? SpecRepoUpdateFacts)?.remoteHead, tip)

        let report = try h.run(.apply) { plan }
        XCTAssertEqual(report.changes[0].facts(SpecRepoUpdatedFacts.self)?.newHead, tip)
        XCTAssertEqual(try h.head(), tip)
        XCTAssertEqual(try h.git(["-C", h.repo("specs"), "status", "--porcelain"]), "")
        XCTAssertFalse(try h.run(.check) { try RepoUpdatePlanner(h.shared).plan(names: []) }.hasDrift)
    }

    func testDryRunAndCheckWriteNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        try h.fixture.addCommits(1)
        try h.assertDryRunAndCheckWriteNothing { try RepoUpdatePlanner(h.shared).plan(names: ["specs"]) }
    }

    func testFoldersThatAreNotGitAreSkippedWithANote() throws {
        let h = try RepoPlannerHarness()
        _ = try h.home.write("repos/local/Specs/A/1.0/A.podspec.json", "{}")
        let plan = try RepoUpdatePlanner(h.shared).plan(names: [])
        XCTAssertEqual(plan.changes.count, 0)
        XCTAssertEqual(plan.warnings.map(\.code), [.repoSkipDir])
    }

    func testAnUnreachableOriginIsAWarningAndTheChangeStaysNeeded() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        h.server.stop()
        let plan = try RepoUpdatePlanner(h.shared).plan(names: ["specs"])
        XCTAssertEqual(plan.warnings.map(\.code), [.repoUnreachable])
        XCTAssertEqual(plan.changes.map(\.isNeeded), [true])
        let details = try XCTUnwrap(plan.changes[0].details as? SpecRepoUpdateFacts)
        XCTAssertNil(details.remoteHead)
        XCTAssertEqual(try JSONValue.encoding(details)["remoteHead"], .null, "an unknown tip is null in JSON")
        // A check cannot tell: the change carries the network error and the report names it.
        XCTAssertEqual(plan.changes[0].unknown?.exitStatus, .network)
        let report = try h.run(.check) { plan }
        XCTAssertEqual(report.unknown?.subject, "specs")
        XCTAssertEqual(report.unknown?.unknownStatus, .network)
    }

    func testRefusalsChangeNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        try h.fixture.addCommits(1)
        let update = RepoUpdatePlanner(h.shared)
        XCTAssertEqual(refusalCode { try update.plan(names: ["missing"]) }, .repoNotFound)
        XCTAssertEqual(refusalCode { try update.plan(names: [".podmirror-x"]) }, .repoNotFound)

        let lock = h.repo("specs") + "/.git/index.lock"
        h.touch(lock)
        let locked = h.snapshot()
        XCTAssertEqual(refusalCode { try update.plan(names: ["specs"]) }, .repoGitLock)
        XCTAssertEqual(h.snapshot().differences(to: locked), [])
        try FileManager.default.removeItem(atPath: lock)

        _ = try h.git(["-C", h.repo("specs"), "checkout", "-q", "--detach"])
        let detached = h.snapshot()
        XCTAssertEqual(refusalCode { try update.plan(names: ["specs"]) }, .repoDetached)
        XCTAssertEqual(h.snapshot().differences(to: detached), [])
    }
}
