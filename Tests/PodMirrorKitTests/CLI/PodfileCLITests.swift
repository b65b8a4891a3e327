import Foundation
import PodMirrorTestSupport
import XCTest

/// `podmirror podfile …` through the built binary, in temporary project folders.
final class PodfileCLITests: XCTestCase {
    let bin = InProcessPodmirror()
    let podfile = """
        # Uncomment the next line to define a global platform for your project
        # platform :ios, '9.0'

        target 'App' do
          use_frameworks!
          target 'AppTests' do
            inherit! :search_paths
          end
        end

        """

    func testShowJSON() throws {
        let home = TempDirectory()
        try home.write(
            "Podfile", "source 'https://cdn.cocoapods.org/'\nplatform :ios, min_ios_version_supported\n" + podfile)
        let r = try bin.run(["podfile", "show", "--json"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let o = try PodmirrorBinary.json(r)
        XCTAssertEqual(o["command"] as? String, "podfile show")
        XCTAssertEqual(o["sources"] as? [String], ["https://cdn.cocoapods.org/"])
        XCTAssertEqual((o["platform"] as? [String: Any])?["expression"] as? String, "min_ios_version_supported")
        XCTAssertEqual(o["inhibitAllWarnings"] as? Bool, false)
        let targets = try XCTUnwrap(o["targets"] as? [[String: Any]])
        XCTAssertEqual(targets.map { $0["name"] as? String }, ["App"])
        XCTAssertEqual((targets[0]["children"] as? [[String: Any]])?.first?["name"] as? String, "AppTests")
    }

    func testShowReportsTwoHooksWithCocoaPodsMessageAndExitsOne() throws {
        let home = TempDirectory()
        try home.write("Podfile", "post_install do |i|\nend\n\npost_install do |i|\nend\n")
        let r = try bin.run(["podfile", "show", "--json"], home: home.path)
        XCTAssertEqual(r.status, 1)
        let o = try PodmirrorBinary.json(r)
        XCTAssertEqual(o["ok"] as? Bool, false)
        let problems = try XCTUnwrap(o["problems"] as? [[String: Any]])
        XCTAssertEqual(
            problems.first?["message"] as? String, "Specifying multiple `post_install` hooks is unsupported.")
        XCTAssertEqual(problems.first?["line"] as? Int, 4)
    }

    func testDryRunCheckApplyAndIdempotency() throws {
        let home = TempDirectory()
        let path = try home.write("Podfile", podfile)
        let dry = try bin.run(["podfile", "source", "use", "tuna", "--dry-run"], home: home.path)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(
            dry.stdout.contains("+source 'https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git'"), dry.stdout)
        XCTAssertTrue(dry.stdout.contains("--- a/Podfile"), dry.stdout)
        XCTAssertEqual(try home.read("Podfile"), Array(podfile.utf8))
        XCTAssertEqual(try bin.run(["podfile", "source", "use", "tuna", "--check"], home: home.path).status, 3)
        let apply = try bin.run(["podfile", "source", "use", "tuna", "--json"], home: home.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        XCTAssertEqual(try PodmirrorBinary.json(apply)["changed"] as? Bool, true)
        XCTAssertTrue(
            String(decoding: try home.read("Podfile"), as: UTF8.self).contains("source 'https://mirrors.tuna"))
        XCTAssertEqual(try bin.run(["podfile", "source", "use", "tuna", "--check"], home: home.path).status, 0)
        let second = try bin.run(["podfile", "source", "use", "tuna", "--json"], home: home.path)
        XCTAssertEqual(try PodmirrorBinary.json(second)["changed"] as? Bool, false)
        _ = path
    }

    func testPlatformInhibitAndBuildSettingCommands() throws {
        let home = TempDirectory()
        try home.write("ios/Podfile", podfile)
        let pf = ["--podfile", "ios/Podfile"]
        XCTAssertEqual(try bin.run(["podfile", "platform", "ios", "13.0"] + pf, home: home.path).status, 0)
        XCTAssertEqual(
            try bin.run(["podfile", "platform", "ios", "14.0", "--target", "App"] + pf, home: home.path).status, 0)
        XCTAssertEqual(try bin.run(["podfile", "inhibit-warnings", "on"] + pf, home: home.path).status, 0)
        let r = try bin.run(
            ["podfile", "build-setting", "IPHONEOS_DEPLOYMENT_TARGET=13.0", "--configuration", "Debug"] + pf,
            home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let show = try PodmirrorBinary.json(try bin.run(["podfile", "show", "--json"] + pf, home: home.path))
        XCTAssertEqual((show["platform"] as? [String: Any])?["version"] as? String, "13.0")
        XCTAssertEqual(show["inhibitAllWarnings"] as? Bool, true)
        let app = (show["targets"] as? [[String: Any]])?.first
        XCTAssertEqual((app?["platform"] as? [String: Any])?["version"] as? String, "14.0")
        let settings = try XCTUnwrap(show["buildSettings"] as? [[String: Any]])
        XCTAssertEqual(settings.first?["key"] as? String, "IPHONEOS_DEPLOYMENT_TARGET")
        XCTAssertEqual(settings.first?["configuration"] as? String, "Debug")
        let unset = try bin.run(
            ["podfile", "build-setting", "--unset", "IPHONEOS_DEPLOYMENT_TARGET", "--configuration", "Debug"] + pf,
            home: home.path)
        XCTAssertEqual(unset.status, 0, unset.stderr)
        let text = String(decoding: try home.read("ios/Podfile"), as: UTF8.self)
        XCTAssertFalse(text.contains("post_install"), text)
        XCTAssertTrue(
            text.hasPrefix(
                "# Uncomment the next line to define a global platform for your project\nplatform :ios, '13.0'\n"
                    + "inhibit_all_warnings!\n"
            ), text)
    }

    func testPlatformTakesTheSetupFormAndInhibitTheFlagForm() throws {
        let home = TempDirectory()
        try home.write("Podfile", podfile)
        let colon = try bin.run(["podfile", "platform", "ios:13.4"], home: home.path)
        XCTAssertEqual(colon.status, 0, colon.stderr)
        XCTAssertEqual(try bin.run(["podfile", "inhibit-warnings"], home: home.path).status, 0)
        var show = try PodmirrorBinary.json(try bin.run(["podfile", "show", "--json"], home: home.path))
        XCTAssertEqual((show["platform"] as? [String: Any])?["version"] as? String, "13.4")
        XCTAssertEqual(show["inhibitAllWarnings"] as? Bool, true)
        XCTAssertEqual(try bin.run(["podfile", "inhibit-warnings", "off"], home: home.path).status, 0)
        show = try PodmirrorBinary.json(try bin.run(["podfile", "show", "--json"], home: home.path))
        XCTAssertEqual(show["inhibitAllWarnings"] as? Bool, false)
        // A version glued to the name points at the colon, in both commands; nothing is written.
        let before = try home.read("Podfile")
        for args in [["podfile", "platform", "ios13.4"], ["setup", "--platform", "ios13.4", "--dry-run"]] {
            let r = try bin.run(args, home: home.path)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains("ios:13.4"), "\(args): \(r.stderr)")
        }
        XCTAssertEqual(try home.read("Podfile"), before)
    }

    func testDeploymentTargetAfterBuildSettingLeavesOneLineAndShowListsIt() throws {
        let home = TempDirectory()
        try home.write("Podfile", podfile)
        let set = try bin.run(["podfile", "build-setting", "IPHONEOS_DEPLOYMENT_TARGET=13.4"], home: home.path)
        XCTAssertEqual(set.status, 0, set.stderr)
        let raise = try bin.run(["podfile", "deployment-target", "ios", "13.4"], home: home.path)
        XCTAssertEqual(raise.status, 0, raise.stderr)
        var text = String(decoding: try home.read("Podfile"), as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "c.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] =").count, 2, text)
        XCTAssertTrue(text.contains("Gem::Version.new('13.4')"), text)
        let show = try bin.run(["podfile", "show"], home: home.path)
        XCTAssertTrue(show.stdout.contains("IPHONEOS_DEPLOYMENT_TARGET >= 13.4"), show.stdout)
        let json = try PodmirrorBinary.json(try bin.run(["podfile", "show", "--json"], home: home.path))
        let raises = try XCTUnwrap(json["deploymentTargets"] as? [[String: Any]])
        XCTAssertEqual(raises.map { $0["value"] as? String }, ["13.4"])
        // And back: the exact value replaces the raise.
        XCTAssertEqual(
            try bin.run(["podfile", "build-setting", "IPHONEOS_DEPLOYMENT_TARGET=14.0"], home: home.path).status, 0)
        text = String(decoding: try home.read("Podfile"), as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "c.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] =").count, 2, text)
        XCTAssertFalse(text.contains("Gem::Version"), text)
    }

    func testGlobalFlagsBeforeTheSubcommandAndChineseEmptyHeadings() throws {
        let home = TempDirectory()
        try home.write("Podfile", "platform :ios, '13.0'\n")
        let zh = try bin.run(["--lang", "zh-Hans", "podfile", "show"], home: home.path)
        XCTAssertEqual(zh.status, 0, zh.stderr)
        XCTAssertTrue(zh.stdout.contains("hook：（无）"), zh.stdout)
        XCTAssertFalse(zh.stdout.contains("： （无）"), zh.stdout)
        let en = try bin.run(["podfile", "show"], home: home.path)
        XCTAssertTrue(en.stdout.contains("hooks: (none)"), en.stdout)
        let json = try bin.run(["--json", "--verbose", "podfile", "show"], home: home.path)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(try PodmirrorBinary.json(json)["command"] as? String, "podfile show")
        let dry = try bin.run(["--dry-run", "podfile", "platform", "ios:14.0"], home: home.path)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        // A dry run ends with one line saying how to apply it.
        XCTAssertTrue(
            dry.stdout.hasSuffix(
                "dry run: nothing was changed; run the same command without --dry-run to apply the 1 change(s)\n"),
            dry.stdout)
        XCTAssertEqual(String(decoding: try home.read("Podfile"), as: UTF8.self), "platform :ios, '13.0'\n")
    }

    func testErrorsNameTheFileAndChangeNothing() throws {
        let home = TempDirectory()
        let broken = "target 'App' do\n  pod 'A'\n"
        try home.write("Podfile", broken)
        let r = try bin.run(["podfile", "inhibit-warnings", "on", "--json"], home: home.path)
        XCTAssertEqual(r.status, 1)
        let error = try XCTUnwrap(try PodmirrorBinary.json(r)["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? String, "podfile.syntax")
        XCTAssertTrue((error["message"] as? String)?.contains("Podfile:1:14:") ?? false, "\(error)")
        XCTAssertEqual(try home.read("Podfile"), Array(broken.utf8))

        let expr = try home.write("Podfile", "platform :ios, min_ios_version_supported\n")
        let p = try bin.run(["podfile", "platform", "ios", "15.0"], home: home.path)
        XCTAssertEqual(p.status, 2, p.stderr)
        XCTAssertTrue(p.stderr.contains("--force"), p.stderr)
        XCTAssertEqual(try bin.run(["podfile", "platform", "ios", "15.0", "--force"], home: home.path).status, 0)
        XCTAssertEqual(try String(contentsOfFile: expr, encoding: .utf8), "platform :ios, '15.0'\n")

        let missing = try bin.run(["podfile", "show", "--podfile", "nope/Podfile"], home: home.path)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("No Podfile exists at path"), missing.stderr)
        XCTAssertEqual(try bin.run(["podfile", "build-setting"], home: home.path).status, 2)
    }
}
