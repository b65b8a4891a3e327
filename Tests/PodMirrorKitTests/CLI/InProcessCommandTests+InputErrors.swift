import Foundation
import XCTest

/// Bad input as a user meets it: the error points at the mistake and says what was meant, in text and JSON.
extension InProcessCommandTests {
    func testUnclosedQuoteNamesTheLineWhereItOpenedInTextAndJSON() throws {
        let podfile = try home.write(
            "App/Podfile", "platform :ios, '13.0'\ntarget 'App' do\n  pod 'Alamofire\n  pod 'SnapKit'\nend\n")
        let before = try String(contentsOfFile: podfile, encoding: .utf8)
        let app = home.sub("App")
        let text = run(["podfile", "platform", "ios", "14.0"], in: app)
        XCTAssertEqual(text.status, 1, text.stderr)
        XCTAssertTrue(text.stderr.contains("Podfile:3:7: unterminated string"), text.stderr)
        let json = run(["podfile", "show", "--json"], in: app)
        XCTAssertEqual(json.status, 1, json.stderr)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
        let error = try XCTUnwrap(object["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? String, "podfile.syntax")
        XCTAssertTrue((error["message"] as? String)?.contains("Podfile:3:7:") ?? false, "\(error)")
        XCTAssertEqual(try String(contentsOfFile: podfile, encoding: .utf8), before, "nothing written")
    }
}
