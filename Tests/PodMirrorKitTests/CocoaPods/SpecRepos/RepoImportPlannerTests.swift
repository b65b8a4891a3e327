import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
import XCTest

final class RepoImportPlannerTests: XCTestCase {
    /// The served repo's master as a bundle made by git (the reference).
    func bundle(_ h: RepoPlannerHarness, _ arguments: [String] = ["master"]) throws -> String {
        let file = h.served.sub("specs-\(arguments.count).bundle")
        _ = try h.git(["--git-dir", h.fixture.bare, "bundle", "create", "-q", file] + arguments)
        return file
    }

    func testPlansTheImportAndApplyingMakesARepoThatFetchesFromOrigin() throws {
        let h = try RepoPlannerHarness()
        let request = SpecBundleImportRequest(source: try bundle(h), name: "specs", origin: h.url)
        let plan = try RepoImportPlanner(h.shared).plan(request)
        XCTAssertEqual(plan.changes.map(\.kind), [.specRepoImport])
        XCTAssertEqual((plan.changes[0].details as? SpecBundleImportFacts)?.method, .bundle)
        XCTAssertEqual((plan.changes[0].details as? SpecBundleImportFacts)?.tip, h.fixture.head)

        try h.run(.apply) { plan }
        XCTAssertEqual(try h.head(), h.fixture.head)
        XCTAssertEqual(try h.git(["-C", h.repo("specs"), "remote", "get-url", "origin"]), h.url)
        XCTAssertEqual(try h.git(["-C", h.repo("specs"), "status", "--porcelain"]), "")
        XCTAssertEqual(try RepoImportPlanner(h.shared).plan(request).changes.map(\.isNeeded), [false])
        let tip = try h.fixture.addCommits(1)
        try h.run(.apply) { try RepoUpdatePlanner(h.shared).plan(names: ["specs"]) }
        XCTAssertEqual(try h.head(), tip)
    }

    func testDryRunAndCheckWriteNothing() throws {
        let h = try RepoPlannerHarness()
        let request = SpecBundleImportRequest(source: try bundle(h), name: "specs", origin: h.url)
        try h.assertDryRunAndCheckWriteNothing { try RepoImportPlanner(h.shared).plan(request) }
    }

    func testRefusalsChangeNothing() throws {
        let h = try RepoPlannerHarness()
        let file = try bundle(h)
        try h.add("other")
        let before = h.snapshot()
        let importer = RepoImportPlanner(h.shared)
        func code(_ request: SpecBundleImportRequest) -> ErrorCode? { refusalCode { try importer.plan(request) } }
        XCTAssertEqual(code(.init(source: file, name: "a/b", origin: h.url)), .repoBadName)
        XCTAssertEqual(code(.init(source: file, name: "x", origin: h.url, expect: "xyz")), .bundleBadExpect)
        XCTAssertEqual(code(.init(source: file, name: "x", origin: h.url, expect: "0000000")), .bundleExpectMismatch)
        XCTAssertEqual(code(.init(source: h.home.sub("none.bundle"), name: "x", origin: h.url)), .bundleRead)
        let incremental = try bundle(h, ["master~1..master"])
        XCTAssertEqual(code(.init(source: incremental, name: "x", origin: h.url)), .bundleIncremental)
        try h.fixture.addCommits(1)
        XCTAssertEqual(code(.init(source: try bundle(h), name: "other", origin: h.url)), .repoExists)
        XCTAssertEqual(h.snapshot().differences(to: before), [])
    }
}
