import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
import XCTest

final class RepoUsePlannerTests: XCTestCase {
    func testPlansARepointOfTheRepoAndApplyingMovesOriginAndHead() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let mirror = try h.fixture.mirror(named: "mirror", seed: "m")
        let tip = try mirror.addCommits(2)
        let url = h.server.url("mirror.git")
        let plan = try RepoUsePlanner(h.shared).plan(url: url, name: "specs")
        XCTAssertEqual(plan.changes.map(\.kind), [.specRepoUse])
        let details = try XCTUnwrap(plan.changes[0].details as? SpecRepoSwitchFacts)
        XCTAssertEqual(details.method, .repoint)
        XCTAssertEqual(details.previousURL, h.url)
        XCTAssertEqual(details.oldHead, h.fixture.head)

        let report = try h.run(.apply) { plan }
        XCTAssertEqual(report.changes[0].facts(SpecRepoSwitchedFacts.self)?.newHead, tip)
        XCTAssertEqual(try h.head(), tip)
        XCTAssertEqual(try h.git(["-C", h.repo("specs"), "remote", "get-url", "origin"]), url)
        XCTAssertEqual(try h.git(["-C", h.repo("specs"), "status", "--porcelain"]), "")

        let again = try RepoUsePlanner(h.shared).plan(url: url, name: "specs")
        XCTAssertEqual(again.changes.map(\.isNeeded), [false])
        XCTAssertEqual((again.changes[0].details as? SpecRepoUnchangedFacts)?.method, SpecRepoMethod.none)
    }

    func testWithNoRepoToTakeOverItPlansAClone() throws {
        let h = try RepoPlannerHarness()
        let plan = try RepoUsePlanner(h.shared).plan(url: h.url, name: "mine")
        XCTAssertEqual(plan.changes.map(\.kind), [.specRepoClone])
        try h.run(.apply) { plan }
        XCTAssertEqual(try h.head("mine"), h.fixture.head)
    }

    func testDryRunAndCheckWriteNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let mirror = try h.fixture.mirror(named: "mirror", seed: "m")
        try mirror.addCommits(1)
        let url = h.server.url("mirror.git")
        try h.assertDryRunAndCheckWriteNothing { try RepoUsePlanner(h.shared).plan(url: url, name: "specs") }
    }

    func testAnOlderSourceIsRefusedWhenApplyingAndTheRepoStaysAsItWas() throws {
        let h = try RepoPlannerHarness()
        let mirror = try h.fixture.mirror(named: "mirror", seed: "m")
        try h.fixture.addCommits(1)
        try h.add()
        let before = h.snapshot()
        let url = h.server.url("mirror.git")
        XCTAssertThrowsError(try h.run(.apply) { try RepoUsePlanner(h.shared).plan(url: url, name: "specs") }) {
            XCTAssertEqual(($0 as? any PodMirrorError)?.code, .repoOlder)
        }
        XCTAssertEqual(try h.head(), h.fixture.head)
        XCTAssertNotEqual(mirror.head, h.fixture.head)
        XCTAssertEqual(try h.git(["-C", h.repo("specs"), "remote", "get-url", "origin"]), h.url)
        XCTAssertEqual(h.snapshot().differences(to: before).filter { !$0.contains("Spec_Lock") }, [])
    }

    func testADivergedSourceIsRefusedUnlessAllowedAndThenReported() throws {
        let h = try RepoPlannerHarness()
        let mirror = try h.fixture.mirror(named: "mirror", seed: "m")
        try h.fixture.addCommits(2)
        let mirrorTip = try mirror.addCommits(1)
        try h.add()
        let before = h.snapshot()
        let url = h.server.url("mirror.git")
        XCTAssertThrowsError(try h.run(.apply) { try RepoUsePlanner(h.shared).plan(url: url, name: "specs") }) {
            let error = $0 as? any PodMirrorError
            XCTAssertEqual(error?.code, .repoDiverged)
            XCTAssertTrue(error?.localizedMessage.contains("2 commit") == true, error?.localizedMessage ?? "")
        }
        XCTAssertEqual(try h.head(), h.fixture.head)
        XCTAssertEqual(h.snapshot().differences(to: before).filter { !$0.contains("Spec_Lock") }, [])

        let report = try h.run(.apply) { try RepoUsePlanner(h.shared).plan(url: url, name: "specs", allowOlder: true) }
        XCTAssertEqual(try h.head(), mirrorTip)
        let warned = RepoUsePlanner.reportingMovedBack(report).warnings.filter { $0.code == .repoMovedBack }
        XCTAssertEqual(warned.count, 1, "the commits left behind are reported")
    }

    func testRefusalsChangeNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let use = RepoUsePlanner(h.shared)
        let url = h.server.url("mirror.git")
        let before = h.snapshot()
        XCTAssertEqual(refusalCode { try use.plan(url: "https://cdn.cocoapods.org/", name: nil) }, .repoCDNURL)
        XCTAssertEqual(refusalCode { try use.plan(url: url, name: "a/b") }, .repoBadName)
        XCTAssertEqual(
            refusalCode { try use.plan(url: "ext::sh -c touch% /tmp/x", name: nil) }, .gitUnsupportedTransport)
        h.touch(h.repo("specs") + "/.git/HEAD.lock")
        XCTAssertEqual(refusalCode { try use.plan(url: url, name: "specs") }, .repoGitLock)
        XCTAssertEqual(h.snapshot().differences(to: before).count, 1, "only the lock file made here")
    }
}
