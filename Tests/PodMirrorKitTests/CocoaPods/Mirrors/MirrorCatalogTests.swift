import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

final class MirrorCatalogTests: XCTestCase {
    func testCatalogHasTheNamedMirrors() throws {
        let catalog = try MirrorCatalog.bundled()
        XCTAssertEqual(catalog.specs.map(\.name), ["trunk", "github", "tuna", "bfsu", "nju", "nyist"])
        XCTAssertEqual(catalog.gems.map(\.name), ["rubygems", "ruby-china", "ustc", "tuna"])
        XCTAssertEqual(
            catalog.specsMirror(named: "tuna")?.url, "https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git")
        XCTAssertEqual(try catalog.resolve("tuna", gems: true).url, "https://mirrors.tuna.tsinghua.edu.cn/rubygems/")
        XCTAssertEqual(try catalog.resolve("https://example.com/specs.git", gems: false).name, "")
        XCTAssertThrowsError(try catalog.resolve("nope", gems: false)) {
            XCTAssertTrue(($0 as? PodMirrorFailure)?.message.contains("'nope'") ?? false)
        }
    }
}
