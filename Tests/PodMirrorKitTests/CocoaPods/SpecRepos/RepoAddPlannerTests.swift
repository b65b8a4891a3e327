import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
import XCTest

final class RepoAddPlannerTests: XCTestCase {
    func testPlansACloneThatApplyingPutsInPlaceAndASecondPlanIsSatisfied() throws {
        let h = try RepoPlannerHarness()
        let plan = try RepoAddPlanner(h.shared).plan(name: "specs", url: h.url, branch: nil)
        XCTAssertEqual(plan.changes.map(\.kind), [.specRepoClone])
        XCTAssertTrue(plan.changes[0].isNeeded)
        XCTAssertEqual((plan.changes[0].details as? SpecRepoCloneFacts)?.method, .clone)
        XCTAssertEqual((plan.changes[0].details as? SpecRepoCloneFacts)?.path, h.repo("specs"))

        let report = try h.run(.apply) { plan }
        XCTAssertTrue(report.changed)
        XCTAssertEqual(report.changes[0].facts(SpecRepoClonedFacts.self)?.head, h.fixture.head)
        XCTAssertEqual(try h.head(), h.fixture.head)
        XCTAssertEqual(try h.git(["-C", h.repo("specs"), "status", "--porcelain"]), "")
        XCTAssertEqual(try h.git(["-C", h.repo("specs"), "remote", "get-url", "origin"]), h.url)

        let again = try RepoAddPlanner(h.shared).plan(name: "specs", url: h.url, branch: nil)
        XCTAssertFalse(again.changes[0].isNeeded)
        XCTAssertEqual((again.changes[0].details as? SpecRepoUnchangedFacts)?.method, SpecRepoMethod.none)
        XCTAssertFalse(try h.run(.check) { again }.hasDrift)
    }

    func testDryRunAndCheckWriteNothing() throws {
        let h = try RepoPlannerHarness()
        try h.assertDryRunAndCheckWriteNothing {
            try RepoAddPlanner(h.shared).plan(name: "specs", url: h.url, branch: nil)
        }
    }

    func testRefusalsChangeNothing() throws {
        let h = try RepoPlannerHarness()
        try FileManager.default.createDirectory(atPath: h.repo("local"), withIntermediateDirectories: true)
        let before = h.snapshot()
        let add = RepoAddPlanner(h.shared)
        XCTAssertEqual(refusalCode { try add.plan(name: "a/b", url: h.url, branch: nil) }, .repoBadName)
        XCTAssertEqual(refusalCode { try add.plan(name: ".hidden", url: h.url, branch: nil) }, .repoBadName)
        XCTAssertEqual(refusalCode { try add.plan(name: "trunk", url: h.url, branch: nil) }, .repoCDNURL)
        XCTAssertEqual(
            refusalCode { try add.plan(name: "x", url: "https://cdn.cocoapods.org/", branch: nil) }, .repoCDNURL)
        XCTAssertEqual(refusalCode { try add.plan(name: "local", url: h.url, branch: nil) }, .repoExists)
        XCTAssertEqual(refusalCode { try add.plan(name: "x", url: h.url, branch: nil, depth: 0) }, .usageDepth)
        XCTAssertEqual(h.snapshot().differences(to: before), [])
    }

    func testAHeldSpecLockClonesNothing() throws {
        let h = try RepoPlannerHarness()
        try FileManager.default.createDirectory(atPath: h.repos, withIntermediateDirectories: true)
        let holder = try FlockHolder(h.repos + "/Spec_Lock")
        defer { holder.release() }
        h.shared.network.lockTimeout = 0.5
        XCTAssertThrowsError(try h.add()) { XCTAssertEqual(($0 as? any PodMirrorError)?.code, .reposLocked) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.repo("specs")))
    }
}
