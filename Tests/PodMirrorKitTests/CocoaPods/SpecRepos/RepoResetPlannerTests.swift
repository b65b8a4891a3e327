import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorKit
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
        let details = try XCTUnwrap(plan.changes[0].details as? SpecRepoSwitchFacts)
        XCTAssertEqual(details.url, SpecRepoNaming.officialGitURL)
        XCTAssertEqual(details.previousURL, h.url)
        XCTAssertEqual(details.method, .repoint)
    }

    func testWithoutANameEveryGitRepoIsACandidate() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let plan = try RepoResetPlanner(h.shared).plan(name: nil)
        XCTAssertEqual(plan.changes[0].subject, "cocoapods")
        let details = try XCTUnwrap(plan.changes[0].details as? SpecRepoSwitchFacts)
        XCTAssertEqual(details.method, .repointOrClone)
        XCTAssertEqual(details.candidates, ["specs"])
    }

    func testARepoAlreadyAtTheOfficialURLIsSatisfied() throws {
        let h = try RepoPlannerHarness()
        try h.add("cocoapods")
        _ = try h.git(["-C", h.repo("cocoapods"), "remote", "set-url", "origin", SpecRepoNaming.officialGitURL])
        let before = h.snapshot()
        let report = try h.run(.apply) { try RepoResetPlanner(h.shared).plan(name: nil) }
        XCTAssertFalse(report.changed)
        XCTAssertEqual(report.changes.first?.facts(SpecRepoUnchangedFacts.self)?.method, SpecRepoMethod.none)
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
