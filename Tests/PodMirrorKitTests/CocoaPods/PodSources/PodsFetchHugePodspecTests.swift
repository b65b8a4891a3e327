@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// Issue #28, item 9 (answers kept in memory): a downloaded podspec is read into memory, so its download is cut at
/// the bound of every podspec read (4 MiB), not the archive bound (2 GiB).
extension PodsFetchTests {
    func testACDNPodspecOverTheBoundIsCutWhileItDownloads() throws {
        let huge = [UInt8](repeating: 0x20, count: 5 << 20)
        let path = "/Specs/\(try shard("PMHuge"))/PMHuge/1.0.0/PMHuge.podspec.json"
        let cdn = try StaticHTTPServer(routes: [path: .init(body: huge)])
        defer { cdn.stop() }
        _ = try makeTrunk(url: cdn.url)
        let lock = try fixture.writeLock(
            """
            PODS:
              - PMHuge (1.0.0)

            DEPENDENCIES:
              - PMHuge

            SPEC REPOS:
              trunk:
                - PMHuge

            SPEC CHECKSUMS:
              PMHuge: \(try sha1(huge))

            PODFILE CHECKSUM: 0123456789abcdef0123456789abcdef01234567

            COCOAPODS: 1.17.0

            """)
        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        let pod = result(report, "PMHuge")
        XCTAssertEqual(pod.status, .failed, "\(pod)")
        XCTAssertEqual(pod.errorText?.key, "pods.podspec.download-too-large", pod.error ?? "")
        XCTAssertTrue(pod.error?.contains("larger than 4194304 bytes") ?? false, pod.error ?? "")
    }
}
