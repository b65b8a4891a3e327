import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import XCTest

/// The Ruby area's own error: the lexer and the statement builder name the file, line and column of what they cannot
/// place, whatever the file is (a podspec as well as a Podfile); a Podfile reports it as `podfile.syntax`.
final class RubySyntaxErrorTests: XCTestCase {
    func testTheLexerNamesTheFileLineAndColumnOfAnUnclosedString() {
        let text = "Pod::Spec.new do |s|\n  s.name = 'A\nend\n"
        XCTAssertThrowsError(try RubyLexer.tokenize(Array(text.utf8), file: "A.podspec")) {
            let error = $0 as? RubySyntaxError
            XCTAssertEqual(error?.file, "A.podspec")
            XCTAssertEqual(error?.line, 2)
            XCTAssertEqual(error?.column, 12)
        }
    }

    func testTheStatementBuilderNamesAnUnexpectedCloser() {
        XCTAssertThrowsError(try RubySyntax(bytes: Array("pod 'A'\nend\n".utf8), file: "Podfile")) {
            let error = $0 as? RubySyntaxError
            XCTAssertEqual(error?.line, 2)
            XCTAssertEqual(error?.column, 1)
            XCTAssertEqual(error?.message.key, "podfile.error.unexpected-closer")
        }
    }

    func testAPodfileReportsItAsPodfileSyntaxAtTheSamePlace() {
        XCTAssertThrowsError(try PodfileDocument(text: "pod 'A'\nend\n")) {
            let error = $0 as? PodfileError
            XCTAssertEqual(error?.code, .podfileSyntax)
            XCTAssertEqual(error?.line, 2)
            XCTAssertTrue(error?.message.hasPrefix("Podfile:2:1: ") == true, error?.message ?? "")
            XCTAssertNotNil(error?.remedy)
        }
    }
}
