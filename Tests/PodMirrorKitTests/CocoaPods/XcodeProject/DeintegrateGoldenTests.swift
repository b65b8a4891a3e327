import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Golden before/after pairs carried by the project (Tests/Fixtures/xcodeproj): a real integrated
/// project and what deintegrating it gives, byte for byte; a project without integration stays as it is.
final class DeintegrateGoldenTests: XCTestCase {
    func deintegrate(_ fixture: String) throws -> Deintegration {
        let path = Fixtures.path("xcodeproj/\(fixture)/project.pbxproj")
        let file = try PBXProjectFile(bytes: try Fixtures.bytes("xcodeproj/\(fixture)/project.pbxproj"), path: path)
        return try Deintegrator(file: file).run()
    }

    func testIntegratedProjectGivesTheGoldenResult() throws {
        let result = try deintegrate("actionsdemo")
        XCTAssertTrue(result.foundIntegration)
        XCTAssertEqual(result.newBytes, try Fixtures.bytes("xcodeproj/actionsdemo/deintegrated.pbxproj"))
        // The golden result reads back and has nothing left to remove.
        let again = try Deintegrator(file: try PBXProjectFile(bytes: result.newBytes, path: "deintegrated.pbxproj"))
            .run()
        XCTAssertFalse(again.foundIntegration)
        XCTAssertEqual(again.newBytes, result.newBytes)
    }

    func testProjectWithoutIntegrationIsLeftByteIdentical() throws {
        let result = try deintegrate("googleads-swiftui")
        XCTAssertFalse(result.foundIntegration)
        XCTAssertEqual(result.newBytes, try Fixtures.bytes("xcodeproj/googleads-swiftui/project.pbxproj"))
        XCTAssertEqual(result.edits.count, 0)
    }
}
