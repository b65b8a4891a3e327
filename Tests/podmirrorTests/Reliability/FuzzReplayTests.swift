import Foundation
import PodMirrorTestSupport
import XCTest

/// The fuzz harnesses, built normally, replay their seeds and every regression input a fuzzing run
/// found (Tests/Fuzz/<harness>/): no crash, every invariant holds. `scripts/fuzz.sh` does the fuzzing.
final class FuzzReplayTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz").path

    func replay(_ harness: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let executable = PodmirrorBinary.built(harness)
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            return XCTFail("\(executable) is not built (swift build builds it)", file: file, line: line)
        }
        let inputs = "\(Self.root)/\(harness)"
        let r = try ProcessRunner.run(executable, [inputs], environment: ["SWIFT_BACKTRACE": "enable=no"])
        XCTAssertEqual(r.status, 0, "\(harness) broke on an input: \(r.stderr)", file: file, line: line)
        let count =
            FileManager.default.enumerator(atPath: inputs)?.allObjects.compactMap { $0 as? String }
            .filter { !FileManager.default.isDirectory(inputs + "/" + $0) }.count ?? 0
        XCTAssertGreaterThan(count, 1, file: file, line: line)
        XCTAssertEqual(
            r.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count, count, r.stdout, file: file,
            line: line)
    }

    func testPodfileHarnessReplaysSeedsAndRegressions() throws { try replay("PodfileFuzz") }

    func testPbxprojHarnessReplaysSeedsAndRegressions() throws { try replay("PbxprojFuzz") }

    func testGemrcHarnessReplaysSeedsAndRegressions() throws { try replay("GemrcFuzz") }

    func testLockfileHarnessReplaysSeedsAndRegressions() throws { try replay("LockfileFuzz") }

    func testArchiveHarnessReplaysSeedsAndRegressions() throws { try replay("ArchiveFuzz") }
}
