import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

final class PlanRunnerTests: XCTestCase {
    func testDryRunAndCheckDoNotApplyAndApplyDoes() throws {
        let dir = TempDirectory()
        let p = try dir.write("Podfile", "a\n")
        let plan = Plan(
            title: "t",
            changes: [
                .fileEdit(
                    id: "x", kind: .podfileEdit, path: p, old: Array("a\n".utf8), new: Array("b\n".utf8),
                    summary: "edit", fileSystem: LocalFileSystem())
            ])
        let dry = try PlanRunner().run(plan, mode: .dryRun)
        XCTAssertTrue(dry.changed)
        XCTAssertEqual(try dir.read("Podfile"), Array("a\n".utf8))
        XCTAssertTrue(dry.changes[0].diff?.contains("+b") ?? false)
        let check = try PlanRunner().run(plan, mode: .check)
        XCTAssertTrue(check.hasDrift)
        let applied = try PlanRunner().run(plan, mode: .apply)
        XCTAssertTrue(applied.changes[0].applied)
        XCTAssertEqual(try dir.read("Podfile"), Array("b\n".utf8))
    }

    func testFailureUndoesEarlierStepsAndReportsThem() throws {
        let dir = TempDirectory()
        let p = try dir.write("Podfile", "a\n")
        struct Boom: PodMirrorError { var message = "boom"; var code = ErrorCode.error }
        struct Committed: ChangeFacts { var committed = true }
        let plan = Plan(
            title: "t",
            changes: [
                .fileEdit(
                    id: "edit", kind: .podfileEdit, path: p, old: Array("a\n".utf8), new: Array("b\n".utf8),
                    summary: "edit", fileSystem: LocalFileSystem()),
                Change(
                    id: "fail", kind: .podfileEdit, subject: "x", summary: "fails", isNeeded: true,
                    apply: { _ in throw Boom() }),
            ])
        XCTAssertThrowsError(try PlanRunner().run(plan, mode: .apply)) { error in
            guard let failure = error as? PlanFailure else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.report.rolledBack, ["edit"])
            XCTAssertEqual(failure.report.error, "boom")
        }
        XCTAssertEqual(try dir.read("Podfile"), Array("a\n".utf8))
    }

    func testIrreversibleChangesRunLastAndStayListedAfterAFailure() throws {
        let dir = TempDirectory()
        let p = try dir.write("Podfile", "a\n")
        let log = StepLog()
        struct Boom: PodMirrorError { var message = "boom"; var code = ErrorCode.error }
        struct Committed: ChangeFacts { var committed = true }
        let plan = Plan(
            title: "t",
            changes: [
                Change(
                    id: "install", kind: .installCocoaPods, subject: "x", summary: "install", isNeeded: true,
                    apply: { _ in
                        log.append("install"); return nil
                    }),
                .fileEdit(
                    id: "edit", kind: .podfileEdit, path: p, old: Array("a\n".utf8), new: Array("b\n".utf8),
                    summary: "edit", fileSystem: LocalFileSystem()),
                Change(
                    id: "boom", kind: .podInstall, subject: "x", summary: "fails", isNeeded: true,
                    apply: { _ in
                        log.append("boom"); throw Boom()
                    }),
            ])
        XCTAssertEqual(plan.runOrder.map(\.id), ["edit", "install", "boom"])
        // Reported in plan order, which does not depend on what each run finds reversible.
        XCTAssertEqual(try PlanRunner().run(plan, mode: .dryRun).changes.map(\.id), ["install", "edit", "boom"])
        XCTAssertThrowsError(try PlanRunner().run(plan, mode: .apply)) { error in
            guard let failure = error as? PlanFailure else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.report.rolledBack, ["edit"])
            XCTAssertEqual(failure.report.stayedChanged.map(\.id), ["install"])
            XCTAssertEqual(failure.report.changes.map(\.id), ["install", "edit", "boom"])
            XCTAssertEqual(failure.report.changes.map(\.reversible), [false, true, false])
        }
        XCTAssertEqual(log.entries, ["install", "boom"])
        XCTAssertEqual(try dir.read("Podfile"), Array("a\n".utf8))
    }

    func testCommitRunsOnlyWhenEveryStepSucceeded() throws {
        let log = StepLog()
        struct Boom: PodMirrorError { var message = "boom"; var code = ErrorCode.error }
        struct Committed: ChangeFacts { var committed = true }
        func keeping(_ id: String) -> Change {
            Change(
                id: id, kind: .specRepoUse, subject: id, summary: id, isNeeded: true, apply: { _ in nil },
                undo: { log.append("undo \(id)") },
                commit: {
                    log.append("commit \(id)"); return Committed()
                })
        }
        let ok = try PlanRunner().run(Plan(title: "t", changes: [keeping("a")]), mode: .apply)
        XCTAssertEqual(log.entries, ["commit a"])
        XCTAssertEqual(ok.changes[0].facts(Committed.self)?.committed, true)
        XCTAssertEqual(try ok.changes[0].detailsJSON(), ["committed": true], "what commit returned is in details")
        let failing = Plan(
            title: "t",
            changes: [
                keeping("b"),
                Change(
                    id: "c", kind: .podfileEdit, subject: "c", summary: "c",
                    isNeeded: true, apply: { _ in throw Boom() }, undo: {}),
            ])
        XCTAssertThrowsError(try PlanRunner().run(failing, mode: .apply))
        XCTAssertEqual(log.entries, ["commit a", "undo b"])
    }

    func testFileChangedUnderneathIsNotOverwritten() throws {
        let dir = TempDirectory()
        let p = try dir.write("Podfile", "a\n")
        let change = Change.fileEdit(
            id: "e", kind: .podfileEdit, path: p, old: Array("a\n".utf8), new: Array("b\n".utf8),
            summary: "s", fileSystem: LocalFileSystem())
        try dir.write("Podfile", "edited by someone\n")
        XCTAssertThrowsError(try PlanRunner().run(Plan(title: "t", changes: [change]), mode: .apply))
        XCTAssertEqual(try dir.read("Podfile"), Array("edited by someone\n".utf8))
    }
}
