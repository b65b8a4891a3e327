import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// An interrupted `pods fetch` counts the pods it stopped as interrupted, not failed (text summary and JSON counts),
/// and exits 130.
final class PodsFetchInterruptedTests: XCTestCase {
    func testStoppedPodsAreInterruptedNotFailed() throws {
        let home = TempDirectory("pods-interrupted")
        let fetcher = try PodsFetcherFixture.fetcher(home: home)
        let jobs = PodsFetcherFixture.jobs(3, status: .missing, settled: false)
        let cancelled = CancellationToken()
        cancelled.cancel(signal: SIGINT)
        let pods = fetcher.execute(jobs, cancellation: cancelled, progress: nil)
        XCTAssertEqual(pods.map(\.status), [.interrupted, .interrupted, .interrupted])
        XCTAssertEqual(pods.first?.errorCode, .interrupted)

        let report = PodsFetchReport(
            lockfile: home.sub("Podfile.lock"), cachePath: home.path, cocoapodsVersion: "1.16.2",
            versionSource: .lockfile, versionAction: .none, pods: pods, warnings: [], mode: .apply, interrupted: true)
        XCTAssertEqual(report.exitStatus, .interrupted)
        XCTAssertTrue(report.failed.isEmpty)
        XCTAssertFalse(report.allReady)
        let counts = try PodsRender.json(report)["counts"]
        XCTAssertEqual(counts?["interrupted"], .int(3))
        XCTAssertEqual(counts?["failed"], .int(0))
        RunScope.current.with(language: .english).run {
            XCTAssertTrue(PodsRender.summary(report).contains("0 failed, 3 interrupted"), PodsRender.summary(report))
        }
    }
}
