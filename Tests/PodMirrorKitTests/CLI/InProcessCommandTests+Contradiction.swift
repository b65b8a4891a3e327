import Foundation
import XCTest

/// `setup --build-setting IPHONEOS_DEPLOYMENT_TARGET=14.0 --deployment-target ios:13.0` once wrote only the 13.0
/// line and `--check` then called the 14.0 setting compliant: the contradiction is refused in every mode.
extension InProcessCommandTests {
    func testSetupRefusesABuildSettingAndADeploymentTargetThatContradict() throws {
        let original = "target 'App' do\n  pod 'A'\nend\n"
        let podfile = try home.write("App/Podfile", original)
        let asked = [
            "setup", "--podfile", podfile, "--build-setting", "IPHONEOS_DEPLOYMENT_TARGET=14.0",
            "--deployment-target", "ios:13.0",
        ]
        for extra in [[], ["--check"], ["--dry-run"]] {
            let outcome = run(asked + extra)
            XCTAssertEqual(outcome.status, 2, "\(extra): \(outcome.stdout)\(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains("IPHONEOS_DEPLOYMENT_TARGET=14.0"), outcome.stderr)
            XCTAssertTrue(outcome.stderr.contains("ios:13.0"), outcome.stderr)
            XCTAssertFalse(outcome.stdout.contains("ok"), outcome.stdout)
        }
        let json = run(asked + ["--json"])
        XCTAssertEqual(json.status, 2)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
        XCTAssertEqual((object["error"] as? [String: Any])?["code"] as? String, "podfile.contradiction")
        XCTAssertEqual(try String(contentsOfFile: podfile, encoding: .utf8), original)
    }
}
