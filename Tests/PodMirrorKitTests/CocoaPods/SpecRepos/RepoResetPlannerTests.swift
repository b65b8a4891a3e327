import Foundation
import PodMirrorCocoaPods
import PodMirrorKit
import PodMirrorTestSupport
import XCTest

/// `repo reset` goes to github.com, which tests never reach: its plans are checked, and applied only when
/// the repo already is at the official URL.
final class RepoResetPlannerTests: XCTestCase {
    func testPlansTheSwitchOfTheRepoToTheOfficialSpecs() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let plan = try RepoResetPlanner(h.shared).plan(name: "specs")
        XCTAssertEqual(plan.title, "repo reset")
        XCTAssertEqual(plan.changes.map(\.kind), [.specRepoUse])
        XCTAssertEqual(plan.changes[0].details["url"]?.stringValue, SpecRepoNaming.officialGitURL)
        XCTAssertEqual(plan.changes[0].details["previousURL"]?.stringValue, h.url)
        XCTAssertEqual(plan.changes[0].details["method"]?.stringValue, "repoint")
    }

    func testWithoutANameEveryGitRepoIsACandidate() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let plan = try RepoResetPlanner(h.shared).plan(name: nil)
        XCTAssertEqual(plan.changes[0].subject, "cocoapods")
        XCTAssertEqual(plan.changes[0].details["method"]?.stringValue, "repoint-or-clone")
        XCTAssertEqual(plan.changes[0].details["candidates"], .array(["specs"]))
    }

    func testARepoAlreadyAtTheOfficialURLIsSatisfied() throws {
        let h = try RepoPlannerHarness()
        try h.add("cocoapods")
        _ = try h.git(["-C", h.repo("cocoapods"), "remote", "set-url", "origin", SpecRepoNaming.officialGitURL])
        let before = h.snapshot()
        let report = try h.run(.apply) { try RepoResetPlanner(h.shared).plan(name: nil) }
        XCTAssertFalse(report.changed)
        XCTAssertEqual(report.changes.first?.details["method"]?.stringValue, "none")
        XCTAssertEqual(h.snapshot().differences(to: before), [])
    }

    func testDryRunAndCheckWriteNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        try h.assertDryRunAndCheckWriteNothing { try RepoResetPlanner(h.shared).plan(name: nil) }
    }

    func testRefusalsChangeNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let reset = RepoResetPlanner(h.shared)
        XCTAssertEqual(refusalCode { try reset.plan(name: "../x") }, .repoBadName)
        XCTAssertEqual(refusalCode { try reset.plan(name: "trunk") }, .repoBadName)
        h.touch(h.repo("specs") + "/.git/refs/heads/master.lock")
        let before = h.snapshot()
        XCTAssertEqual(refusalCode { try reset.plan(name: nil) }, .repoGitLock)
        XCTAssertEqual(h.snapshot().differences(to: before), [])
    }
}
