import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// `--version` alone, with `--verbose`, and in JSON.
final class VersionCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func testVersionVerboseAndJSONNameLibgit2PlatformAndCommit() throws {
        let home = TempDirectory()
        let plain = try bin.run(["--version"], home: home.path)
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.stdout.split(separator: "\n").count, 1, plain.stdout)
        let verbose = try bin.run(
            ["--version", "--verbose"], home: home.path, extraEnvironment: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        // The libgit2 this test process loaded is the one the binary was linked with (one build); shallow from 1.7.
        let libgit2 = Libgit2.version
        let parts = libgit2.split(separator: ".").compactMap { Int($0) }
        let shallow = parts.count == 3 && (parts[0], parts[1]) >= (1, 7)
        let feature = shallow ? "shallow clone supported" : "no shallow clone"
        XCTAssertTrue(verbose.stdout.contains("libgit2 \(libgit2) (\(feature))"), verbose.stdout)
        XCTAssertTrue(
            verbose.stdout.contains("platform: linux-") || verbose.stdout.contains("platform: macos-"), verbose.stdout)
        XCTAssertTrue(verbose.stdout.contains("built from commit"), verbose.stdout)
        // In Chinese the whole line is, the shallow-clone part inside it too.
        let zh = try bin.run(["--version", "--verbose", "--lang", "zh-Hans"], home: home.path)
        XCTAssertEqual(zh.status, 0, zh.stderr)
        let zhFeature = shallow ? "支持浅克隆" : "不支持浅克隆"
        XCTAssertTrue(zh.stdout.contains("libgit2 \(libgit2)（\(zhFeature)）"), zh.stdout)
        XCTAssertTrue(zh.stdout.contains("平台："), zh.stdout)
        let json = try PodmirrorBinary.json(try bin.run(["--version", "--json"], home: home.path))
        XCTAssertEqual(json["version"] as? String, plain.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual((json["libgit2"] as? [String: Any])?["version"] as? String, libgit2)
        XCTAssertEqual((json["libgit2"] as? [String: Any])?["shallow"] as? Bool, shallow)
        XCTAssertTrue(json["commit"] is NSNull || json["commit"] is String)
        XCTAssertEqual((json["warnings"] as? [Any])?.count, 0)
    }
}
