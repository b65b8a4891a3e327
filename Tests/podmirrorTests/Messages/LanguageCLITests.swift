import Foundation
import PodMirrorTestSupport
import XCTest

/// Text follows the locale; JSON and exit codes never do.
final class LanguageCLITests: XCTestCase {
    let bin = PodmirrorBinary()

    func setupDryRun(_ env: [String: String], json: Bool = false) throws -> ProcessResult {
        let home = TempDirectory()
        let podfile = try home.write("Podfile", "platform :ios, '12.0'\n\ntarget 'App' do\n  pod 'Alamofire'\nend\n")
        var args = ["setup", "--mirror", "tuna", "--podfile", podfile, "--no-verify", "--dry-run"]
        if json { args.append("--json") }
        return try bin.run(args, home: home.path, extraEnvironment: env)
    }

    func testSetupDryRunSpeaksTheLocalesLanguage() throws {
        let zh = try setupDryRun(["LANG": "zh_CN.UTF-8"])
        XCTAssertEqual(zh.status, 0, zh.stderr)
        XCTAssertTrue(zh.stdout.contains("将更改"), zh.stdout)
        XCTAssertFalse(zh.stdout.contains("would change"), zh.stdout)
        let en = try setupDryRun(["LANG": "C.UTF-8"])
        XCTAssertEqual(en.status, 0, en.stderr)
        XCTAssertTrue(en.stdout.contains("would change"), en.stdout)
        let flag = try setupDryRun(["LANG": "C.UTF-8", "PODMIRROR_LANG": "zh-Hans"])
        XCTAssertTrue(flag.stdout.contains("将更改"), flag.stdout)
    }

    func testJSONIsTheSameInEveryLanguage() throws {
        // Temporary HOMEs differ between runs, so compare with the paths taken out.
        func normalized(_ r: ProcessResult) throws -> String {
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout.replacingOccurrences(of: #"/tmp/[^"\s/]+"#, with: "TMP", options: .regularExpression)
        }
        let zh = try normalized(setupDryRun(["LANG": "zh_CN.UTF-8"], json: true))
        let en = try normalized(setupDryRun(["LANG": "C.UTF-8"], json: true))
        XCTAssertEqual(zh, en)
        XCTAssertFalse(zh.contains("将"), zh)
    }

    func testErrorsAreLocalizedAndExitCodesStay() throws {
        let home = TempDirectory()
        let zh = try bin.run(["mirror", "list", "--lang", "fr"], home: home.path)
        XCTAssertEqual(zh.status, 2, zh.stderr)
        XCTAssertTrue(zh.stderr.contains("'fr'"), zh.stderr)
        let bad = try bin.run(["setup", "--dry-run", "--check"], home: home.path, extraEnvironment: ["LANG": "zh_CN.UTF-8"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("不能同时使用"), bad.stderr)
    }
}
