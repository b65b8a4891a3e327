import Foundation
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// Warnings shown once per state, as the Kit decides it (`WarningMemory.sift`): a step that changes nothing and would
/// repeat the warnings the last run in its state showed is left out and counted; a changed step, a new state, other
/// warnings or `verbose` show them; nothing is remembered until the sifted result is recorded.
final class WarningSiftTests: XCTestCase {
    let home = TempDirectory("warning-sift")
    var memory: WarningMemory {
        WarningMemory(environment: RuntimeEnvironment(variables: ["HOME": home.path], currentDirectory: home.path))
    }
    let a = String(repeating: "a", count: 64)
    let b = String(repeating: "b", count: 64)
    let one = Diagnostic(.warning, code: .podfileSourceAbsent, "one")
    let two = Diagnostic(.warning, code: .podfileSourceAbsent, "two")

    func testARepeatedUnchangedStepIsLeftOutAndCountedOnceRecorded() {
        let step = WarningStep(warnings: [one, two], state: a, changed: false)
        let first = memory.sift([step], verbose: false)
        XCTAssertEqual(first.shown.map(\.message), ["one", "two"])
        XCTAssertEqual(first.unchanged, 0)
        XCTAssertEqual(memory.sift([step], verbose: false).shown.count, 2, "nothing remembered before record")
        memory.record(first)
        let again = memory.sift([step], verbose: false)
        XCTAssertEqual(again.shown.map(\.message), [])
        XCTAssertEqual(again.unchanged, 2)
        XCTAssertEqual(memory.sift([step], verbose: true).shown.count, 2, "--verbose shows them all")
        XCTAssertEqual(
            memory.sift([WarningStep(warnings: [one, two], state: a, changed: true)], verbose: false)
                .shown.count, 2, "a step that changes something shows its warnings")
        XCTAssertEqual(
            memory.sift([WarningStep(warnings: [one, two], state: b, changed: false)], verbose: false)
                .shown.count, 2, "another state")
        XCTAssertEqual(
            memory.sift([WarningStep(warnings: [one], state: a, changed: false)], verbose: false)
                .shown.count, 1, "other warnings")
    }

    func testEachStepIsJudgedByItselfAndAStepWithoutWarningsForgetsItsState() {
        memory.record(memory.sift([WarningStep(warnings: [one], state: a, changed: false)], verbose: false))
        let mixed = memory.sift(
            [
                WarningStep(warnings: [one], state: a, changed: false),
                WarningStep(warnings: [two], state: b, changed: false),
            ],
            verbose: false)
        XCTAssertEqual(mixed.shown.map(\.message), ["two"])
        XCTAssertEqual(mixed.unchanged, 1)
        memory.record(memory.sift([WarningStep(warnings: [], state: a, changed: false)], verbose: false))
        XCTAssertEqual(
            memory.sift([WarningStep(warnings: [one], state: a, changed: false)], verbose: false)
                .shown.count, 1, "forgotten once a run in that state showed none")
    }
}
