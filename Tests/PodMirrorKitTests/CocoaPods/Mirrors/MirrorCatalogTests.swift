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

    /// A name by spelling first, then the one mirror whose host carries the word; none when several do.
    func testNearestNameBySpellingThenByHostLabel() throws {
        let catalog = try MirrorCatalog.bundled()
        XCTAssertEqual(catalog.nearestName(to: "tnua", gems: false), "tuna")
        XCTAssertEqual(catalog.nearestName(to: "Tsinghua", gems: false), "tuna")
        XCTAssertEqual(catalog.nearestName(to: "tsinghua", gems: true), "tuna")
        XCTAssertEqual(catalog.nearestName(to: "taobao", gems: true), "ruby-china", "an alias's host")
        XCTAssertNil(catalog.nearestName(to: "edu", gems: false), "the host label of several mirrors")
        XCTAssertNil(catalog.nearestName(to: "sjtu", gems: false))
        XCTAssertThrowsError(try catalog.resolve("tsinghua", gems: false)) {
            let remedy = ($0 as? PodMirrorFailure)?.remedy
            XCTAssertTrue(remedy?.contains("did you mean `tuna`?") == true, "\(String(describing: remedy))")
        }
    }
}
