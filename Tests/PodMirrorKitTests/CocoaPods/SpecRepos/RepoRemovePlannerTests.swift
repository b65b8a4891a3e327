import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
import XCTest

final class RepoRemovePlannerTests: XCTestCase {
    func testPlansTheRemovalOfAGitRepoAndApplyingLeavesNoTrace() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let plan = try RepoRemovePlanner(h.shared).plan(name: "specs")
        XCTAssertEqual(plan.changes.map(\.kind), [.specRepoRemove])
        XCTAssertEqual((plan.changes[0].details as? SpecRepoRemoveFacts)?.type, "git")
        XCTAssertEqual((plan.changes[0].details as? SpecRepoRemoveFacts)?.url, h.url)
        XCTAssertTrue(plan.changes[0].isReversible)

        XCTAssertTrue(try h.run(.apply) { plan }.changed)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: h.repos).sorted(), ["Spec_Lock"])
    }

    func testRemovesAPlainFolderToo() throws {
        let h = try RepoPlannerHarness()
        _ = try h.home.write("repos/local/Specs/A/1.0/A.podspec.json", "{}")
        let plan = try RepoRemovePlanner(h.shared).plan(name: "local")
        XCTAssertEqual((plan.changes[0].details as? SpecRepoRemoveFacts)?.type, "dir")
        try h.run(.apply) { plan }
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.repo("local")))
    }

    func testDryRunAndCheckWriteNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        try h.assertDryRunAndCheckWriteNothing { try RepoRemovePlanner(h.shared).plan(name: "specs") }
    }

    func testRefusalsChangeNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let before = h.snapshot()
        let remove = RepoRemovePlanner(h.shared)
        for bad in ["", ".", "..", "specs/Specs", "../repos"] {
            XCTAssertEqual(refusalCode { try remove.plan(name: bad) }, .repoBadName, bad)
        }
        XCTAssertEqual(refusalCode { try remove.plan(name: "missing") }, .repoNotFound)
        XCTAssertEqual(h.snapshot().differences(to: before), [])
    }

    func testAHeldSpecLockRemovesNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let holder = try FlockHolder(h.repos + "/Spec_Lock")
        defer { holder.release() }
        h.shared.network.lockTimeout = 0.5
        XCTAssertThrowsError(try h.run(.apply) { try RepoRemovePlanner(h.shared).plan(name: "specs") }) {
            XCTAssertEqual(($0 as? any PodMirrorError)?.code, .reposLocked)
        }
        XCTAssertEqual(try h.head(), h.fixture.head)
    }
}
