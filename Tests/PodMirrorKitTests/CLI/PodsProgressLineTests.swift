@testable import PodMirrorCLI
@testable import PodMirrorFoundation
import XCTest

/// `pods fetch`'s progress line: the rate from the bytes, the time left from the pods done and total.
final class PodsProgressLineTests: XCTestCase {
    func testTheLineHasTheRateAndTheTimeLeftFromThePodsDone() {
        let english = RunScope.current.with(language: .english)
        // 2 of 10 pods in 4 s: 8 to go at 2 s each.
        let line = english.run { PodsRender.progressLine(done: 2, total: 10, bytes: 2_000_000, elapsed: 4) }
        XCTAssertTrue(line.hasPrefix("pods 2/10  2 MB"), line)
        XCTAssertTrue(line.contains("500 KB/s"), line)
        XCTAssertTrue(line.contains("about 16 s left"), line)

        let done = english.run { PodsRender.progressLine(done: 10, total: 10, bytes: 2_000_000, elapsed: 4) }
        XCTAssertFalse(done.contains("left"), "nothing left to estimate: \(done)")

        RunScope.current.with(language: .simplifiedChinese).run {
            XCTAssertTrue(
                PodsRender.progressLine(done: 2, total: 10, bytes: 2_000_000, elapsed: 4).contains("16 s"),
                "the time left in Chinese too")
        }
    }
}
