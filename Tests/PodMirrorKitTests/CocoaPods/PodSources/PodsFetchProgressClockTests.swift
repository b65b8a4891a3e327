import Foundation
@testable import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorTestSupport
import PodMirrorTransport
import XCTest

/// The progress a fetch reports counts its seconds from the first fetch, not from before the planning (which reads
/// the lock and every spec): a rate and a time left over the planning's seconds too came out up to twice too long.
final class PodsFetchProgressClockTests: XCTestCase {
    func testSecondsCountFromTheStartOfTheFetching() throws {
        let home = TempDirectory("pods-progress-clock")
        let env = RuntimeEnvironment(
            variables: ["HOME": home.path, "PATH": "/usr/bin:/bin"], currentDirectory: home.path)
        let fetcher = try PodsFetcher(
            request: PodsFetchRequest(
                lockfilePath: home.sub("Podfile.lock"), jobs: 2, network: .test(), environment: env))
        let jobs = (0..<4).map { i in
            PodJob(
                result: PodFetchResult(
                    name: "P\(i)", version: "1.0", kind: .git, origin: .release, url: nil, status: .skipped,
                    reason: nil, error: nil, errorCode: nil, bytes: 0, seconds: 0, cachePath: nil, commit: nil,
                    podspec: nil, specRepo: nil, reasonText: nil, errorText: nil, exitStatus: nil),
                source: nil, slug: nil, spec: nil, settled: true)
        }
        // Planning that took a while before the fetching began.
        Thread.sleep(forTimeInterval: 0.5)
        let seen = Seen()
        _ = fetcher.execute(jobs, cancellation: CancellationToken()) { seen.add($0.seconds) }
        XCTAssertEqual(seen.values.count, 4)
        XCTAssertTrue(seen.values.allSatisfy { $0 >= 0 && $0 < 0.4 }, "\(seen.values)")
    }

    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [TimeInterval] = []
        func add(_ v: TimeInterval) { lock.lock(); list.append(v); lock.unlock() }
        var values: [TimeInterval] { lock.lock(); defer { lock.unlock() }; return list }
    }
}
