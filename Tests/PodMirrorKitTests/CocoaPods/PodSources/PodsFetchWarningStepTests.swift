import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// `pods fetch`'s warnings as a step shown once per state: it changes something when a pod is (or would be) fetched
/// or the cache's VERSION written, and its state follows the command line (not `--verbose`), what each pod came to
/// and the bytes of the files its warnings name.
final class PodsFetchWarningStepTests: XCTestCase {
    func testTheStepFollowsTheReportAndTheFilesItsWarningsName() throws {
        let home = TempDirectory("pods-step")
        let podfile = try home.write("Podfile", "pod 'A'\n")
        let env = RuntimeEnvironment(variables: ["HOME": home.path], currentDirectory: home.path)
        func report(_ action: DownloadCache.VersionAction) -> PodsFetchReport {
            PodsFetchReport(
                lockfile: home.sub("Podfile.lock"), cachePath: home.path, cocoapodsVersion: "1.16.2",
                versionSource: .lockfile, versionAction: action, pods: [],
                warnings: [Diagnostic(.warning, code: .podfileSourceAbsent, "w", file: podfile)], mode: .apply,
                interrupted: false)
        }
        let step = report(.none).warningStep(arguments: ["pods", "fetch"], environment: env)
        XCTAssertFalse(step.changed)
        XCTAssertEqual(step.warnings.map(\.message), ["w"])
        XCTAssertTrue(report(.write).warningStep(arguments: ["pods", "fetch"], environment: env).changed)
        XCTAssertEqual(
            report(.none).warningStep(arguments: ["pods", "fetch", "-v"], environment: env).state, step.state)
        XCTAssertNotEqual(
            report(.none).warningStep(arguments: ["pods", "fetch", "--dry-run"], environment: env).state, step.state)
        try home.write("Podfile", "pod 'B'\n")
        XCTAssertNotEqual(report(.none).warningStep(arguments: ["pods", "fetch"], environment: env).state, step.state)
    }
}
