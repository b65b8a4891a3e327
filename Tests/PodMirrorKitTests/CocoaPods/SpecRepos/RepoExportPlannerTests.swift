import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorKit
import PodMirrorTestSupport
import XCTest

final class RepoExportPlannerTests: XCTestCase {
    func testPlansTheBundleAndApplyingWritesOneGitReads() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let file = h.home.sub("specs.bundle")
        let plan = try RepoExportPlanner(h.shared).plan(name: "specs", to: file)
        XCTAssertEqual(plan.changes.map(\.kind), [.specRepoExport])
        XCTAssertTrue(plan.changes[0].isNeeded)
        XCTAssertEqual((plan.changes[0].details as? SpecBundleExportFacts)?.tip, h.fixture.head)

        let report = try h.run(.apply) { plan }
        XCTAssertEqual(report.changes[0].facts(SpecBundleExport.self)?.file, file)
        let listed = try h.git(["bundle", "list-heads", file]).split(separator: "\n").map(String.init)
        XCTAssertTrue(listed.contains("\(h.fixture.head) refs/heads/master"), "\(listed)")
        _ = try h.git(["-C", h.repo("specs"), "bundle", "verify", file])
        XCTAssertEqual(try RepoExportPlanner(h.shared).plan(name: "specs", to: file).changes.map(\.isNeeded), [false])
    }

    func testAnotherBundleAtFileIsDrift() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let file = h.home.sub("specs.bundle")
        try h.run(.apply) { try RepoExportPlanner(h.shared).plan(name: "specs", to: file) }
        try h.fixture.addCommits(1)
        try h.run(.apply) { try RepoUpdatePlanner(h.shared).plan(names: ["specs"]) }
        XCTAssertTrue(try h.run(.check) { try RepoExportPlanner(h.shared).plan(name: "specs", to: file) }.hasDrift)
    }

    func testDryRunAndCheckWriteNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        let file = h.home.sub("specs.bundle")
        try h.assertDryRunAndCheckWriteNothing { try RepoExportPlanner(h.shared).plan(name: "specs", to: file) }
    }

    func testRefusalsChangeNothing() throws {
        let h = try RepoPlannerHarness()
        try h.add()
        _ = try h.home.write("repos/local/Specs/A/1.0/A.podspec.json", "{}")
        let export = RepoExportPlanner(h.shared)
        let file = h.home.sub("out.bundle")
        let before = h.snapshot()
        XCTAssertEqual(refusalCode { try export.plan(name: "missing", to: file) }, .repoNotFound)
        XCTAssertEqual(refusalCode { try export.plan(name: "../specs", to: file) }, .repoNotFound)
        XCTAssertEqual(refusalCode { try export.plan(name: "local", to: file) }, .bundleNotGit)
        XCTAssertEqual(refusalCode { try export.plan(name: "specs", to: h.home.path) }, .bundleFileIsFolder)
        XCTAssertEqual(h.snapshot().differences(to: before), [])
    }
}
