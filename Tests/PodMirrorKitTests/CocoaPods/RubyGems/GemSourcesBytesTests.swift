import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import XCTest

/// `GemSources`' edits on a file's bytes (what GemrcFuzz calls): the same results as the plans write, refusals
/// as podmirror errors.
final class GemSourcesBytesTests: XCTestCase {
    let catalog = try! MirrorCatalog.bundled()
    var tuna: String { catalog.gemMirror(named: "tuna")!.url }

    func testGemrcUseReplacesPublicSourcesKeepsPrivateOnesAndResetOnlyTouchesASetList() throws {
        let text = "---\n:sources:\n- https://rubygems.org/\n- https://gems.example.internal/\n:verbose: true\n"
        let doc = try GemrcDocument(path: "gemrc", bytes: Array(text.utf8))
        let used = try GemSources.editedGemrc(doc, using: tuna, catalog: catalog)
        XCTAssertEqual(used.sources, [tuna, "https://gems.example.internal/"])
        XCTAssertEqual(
            String(decoding: used.bytes, as: UTF8.self),
            "---\n:sources:\n- \(tuna)\n- https://gems.example.internal/\n:verbose: true\n")
        let unset = try GemrcDocument(path: "gemrc", bytes: Array(":verbose: true\n".utf8))
        let official = catalog.gemMirror(named: "rubygems")!.url
        XCTAssertEqual(
            try GemSources.editedGemrc(unset, using: official, onlyIfSet: true, catalog: catalog).bytes, unset.bytes)
    }

    func testMirrorNameKnowsCatalogMirrorsByOldDomainsAndNotPrivateSources() {
        XCTAssertEqual(GemSources.mirrorName(of: "http://rubygems.org", catalog: catalog), "rubygems")
        XCTAssertEqual(GemSources.mirrorName(of: tuna, catalog: catalog), "tuna")
        XCTAssertNil(GemSources.mirrorName(of: "https://gems.example.internal/", catalog: catalog))
    }

    func testBundlerMirrorIsSetReadAndRemovedKeepingOtherLines() throws {
        let config = Array("---\nBUNDLE_JOBS: \"4\"\n".utf8)
        XCTAssertNil(try GemSources.bundlerMirror(in: config, path: "config"))
        let set = try GemSources.settingBundlerMirror(tuna, in: config, path: "config")
        XCTAssertEqual(try GemSources.bundlerMirror(in: set, path: "config"), tuna)
        XCTAssertTrue(String(decoding: set, as: UTF8.self).contains("BUNDLE_JOBS: \"4\"\n"))
        XCTAssertEqual(try GemSources.settingBundlerMirror(nil, in: set, path: "config"), config)
        XCTAssertThrowsError(try GemSources.bundlerMirror(in: Array("- [a\n".utf8), path: "config")) {
            XCTAssertNotNil($0 as? any PodMirrorError, "\($0)")
        }
    }
}
