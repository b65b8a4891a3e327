import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

/// The typed error codes: docs/exit-codes.md lists each one as the enum says, each is used in Sources,
/// and JSON carries the raw string.
final class ErrorCodeTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testExitCodesDocHoldsTheTableTheEnumGenerates() throws {
        let doc = try String(
            contentsOf: Self.root.appendingPathComponent("docs/exit-codes.md"), encoding: .utf8)
        let begin = try XCTUnwrap(doc.range(of: "<!-- error-codes:begin -->\n"), "begin marker")
        let end = try XCTUnwrap(doc.range(of: "<!-- error-codes:end -->"), "end marker")
        let table = String(doc[begin.upperBound..<end.lowerBound])
        XCTAssertEqual(table, ErrorCode.markdownTable, "docs/exit-codes.md is stale: run scripts/gen-docs.sh")
        for code in ErrorCode.allCases { XCTAssertTrue(table.contains("| `\(code.rawValue)` |"), code.rawValue) }
    }

    /// A code in the enum that no source names is a code no error can carry.
    func testEveryCodeIsUsedInSources() throws {
        var sources = ""
        let enumerator = FileManager.default.enumerator(
            at: Self.root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.lastPathComponent.hasPrefix("ErrorCode") else { continue }
            sources += try String(contentsOf: url, encoding: .utf8)
        }
        let unused = ErrorCode.allCases.filter { code in
            let name = String(describing: code)
            return sources.range(of: #"\.\#(name)\b"#, options: .regularExpression) == nil
        }
        XCTAssertEqual(unused.map(\.rawValue), [], "codes no source uses")
    }

    func testEachCodeHasOneLineOfMeaningAndARawValueShapedLikeTheOthers() {
        XCTAssertGreaterThan(ErrorCode.allCases.count, 100)
        for code in ErrorCode.allCases {
            XCTAssertFalse(code.meaning.isEmpty, code.rawValue)
            XCTAssertFalse(code.meaning.contains("\n") || code.meaning.contains("|"), code.rawValue)
            XCTAssertTrue(code.meaning.hasSuffix("."), code.rawValue)
            XCTAssertNotNil(code.rawValue.range(of: #"^[a-z]+(-[a-z]+)*(\.[a-zA-Z-]+)*$"#, options: .regularExpression))
            XCTAssertNotEqual(code.exitStatus, .success, code.rawValue)
            XCTAssertNotEqual(code.exitStatus, .drift, code.rawValue)
        }
    }

    func testCodeDecidesExitStatusAndJSONCarriesTheRawString() throws {
        XCTAssertEqual(ErrorCode.repoBadName.exitStatus, .usage)
        XCTAssertEqual(ErrorCode.reposLocked.exitStatus, .lockHeld)
        XCTAssertEqual(ErrorCode.gitTransport.exitStatus, .network)
        XCTAssertEqual(ErrorCode.toolLaunch.exitStatus, .toolMissing)
        XCTAssertEqual(ErrorCode.interrupted.exitStatus, .interrupted)
        let failure = PodMirrorFailure(Message("repo.error.name-taken", ["name": "x"]), code: .repoExists)
        XCTAssertEqual(failure.exitStatus, .failure)
        let json = try JSONEncoder().encode([ErrorCode.podsHTTPStatus, .gitUnsupportedTransport])
        XCTAssertEqual(String(decoding: json, as: UTF8.self), #"["pods.http.http-status","git.unsupportedTransport"]"#)
    }
}
