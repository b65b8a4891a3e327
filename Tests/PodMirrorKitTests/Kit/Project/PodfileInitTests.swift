import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

final class PodfileInitTests: XCTestCase {
    func testMatchesPodInitsOwnExpectedOutput() {
        // CocoaPods spec/functional/command/init_spec.rb: App, AppTests, AppFeatureTests (UI), Swifty App.
        let text = PodfileInit.render(
            targets: [
                ("Swifty App", "com.apple.product-type.application"),
                ("AppTests", "com.apple.product-type.bundle.unit-test"),
                ("App", "com.apple.product-type.application"),
                ("AppFeatureTests", "com.apple.product-type.bundle.ui-testing"),
            ], projectLine: nil, platform: nil, appBody: "# Pods for ${TARGET_NAME}\n", testBody: "# Pods for testing\n"
        )
        XCTAssertEqual(
            text,
            """
            # Uncomment the next line to define a global platform for your project
            # platform :ios, '9.0'

            target 'App' do
              # Comment the next line if you don't want to use dynamic frameworks
              use_frameworks!

              # Pods for App

              target 'AppFeatureTests' do
                # Pods for testing
              end

              target 'AppTests' do
                inherit! :search_paths
                # Pods for testing
              end

            end

            target 'Swifty App' do
              # Comment the next line if you don't want to use dynamic frameworks
              use_frameworks!

              # Pods for Swifty App

            end

            """)
    }

    func testProjectLinePlatformQuotesAndHostsWithoutInherit() throws {
        let text = PodfileInit.render(
            targets: [
                ("Kit", "com.apple.product-type.framework"),
                ("KitTests", "com.apple.product-type.bundle.unit-test"),
                ("Bob's App", "com.apple.product-type.application"),
                ("Orphan Tests", "com.apple.product-type.bundle.unit-test"),
            ], projectLine: "ios/App.xcodeproj", platform: try PlatformChoice(parsing: "macos:12.0"),
            appBody: "pod 'A'\npod 'B'", testBody: "# t")
        XCTAssertTrue(
            text.hasPrefix("project 'ios/App.xcodeproj'\n\nplatform :osx, '12.0'\n\ntarget 'Bob\\'s App' do\n"), text)
        XCTAssertTrue(text.contains("  pod 'A'\n  pod 'B'\n"), text)
        XCTAssertTrue(
            text.contains("  target 'KitTests' do\n    # t\n  end\n"), "no inherit! under a framework host: \(text)")
        XCTAssertFalse(text.contains("Orphan"), "test targets without a host are left out")
    }

    func testPlatformParsing() throws {
        XCTAssertEqual(try PlatformChoice(parsing: "ios:13.0").podfileLine, "platform :ios, '13.0'")
        XCTAssertEqual(try PlatformChoice(parsing: "tvos").podfileLine, "platform :tvos")
        XCTAssertThrowsError(try PlatformChoice(parsing: "android:1"))
        XCTAssertThrowsError(try PlatformChoice(parsing: "ios:13.x"))
    }
}
