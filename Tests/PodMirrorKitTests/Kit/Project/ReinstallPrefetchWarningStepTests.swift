import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
import XCTest

/// `reinstall`'s prefetch as a step shown once per state: skipped or fetched, judged by the Podfile.lock's bytes and
/// what it did; a failed prefetch is no such step (it shows every warning).
final class ReinstallPrefetchWarningStepTests: XCTestCase {
    let home = TempDirectory("prefetch-step")
    var env: RuntimeEnvironment { RuntimeEnvironment(variables: ["HOME": home.path], currentDirectory: home.path) }
    let warning = Diagnostic(.warning, code: .podfileSourceAbsent, "skipped")

    func report(_ action: DownloadCache.VersionAction) -> PodsFetchReport {
        PodsFetchReport(
            lockfile: home.sub("Podfile.lock"), cachePath: home.path, cocoapodsVersion: "1.16.2",
            versionSource: .lockfile, versionAction: action, pods: [], warnings: [warning], mode: .apply,
            interrupted: false)
    }

    func testSkippedAndFetchedAreStepsJudgedByTheLockfileFailedIsNone() throws {
        let lockfile = try home.write("Podfile.lock", "PODS:\n")
        let skipped = try XCTUnwrap(
            ReinstallPrefetch.skipped(lockfile: lockfile, warning: warning).warningStep(
                arguments: ["reinstall"], environment: env))
        XCTAssertFalse(skipped.changed)
        XCTAssertEqual(skipped.warnings.map(\.message), ["skipped"])
        let fetched = try XCTUnwrap(
            ReinstallPrefetch.fetched(report(.none)).warningStep(arguments: ["reinstall"], environment: env))
        XCTAssertFalse(fetched.changed)
        XCTAssertNotEqual(fetched.state, skipped.state)
        XCTAssertTrue(
            try XCTUnwrap(
                ReinstallPrefetch.fetched(report(.write)).warningStep(arguments: ["reinstall"], environment: env)
            )
            .changed)
        XCTAssertNotEqual(
            fetched.state, report(.none).warningStep(arguments: ["reinstall"], environment: env).state,
            "a prefetch's state is not `pods fetch`'s")
        try home.write("Podfile.lock", "PODS:\n  - A (1.0)\n")
        XCTAssertNotEqual(
            ReinstallPrefetch.skipped(lockfile: lockfile, warning: warning).warningStep(
                arguments: ["reinstall"], environment: env)?.state, skipped.state)
        let failure = PodMirrorFailure(Message("pods.fetch.error.interrupted", ["count": "1"]), code: .interrupted)
        XCTAssertNil(
            ReinstallPrefetch.failed(report(.none), error: failure).warningStep(
                arguments: ["reinstall"], environment: env))
    }
}
