import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// Issue #28, item 10: a trickling server (never a stall, always under the minimum rate) made one pod's download
/// last for every try and every restart after an ignored `Range` (with `--timeout 5`, over 75 s). The retry policy
/// (docs/pods-fetch.md) bounds it: no try starts after `retryWindow`, and a too-slow try is not restarted from zero.
extension HTTPSourceDownloaderTests {
    func tricklingOptions(stall: TimeInterval) -> DownloadOptions {
        var o = options(retries: 3, stall: stall)
        o.retryDelay = 1
        o.network.minimumRate = MinimumRate(bytesPerSecond: 1024, seconds: 3)
        return o
    }

    /// 2 bytes a second, `Range` ignored, `--timeout 5`: one try and the resume the server refuses. Before: three
    /// full trickles (each try restarted from zero after the ignored range) and 7 requests.
    func testATricklingServerWithoutRangeEndsAfterOneTry() throws {
        server.serve("/slow.zip", Array(repeating: 7, count: 50_000))
        server.inject("/slow.zip", Array(repeating: .trickleIgnoringRange(seconds: 60), count: 10))
        let o = tricklingOptions(stall: 5)
        let start = Date()
        let e = fetchError(HTTPSource(url: server.url + "/slow.zip"), o)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(e?.kind, .transfer, "\(String(describing: e))")
        XCTAssertTrue(e?.message.contains("slower than 1024 bytes/s for 3 s") == true, e?.message ?? "")
        XCTAssertEqual(server.requests.count, 2, "the try, then the resume the server ignores")
        XCTAssertLessThan(seconds, 10, "took \(seconds) s")
        assertNothingLeft()
    }

    /// A trickle that honours `Range`: each try resumes, but no try starts after the window, so the download ends
    /// within the window plus one try. Before: all four tries, one after another.
    func testNoTryStartsAfterTheRetryWindow() throws {
        server.serve("/slow2.zip", Array(repeating: 7, count: 50_000))
        server.inject("/slow2.zip", Array(repeating: .trickleAfter(0, seconds: 60), count: 10))
        var o = tricklingOptions(stall: 1)
        o.retryDelay = 0.05
        let start = Date()
        let e = fetchError(HTTPSource(url: server.url + "/slow2.zip"), o)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(e?.kind, .transfer, "\(String(describing: e))")
        XCTAssertLessThan(server.requests.count, 4, "the fourth try would start after the window")
        XCTAssertGreaterThanOrEqual(server.requests.count, 2)
        XCTAssertLessThan(seconds, o.retryWindow + o.network.minimumRate.seconds + 2, "took \(seconds) s")
        assertNothingLeft()
    }
}
