import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// Edits of one run that set the same post_install key differently are refused (the Podfile holds one line for
/// the key, so the last would silently win and the first be reported as done).
final class PodfileContradictionTests: XCTestCase {
    let catalog = try! MirrorCatalog.bundled()

    func assertContradiction(_ edits: [PodfileEdit], naming words: [String], line: UInt = #line) throws {
        let doc = try PodfileDocument(text: "target 'App' do\n  pod 'A'\nend\n")
        XCTAssertThrowsError(try PodfileEditor.apply(edits, to: doc, catalog: catalog), line: line) { error in
            let e = error as? PodfileError
            XCTAssertEqual(e?.code, .podfileContradiction, "\(error)", line: line)
            XCTAssertEqual(e?.exitStatus, .usage, line: line)
            for word in words { XCTAssertTrue(e?.message.contains(word) == true, "\(error) names \(word)", line: line) }
        }
    }

    func testABuildSettingAndADeploymentTargetForOneKeyAreRefusedEitherWay() throws {
        let ios13 = try PlatformVersion(parsing: "ios", version: "13.0")
        try assertContradiction(
            [.buildSetting(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "14.0"), .deploymentTarget(ios13)],
            naming: ["IPHONEOS_DEPLOYMENT_TARGET=14.0", "ios:13.0"])
        try assertContradiction(
            [.deploymentTarget(ios13), .buildSetting(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "14.0")],
            naming: ["IPHONEOS_DEPLOYMENT_TARGET=14.0", "ios:13.0"])
    }

    func testOneKeyTwiceWithTwoValuesIsRefused() throws {
        try assertContradiction(
            [.buildSetting(key: "SWIFT_VERSION", value: "5.0"), .buildSetting(key: "SWIFT_VERSION", value: "4.2")],
            naming: ["SWIFT_VERSION=5.0", "SWIFT_VERSION=4.2"])
    }

    func testEditsThatAgreeOrSetOtherKeysStillApply() throws {
        let doc = try PodfileDocument(text: "target 'App' do\n  pod 'A'\nend\n")
        let edits: [PodfileEdit] = [
            .buildSetting(key: "SWIFT_VERSION", value: "5.0"), .buildSetting(key: "SWIFT_VERSION", value: "5.0"),
            .buildSetting(key: "MACOSX_DEPLOYMENT_TARGET", value: "11.0"),
            .deploymentTarget(try PlatformVersion(parsing: "ios", version: "13.0")),
        ]
        let out = String(decoding: try PodfileEditor.apply(edits, to: doc, catalog: catalog).new, as: UTF8.self)
        XCTAssertTrue(out.contains("'SWIFT_VERSION'] = '5.0'"), out)
        XCTAssertTrue(out.contains("'MACOSX_DEPLOYMENT_TARGET'] = '11.0'"), out)
        XCTAssertTrue(out.contains("'IPHONEOS_DEPLOYMENT_TARGET'] = '13.0' if"), out)
    }
}
