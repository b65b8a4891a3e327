import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorKit
import PodMirrorTestSupport
import XCTest

final class RepoRepairPlannerTests: XCTestCase {
    func testPlansTheDiscardOfLocalChangesAndApplyingPutsTheRepoBackAtOrigin() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let path = h.repo("specs")
        try Data("local edit\n".utf8).write(to: URL(fileURLWithPath: path + "/CocoaPods-version.yml"))
        _ = try h.home.write("repos/specs/Specs/stray.json", "{}")
        let plan = try RepoRepairPlanner(h.shared).plan(name: "specs")
        XCTAssertEqual(plan.changes.map(\.kind), [.specRepoRepair])
        XCTAssertTrue(plan.changes[0].isNeeded)
        XCTAssertTrue(plan.changes[0].diff?.contains("+local edit") ?? false, plan.changes[0].diff ?? "no diff")
        XCTAssertEqual((plan.changes[0].details as? SpecRepoRepairFacts)?.untrackedRemoved, 1)
        XCTAssertEqual(plan.warnings.map(\.code), [.repoRepairRemovesUntracked])

        try h.run(.apply) { plan }
        XCTAssertEqual(try h.git(["-C", path, "status", "--porcelain", "--untracked-files=all"]), "")
        XCTAssertEqual(try h.head(), h.fixture.head)
        XCTAssertEqual(try RepoRepairPlanner(h.shared).plan(name: "specs").changes.map(\.isNeeded), [false])
    }

    func testADetachedHeadGoesBackOnItsBranch() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        _ = try h.git(["-C", h.repo("specs"), "checkout", "-q", "--detach", "HEAD~1"])
        let plan = try RepoRepairPlanner(h.shared).plan(name: "specs")
        XCTAssertEqual((plan.changes[0].details as? SpecRepoRepairFacts)?.wasDetached, true)
        try h.run(.apply) { plan }
        XCTAssertEqual(try h.git(["-C", h.repo("specs"), "symbolic-ref", "HEAD"]), "refs/heads/master")
        XCTAssertEqual(try h.head(), h.fixture.head)
    }

    func testDryRunAndCheckWriteNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        _ = try h.home.write("repos/specs/CocoaPods-version.yml", "changed\n")
        try h.assertDryRunAndCheckWriteNothing { try RepoRepairPlanner(h.shared).plan(name: "specs") }
    }

    func testRefusalsChangeNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        _ = try h.home.write("repos/local/Specs/A/1.0/A.podspec.json", "{}")
        let repair = RepoRepairPlanner(h.shared)
        XCTAssertEqual(refusalCode { try repair.plan(name: "a/b") }, .repoBadName)
        XCTAssertEqual(refusalCode { try repair.plan(name: "missing") }, .repoNotFound)
        XCTAssertEqual(refusalCode { try repair.plan(name: "local") }, .repoNotFound)
        h.touch(h.repo("specs") + "/.git/config.lock")
        let locked = h.snapshot()
        XCTAssertEqual(refusalCode { try repair.plan(name: "specs") }, .repoGitLock)
        XCTAssertEqual(h.snapshot().differences(to: locked), [])
        try FileManager.default.removeItem(atPath: h.repo("specs") + "/.git/config.lock")
        _ = try h.git(["-C", h.repo("specs"), "update-ref", "-d", "refs/remotes/origin/master"])
        let noOrigin = h.snapshot()
        XCTAssertEqual(refusalCode { try repair.plan(name: "specs") }, .repoNoTrackingRef)
        XCTAssertEqual(h.snapshot().differences(to: noOrigin), [])
    }
}
