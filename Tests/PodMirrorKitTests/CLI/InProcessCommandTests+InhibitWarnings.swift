import Foundation
import XCTest

/// `inhibit-warnings` takes the same forms in `setup` and `podfile`: a bare flag (on) or an explicit `on|off`.
extension InProcessCommandTests {
    func testSetupInhibitWarningsTakesOnOffAndTheBareFlag() throws {
        let original = "platform :ios, '13.0'\ninhibit_all_warnings!\ntarget 'App' do\n  pod 'A'\nend\n"
        let podfile = try home.write("App/Podfile", original)
        func text() -> String { (try? String(contentsOfFile: podfile, encoding: .utf8)) ?? "" }

        let off = run(["setup", "--podfile", podfile, "--inhibit-warnings", "off"])
        XCTAssertEqual(off.status, 0, off.stderr)
        XCTAssertFalse(text().contains("inhibit_all_warnings!"), text())
        XCTAssertEqual(run(["setup", "--podfile", podfile, "--inhibit-warnings", "off", "--check"]).status, 0)

        let on = run(["setup", "--inhibit-warnings", "on", "--podfile", podfile])
        XCTAssertEqual(on.status, 0, on.stderr)
        XCTAssertTrue(text().contains("inhibit_all_warnings!"), text())

        XCTAssertEqual(run(["podfile", "inhibit-warnings", "off", "--podfile", podfile]).status, 0)
        let bare = run(["setup", "--inhibit-warnings", "--podfile", podfile])
        XCTAssertEqual(bare.status, 0, bare.stderr)
        XCTAssertTrue(text().contains("inhibit_all_warnings!"), text())

        XCTAssertEqual(run(["podfile", "inhibit-warnings", "off", "--podfile", podfile]).status, 0)
        let bareLast = run(["setup", "--podfile", podfile, "--inhibit-warnings", "--json"])
        XCTAssertEqual(bareLast.status, 0, bareLast.stderr + bareLast.stdout)
        XCTAssertTrue(text().contains("inhibit_all_warnings!"), text())

        XCTAssertEqual(run(["podfile", "inhibit-warnings", "off", "--podfile", podfile]).status, 0)
        let alone = run(["podfile", "inhibit-warnings", "--podfile", podfile])
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertTrue(text().contains("inhibit_all_warnings!"), "podfile inhibit-warnings alone means on")

        let bad = run(["setup", "--podfile", podfile, "--inhibit-warnings=maybe"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("maybe"), bad.stderr)
    }
}
