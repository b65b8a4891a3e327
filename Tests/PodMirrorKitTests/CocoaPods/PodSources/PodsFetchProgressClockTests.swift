import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// The progress a fetch reports counts its seconds from the first fetch, not from before the planning (which reads
/// the lock and every spec): a rate and a time left over the planning's seconds too came out up to twice too long.
final class PodsFetchProgressClockTests: XCTestCase {
    func testSecondsCountFromTheStartOfTheFetching() throws {
        let home = TempDirectory("pods-progress-clock")
        let fetcher = try PodsFetcherFixture.fetcher(home: home)
        let jobs = PodsFetcherFixture.jobs(4, status: .skipped, settled: true)
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
