import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import XCTest

/// `PodfileDocument.simpleStatements`: the Podfile's statements without a block, at any depth, each with its text
/// and every line it spans (what PodfileFuzz checks an edit against); a compound's condition is one too.
final class PodfileStatementTests: XCTestCase {
    func testSimpleStatementsAtEveryDepthWithTheLinesTheySpan() throws {
        let text = """
            source 'https://cdn.cocoapods.org/'
            platform :ios,
              '12.0'
            target 'App' do
              pod 'A'
              if ENV['X']
                pod 'B'
              end
            end
            post_install do |installer|
              installer.pods_project.build_configurations.each do |c|
                c.build_settings['OTHER_SWIFT_FLAGS'] = '-DA
                -DB'
              end
            end

            """
        let doc = try PodfileDocument(text: text)
        let statements = doc.simpleStatements
        XCTAssertEqual(
            statements.map(\.text),
            [
                "source 'https://cdn.cocoapods.org/'", "platform :ios,\n  '12.0'", "pod 'A'", "ENV['X']", "pod 'B'",
                "c.build_settings['OTHER_SWIFT_FLAGS'] = '-DA\n    -DB'",
            ])
        XCTAssertEqual(statements.map(\.lines), [1...1, 2...3, 5...5, 6...6, 7...7, 12...13])
    }
}
