import Foundation
import PodMirrorTestSupport
import XCTest

/// Text follows the locale; JSON and exit codes never do.
final class LanguageCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func setupDryRun(_ env: [String: String], json: Bool = false, gems: Bool = false) throws -> ProcessResult {
        let home = TempDirectory()
        let podfile = try home.write("Podfile", "platform :ios, '12.0'\n\ntarget 'App' do\n  pod 'Alamofire'\nend\n")
        var args =
            ["setup", "--strategy", "podfile", "--mirror", "tuna", "--podfile", podfile]
            + (gems ? ["--gems", "ruby-china"] : [])
            + ["--no-verify", "--dry-run"]
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

    /// Temporary HOMEs differ between runs, so outputs are compared with the paths taken out.
    func normalized(_ r: ProcessResult, status: Int32 = 0) -> String {
        XCTAssertEqual(r.status, status, r.stderr)
        return r.stdout.replacingOccurrences(of: #"/tmp/[^"\s/]+"#, with: "TMP", options: .regularExpression)
    }

    func testJSONIsTheSameInEveryLanguage() throws {
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
        let bad = try bin.run(
            ["setup", "--dry-run", "--check"], home: home.path, extraEnvironment: ["LANG": "zh_CN.UTF-8"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("不能同时使用"), bad.stderr)
    }

    func testSetupDryRunSummariesFollowTheLocale() throws {
        let zh = try setupDryRun(["LANG": "zh_CN.UTF-8"], gems: true)
        XCTAssertEqual(zh.status, 0, zh.stderr)
        for phrase in [
            "中的 RubyGems 源：改用 https://gems.ruby-china.com/", "克隆 https://mirrors.tuna.tsinghua.edu.cn/",
            "Podfile：改用 Specs 源 https://mirrors.tuna.tsinghua.edu.cn/",
        ] {
            XCTAssertTrue(zh.stdout.contains(phrase), "missing '\(phrase)' in:\n\(zh.stdout)")
        }
        for english in ["RubyGems sources in", "clone https://", "use Specs source"] {
            XCTAssertFalse(zh.stdout.contains(english), zh.stdout)
        }
        let en = try setupDryRun(["LANG": "C.UTF-8"], gems: true)
        XCTAssertEqual(en.status, 0, en.stderr)
        for phrase in [
            "RubyGems sources in", "clone https://mirrors.tuna.tsinghua.edu.cn/",
            "use Specs source https://mirrors.tuna.tsinghua.edu.cn/",
        ] {
            XCTAssertTrue(en.stdout.contains(phrase), "missing '\(phrase)' in:\n\(en.stdout)")
        }
        XCTAssertFalse(en.stdout.contains("克隆"), en.stdout)
        let zhJSON = normalized(try setupDryRun(["LANG": "zh_CN.UTF-8"], json: true, gems: true))
        let enJSON = normalized(try setupDryRun(["LANG": "C.UTF-8"], json: true, gems: true))
        XCTAssertEqual(zhJSON, enJSON)
        XCTAssertTrue(zhJSON.contains("use Specs source"), zhJSON)
    }

    func testDoctorFindingsFollowTheLocale() throws {
        let home = TempDirectory()
        func doctor(_ lang: String, json: Bool = false) throws -> ProcessResult {
            try bin.run(
                ["doctor", "--offline"] + (json ? ["--json"] : []), home: home.path,
                extraEnvironment: ["LANG": lang])
        }
        let zh = try doctor("zh_CN.UTF-8")
        XCTAssertTrue(zh.stdout.contains("还没有 repos 目录"), zh.stdout)
        XCTAssertTrue(zh.stdout.contains("个错误，"), zh.stdout)
        XCTAssertFalse(zh.stdout.contains("no repos dir"), zh.stdout)
        let en = try doctor("C.UTF-8")
        XCTAssertEqual(en.status, zh.status)
        XCTAssertTrue(en.stdout.contains("no repos dir at"), en.stdout)
        XCTAssertTrue(en.stdout.contains(" error(s), "), en.stdout)
        let zhJSON = try doctor("zh_CN.UTF-8", json: true)
        let enJSON = try doctor("C.UTF-8", json: true)
        XCTAssertEqual(zhJSON.stdout, enJSON.stdout)
        XCTAssertTrue(enJSON.stdout.contains("no repos dir at"), enJSON.stdout)
    }

    func testAnErrorAndItsRemedyFollowTheLocale() throws {
        let home = TempDirectory()
        func run(_ lang: String, json: Bool = false) throws -> ProcessResult {
            try bin.run(
                ["setup", "--strategy", "podfile", "--mirror", "nosuch", "--dry-run"] + (json ? ["--json"] : []),
                home: home.path,
                extraEnvironment: ["LANG": lang])
        }
        let zh = try run("zh_CN.UTF-8")
        XCTAssertEqual(zh.status, 2, zh.stderr)
        XCTAssertTrue(zh.stderr.contains("未知的 Specs 镜像 'nosuch'"), zh.stderr)
        XCTAssertTrue(zh.stderr.contains("或直接给出 URL"), zh.stderr)
        let en = try run("C.UTF-8")
        XCTAssertEqual(en.status, 2, en.stderr)
        XCTAssertTrue(en.stderr.contains("unknown Specs mirror 'nosuch'"), en.stderr)
        XCTAssertTrue(en.stderr.contains("or a URL (see `podmirror mirror list`)"), en.stderr)
        let zhJSON = try run("zh_CN.UTF-8", json: true)
        let enJSON = try run("C.UTF-8", json: true)
        XCTAssertEqual(zhJSON.status, 2)
        XCTAssertEqual(zhJSON.stdout, enJSON.stdout)
        XCTAssertTrue(enJSON.stdout.contains("unknown Specs mirror"), enJSON.stdout)
    }
}
