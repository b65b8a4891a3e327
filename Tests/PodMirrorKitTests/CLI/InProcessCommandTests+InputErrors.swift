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

    /// A mirror name of the other kind says which kind it is and where it goes; a near miss gets "did you mean".
    func testMirrorNamesOfTheOtherKindSayWhereTheyGo() throws {
        let gemAsSpecs = run(["setup", "--mirror", "ustc", "--dry-run"])
        XCTAssertEqual(gemAsSpecs.status, 2, gemAsSpecs.stderr)
        XCTAssertTrue(gemAsSpecs.stderr.contains("`ustc` is a gem mirror, not a Specs mirror"), gemAsSpecs.stderr)
        XCTAssertTrue(gemAsSpecs.stderr.contains("`--gems ustc`"), gemAsSpecs.stderr)

        let specsAsGem = run(["setup", "--gems", "bfsu", "--dry-run", "--json"])
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(specsAsGem.stdout.utf8)) as? [String: Any], specsAsGem.stdout)
        let error = try XCTUnwrap(object["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? String, "mirror.unknown")
        XCTAssertTrue((error["remedy"] as? String)?.hasPrefix("`bfsu` is a Specs mirror") ?? false, "\(error)")

        // Near the other kind's name only: that name, with its kind.
        let near = run(["mirror", "test", "rubychina"])
        XCTAssertTrue(near.stderr.contains("`ruby-china` is a gem mirror"), near.stderr)
        // Near a name of the kind wanted: did you mean.
        XCTAssertTrue(run(["repo", "use", "tunaa", "--dry-run"]).stderr.contains("did you mean `tuna`?"))
        // --platform without its colon.
        let platform = run(["setup", "--platform", "ios13", "--dry-run"])
        XCTAssertNotEqual(platform.status, 0)
        XCTAssertTrue(platform.stderr.contains("`ios:13`"), platform.stderr)
    }
}
