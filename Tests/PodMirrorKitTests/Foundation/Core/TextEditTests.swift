import Foundation
import PodMirrorTestSupport
import XCTest
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport

final class TextEditTests: XCTestCase {
    func testEditsApplyOutOfOrderAndKeepOtherBytes() throws {
        let original = Array("abc\r\ndef\r\n".utf8)
        let out = try original.applying([.insert("X", at: 5), .delete(0..<1)])
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "bc\r\nXdef\r\n")
    }

    func testOverlappingEditsAreRejected() {
        XCTAssertThrowsError(try Array("abcdef".utf8).applying([.delete(0..<3), .delete(2..<4)]))
    }
}
