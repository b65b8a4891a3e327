import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// The minimum transfer rate beside the stall timeout: a server trickling a byte every quarter second never
/// stalls, yet a clone from it is abandoned once a window passes under the rate, naming the rate.
final class MinimumRateTests: XCTestCase {
    func testEnvironmentSetsTheRateAndBadValuesNameTheVariable() throws {
        let unset = try NetworkSettings.resolve(
            timeout: nil, lockTimeout: nil, environment: [:], urlRewrite: SourceMirrorRules(rules: []))
        XCTAssertEqual(unset.minimumRate, .default)
        let set = try NetworkSettings.resolve(
            timeout: nil, lockTimeout: nil, environment: ["PODMIRROR_MIN_RATE": "0", "PODMIRROR_MIN_RATE_TIME": "5"],
            urlRewrite: SourceMirrorRules(rules: []))
        XCTAssertEqual(set.minimumRate, MinimumRate(bytesPerSecond: 0, seconds: 5))
        XCTAssertFalse(set.minimumRate.isEnabled)
        for (name, value) in [
            ("PODMIRROR_MIN_RATE", "fast"), ("PODMIRROR_MIN_RATE", "-1"), ("PODMIRROR_MIN_RATE_TIME", "0"),
            ("PODMIRROR_MIN_RATE_TIME", "soon"),
        ] {
            let environment = [name: value]
            XCTAssertThrowsError(
                try NetworkSettings.resolve(
                    timeout: nil, lockTimeout: nil, environment: environment, urlRewrite: SourceMirrorRules(rules: []))
            ) {
                let failure = $0 as? PodMirrorFailure
                XCTAssertEqual(failure?.code, .usageTimeout, "\(name)=\(value)")
                XCTAssertTrue(failure?.message.contains(name) == true, failure?.message ?? "")
                XCTAssertTrue(failure?.message.contains(value) == true, failure?.message ?? "")
            }
        }
    }

    func testTricklingGitServerIsAbandonedUnderTheMinimumRate() throws {
        let served = TempDirectory("pm-kit-served")
        let tmp = TempDirectory("pm-kit")
        _ = try SpecsFixture(root: served.path, name: "specs", pods: 30, commits: 3, seed: "trickle")
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        server.setFault(.trickleAfter(bytes: 2000))
        let start = Date()
        var network = NetworkSettings.test(stallTimeout: 20)
        network.minimumRate = MinimumRate(bytesPerSecond: 1000, seconds: 2)
        let options = TransferOptions(network: network)
        XCTAssertThrowsError(
            try GitTransfer.clone(url: server.url("specs.git"), into: tmp.sub("r"), branch: nil, options: options)
        ) {
            let error = $0 as? GitError
            XCTAssertEqual(error?.kind, .timeout, "\($0)")
            XCTAssertEqual(error?.tooSlow, true)
            XCTAssertTrue(error?.message.contains("slower than 1000 bytes/s for 2 s") == true, "\($0)")
            XCTAssertTrue(error?.remedy?.contains("PODMIRROR_MIN_RATE") == true, error?.remedy ?? "")
        }
        let seconds = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(seconds, 2)
        XCTAssertLessThan(seconds, 10, "the 20 s stall timeout never fires on a trickle: the rate must")
    }
}
