import Foundation
@testable import PodMirrorFoundation
import XCTest

/// A change's facts as a report records them: what it planned, then what applying and committing returned; JSON
/// shows them as one `details` object, code reads each as its struct.
final class ChangeFactsTests: XCTestCase {
    struct Planned: ChangeFacts {
        var name: String
        @NullWhenAbsent var head: String?
        var note: String?
    }
    struct Applied: ChangeFacts { var head: String }
    struct Committed: ChangeFacts { var removed: Bool }

    func testDetailsMergeThePlannedFactsWithWhatApplyAndCommitReturnedTheLaterWinning() throws {
        let change = Change(
            id: "c", kind: .specRepoUse, subject: "s", summary: "s",
            details: Planned(name: "specs", head: nil, note: nil), isNeeded: true,
            apply: { _ in Applied(head: "b") }, undo: {}, commit: { Committed(removed: true) })
        let report = try PlanRunner().run(Plan(title: "t", changes: [change]), mode: .apply)
        let record = report.changes[0]
        XCTAssertEqual(record.facts(Planned.self)?.name, "specs")
        XCTAssertEqual(record.facts(Applied.self)?.head, "b")
        XCTAssertEqual(record.facts(Committed.self)?.removed, true)
        XCTAssertEqual(try record.detailsJSON(), ["name": "specs", "head": "b", "removed": true])
        // Planned only (dry run): an unknown `@NullWhenAbsent` fact is null, a plain optional one is left out.
        let dry = try PlanRunner().run(Plan(title: "t", changes: [change]), mode: .dryRun)
        XCTAssertNil(dry.changes[0].facts(Applied.self))
        XCTAssertEqual(try dry.changes[0].detailsJSON(), ["name": "specs", "head": .null])
        let encoded = try JSONValue.encoding(dry)
        guard case .array(let changes)? = encoded["changes"] else { return XCTFail("\(encoded)") }
        XCTAssertEqual(changes.first?["details"], ["name": "specs", "head": .null])
    }

    func testAChangeWithoutFactsHasEmptyDetails() throws {
        let change = Change(
            id: "c", kind: .podfileEdit, subject: "s", summary: "s", isNeeded: true, apply: { _ in nil })
        let report = try PlanRunner().run(Plan(title: "t", changes: [change]), mode: .apply)
        XCTAssertEqual(try report.changes[0].detailsJSON(), [:])
    }
}
