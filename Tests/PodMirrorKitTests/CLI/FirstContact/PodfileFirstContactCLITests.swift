import Foundation
import PodMirrorTestSupport
import XCTest

/// The Podfile a person gets from `podmirror init` and the podfile commands, through the built binary.
final class PodfileFirstContactCLITests: XCTestCase {
    let bin = InProcessPodmirror()
    let tuna = "https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git"

    func project() throws -> TempDirectory {
        let dir = TempDirectory("init")
        try dir.write(
            "actionsDemo.xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/actionsdemo/project.pbxproj"))
        return dir
    }

    /// `pod init`'s Podfile (written by `podmirror init`) after the blog recipe's edits: sources come first.
    /// A missing Podfile's hint fits how it was named: "pass --podfile" only when it was not passed.
    func testMissingPodfileHintDoesNotSuggestAFlagAlreadyGiven() throws {
        let home = TempDirectory()
        let given = try bin.run(
            ["podfile", "platform", "ios", "13.0", "--podfile", home.sub("nowhere/Podfile")], home: home.path,
            cwd: home.path)
        XCTAssertEqual(given.status, 2, given.stderr)
        XCTAssertTrue(given.stderr.contains("check --podfile points at the Podfile"), given.stderr)
        XCTAssertFalse(given.stderr.contains("pass --podfile"), given.stderr)
        let shown = try bin.run(["podfile", "show", "--podfile", home.sub("nowhere/Podfile")], home: home.path)
        XCTAssertFalse(shown.stderr.contains("pass --podfile"), shown.stderr)
        let located = try bin.run(["podfile", "platform", "ios", "13.0"], home: home.path, cwd: home.path)
        XCTAssertTrue(located.stderr.contains("pass --podfile PATH"), located.stderr)
    }

    func testInitThenRecipeEditsPutSourcesFirst() throws {
        let dir = try project()
        XCTAssertEqual(try bin.run(["init"], home: dir.path, cwd: dir.path).status, 0)
        for args in [
            ["podfile", "platform", "ios", "13.0"], ["podfile", "inhibit-warnings", "on"],
            ["podfile", "source", "use", "tuna"],
        ] {
            let r = try bin.run(args, home: dir.path, cwd: dir.path)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let text = String(decoding: try dir.read("Podfile"), as: UTF8.self)
        XCTAssertTrue(
            text.hasPrefix(
                "source '\(tuna)'\n\n# Uncomment the next line to define a global platform for your project\n"
                    + "platform :ios, '13.0'\ninhibit_all_warnings!\n\ntarget 'actionsDemo' do\n"), text)
    }

    func testShowGivesEffectiveVersionAndInheritedInhibit() throws {
        let home = TempDirectory()
        try home.write(
            "Podfile", "platform :ios\ninhibit_all_warnings!\ntarget 'App' do\n  target 'AppTests' do\n  end\nend\n")
        let r = try bin.run(["podfile", "show", "--json"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let o = try PodmirrorBinary.json(r)
        let platform = try XCTUnwrap(o["platform"] as? [String: Any])
        XCTAssertEqual(platform["effectiveVersion"] as? String, "4.3")
        XCTAssertTrue(platform["version"] is NSNull)
        let app = try XCTUnwrap((o["targets"] as? [[String: Any]])?.first)
        XCTAssertEqual(app["inhibitAllWarnings"] as? Bool, false)
        XCTAssertEqual(app["effectiveInhibitAllWarnings"] as? Bool, true)
        let tests = try XCTUnwrap((app["children"] as? [[String: Any]])?.first)
        XCTAssertEqual(tests["effectiveInhibitAllWarnings"] as? Bool, true)
        let text = try bin.run(["podfile", "show"], home: home.path, extraEnvironment: ["PODMIRROR_LANG": "en"])
        XCTAssertTrue(text.stdout.contains("platform: :ios (no version written: CocoaPods uses 4.3)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("App  inhibit_all_warnings! (inherited)"), text.stdout)
    }

    func testDeploymentTargetCommandAndSetupFlag() throws {
        let home = TempDirectory()
        try home.write("Podfile", "platform :ios, '15.0'\ntarget 'App' do\nend\n")
        var r = try bin.run(["podfile", "deployment-target", "iOS", "15.0"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        let once = try home.read("Podfile")
        XCTAssertTrue(
            String(decoding: once, as: UTF8.self).contains(
                "c.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '15.0' if Gem::Version"))
        r = try bin.run(
            ["setup", "--podfile", home.path + "/Podfile", "--deployment-target", "ios:15.0", "--check"],
            home: home.path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        r = try bin.run(
            ["setup", "--podfile", home.path + "/Podfile", "--deployment-target", "ios:16.0", "--json"], home: home.path
        )
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(String(decoding: try home.read("Podfile"), as: UTF8.self).contains("= '16.0' if Gem::Version"))
        r = try bin.run(["podfile", "deployment-target", "ios", "1.2.3.4"], home: home.path)
        XCTAssertEqual(r.status, 2, r.stderr)
    }

    func testRemovingAnAbsentSourceSaysSoAndExitsZero() throws {
        let home = TempDirectory()
        try home.write("Podfile", "source 'https://cdn.cocoapods.org/'\n")
        let r = try bin.run(
            ["podfile", "source", "remove", "tuna"], home: home.path, extraEnvironment: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("the Podfile has no source \(tuna); nothing to remove"), r.stderr)
        let bad = try bin.run(["podfile", "platform", "IOS", "13.0"], home: home.path)
        XCTAssertEqual(bad.status, 0, bad.stderr)
        let typo = try bin.run(
            ["podfile", "platform", "iso", "13.0"], home: home.path, extraEnvironment: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("did you mean `ios`?"), typo.stderr)
    }

    /// A note about an edit is printed as a note, a warning as a warning; neither with an internal code.
    func testNoteLevelFindingIsNotPrintedAsWarning() throws {
        let home = TempDirectory()
        try home.write("Podfile", "target 'App' do\nend\n")
        let r = try bin.run(
            ["podfile", "source", "add", "https://git.example.com/x/Specs.git"], home: home.path,
            extraEnvironment: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("note: the Podfile used trunk implicitly"), r.stderr)
        XCTAssertFalse(r.stderr.contains("warning:"), r.stderr)
        XCTAssertEqual(
            try bin.run(["podfile", "source", "remove", "https://git.example.com/x/Specs.git"], home: home.path).status,
            0)
        let removeAll = try bin.run(["podfile", "source", "remove", "trunk", "--json"], home: home.path)
        let warnings = try XCTUnwrap(try PodmirrorBinary.json(removeAll)["warnings"] as? [[String: Any]])
        XCTAssertEqual(warnings.map { $0["severity"] as? String }, ["warning"])
    }
}
