import Foundation
import XCTest

/// A read-only command's `"ok": false` always comes with an `error` object (docs/json.md), whose exit status is
/// the one the run exits with (it used to be `null` for `mirror test` and `doctor`).
extension InProcessCommandTests {
    private func error(_ outcome: Outcome) throws -> [String: Any] {
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], outcome.stdout)
        XCTAssertEqual(object["ok"] as? Bool, false)
        return try XCTUnwrap(object["error"] as? [String: Any], outcome.stdout)
    }

    func testNotOKComesWithAnErrorObject() throws {
        let probe = run(["mirror", "test", "http://127.0.0.1:9/Specs.git", "--timeout", "2", "--json"])
        XCTAssertEqual(probe.status, 4, probe.stdout)
        let probeError = try error(probe)
        XCTAssertEqual(probeError["code"] as? String, "mirror.unhealthy")
        XCTAssertEqual(probeError["exitStatus"] as? Int, 4)

        let podfile = try home.write("App/Podfile", "source 'https://specs.example/Specs.git'\ntarget 'App' do\nend\n")
        let doctor = run(["doctor", "--offline", "--podfile", podfile, "--json"])
        XCTAssertEqual(doctor.status, 1, doctor.stdout)
        let doctorError = try error(doctor)
        XCTAssertEqual(doctorError["code"] as? String, "doctor.findings")
        XCTAssertEqual(doctorError["exitStatus"] as? Int, 1)
        XCTAssertNotNil(doctorError["message"] as? String)
    }
}
