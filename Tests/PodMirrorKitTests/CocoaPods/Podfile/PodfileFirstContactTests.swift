import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Podfile results a person would write: conditional build-setting keys, the user's own assignments,
/// the deployment-target hook, and the switch to `generated_projects`.
final class PodfileFirstContactTests: XCTestCase {
    let catalog = try! MirrorCatalog.bundled()

    func edited(_ input: String, _ edits: [PodfileEdit]) throws -> String {
        String(
            decoding: try PodfileEditor.apply(edits, to: try PodfileDocument(text: input), catalog: catalog).new,
            as: UTF8.self)
    }

    func assertSettled(_ text: String, _ edits: [PodfileEdit], file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        XCTAssertFalse(
            try PodfileEditor.apply(edits, to: try PodfileDocument(text: text), catalog: catalog).changed,
            "second run changed the file", file: file, line: line)
    }

    // MARK: 6a

    func testConditionalKeySplitsAtTheFirstEqualsOutsideBrackets() throws {
        let a = try BuildSettingAssignment(parsing: "EXCLUDED_ARCHS[sdk=iphonesimulator*]=arm64")
        XCTAssertEqual(a, BuildSettingAssignment(key: "EXCLUDED_ARCHS[sdk=iphonesimulator*]", value: "arm64"))
        XCTAssertEqual(try BuildSettingAssignment(parsing: "OTHER_LDFLAGS=-framework=X").value, "-framework=X")
        XCTAssertEqual(
            try BuildSettingAssignment(parsing: "K[sdk=macosx*][arch=x86_64]=").key, "K[sdk=macosx*][arch=x86_64]")
        XCTAssertEqual(
            try SetupRequest.parseBuildSetting("EXCLUDED_ARCHS[sdk=iphonesimulator*]=arm64").key,
            "EXCLUDED_ARCHS[sdk=iphonesimulator*]")
        for bad in ["=1", "NOEQUALS", "A B=1", "K[sdk=x=1", "K['x']=1"] {
            XCTAssertThrowsError(try BuildSettingAssignment(parsing: bad), bad) {
                XCTAssertEqual(($0 as? PodMirrorFailure)?.exitStatus, .usage)
            }
        }
        let out = try edited(
            "target 'A' do\nend\n", [.buildSetting(key: "EXCLUDED_ARCHS[sdk=iphonesimulator*]", value: "arm64")])
        XCTAssertTrue(out.contains("c.build_settings['EXCLUDED_ARCHS[sdk=iphonesimulator*]'] = 'arm64'"), out)
        try assertSettled(out, [.buildSetting(key: "EXCLUDED_ARCHS[sdk=iphonesimulator*]", value: "arm64")])
    }

    // MARK: 6b

    let userHook = """
        post_install do |installer|
          installer.pods_project.targets.each do |target|
            target.build_configurations.each do |config|
              config.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '12.0'
            end
          end
        end

        """

    func testUsersOwnLiteralAssignmentIsUpdatedInPlace() throws {
        let out = try edited(userHook, [.buildSetting(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "13.0")])
        XCTAssertEqual(out, userHook.replacingOccurrences(of: "'12.0'", with: "'13.0'"))
        try assertSettled(out, [.buildSetting(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "13.0")])
    }

    func testUsersOwnAssignmentInAnotherFormGetsPodmirrorsLineAfterItWithANote() throws {
        for form in [
            "config.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = min_version",
            "config.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '12.0' if target.name == 'A'",
            // The form a well-known library's Podfile uses for one configuration.
            "if config.name == 'Debug'\n        config.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '12.0'\n"
                + "      end",
        ] {
            let input = userHook.replacingOccurrences(
                of: "config.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '12.0'", with: form)
            let edit = PodfileEdit.buildSetting(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "13.0")
            let result = try PodfileEditor.apply([edit], to: try PodfileDocument(text: input), catalog: catalog)
            let out = String(decoding: result.new, as: UTF8.self)
            let line =
                "  installer.pods_project.targets.each { |t| t.build_configurations.each { |c| "
                + "c.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '13.0' } }\n"
            XCTAssertEqual(out, input.replacingOccurrences(of: "  end\nend\n", with: "  end\n\(line)end\n"), form)
            let userLine = form.hasPrefix("if") ? 5 : 4
            XCTAssertEqual(result.warnings.map(\.code.rawValue), ["podfile.build-setting-overrides"], form)
            XCTAssertEqual(result.warnings.first?.severity, .note)
            XCTAssertEqual(result.warnings.first?.line, userLine, form)
            try assertSettled(out, [edit])
        }
        // A setting for one pod only goes after the user's loop (it wins there), with a note.
        let result = try PodfileEditor.apply(
            [.buildSetting(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "13.0", pod: "A")],
            to: try PodfileDocument(text: userHook), catalog: catalog)
        XCTAssertTrue(result.changed)
        XCTAssertEqual(result.warnings.map(\.code.rawValue), ["podfile.build-setting-overrides"])
        XCTAssertEqual(result.warnings.first?.severity, .note)
    }

    // MARK: 6c

    func testDeploymentTargetWritesTheRaiseToAtLeastLine() throws {
        let input = "platform :ios, '15.0'\ntarget 'App' do\nend\n"
        let out = try edited(input, [.deploymentTarget(try PlatformVersion(parsing: "iOS", version: "15.0"))])
        let line =
            "installer.pods_project.targets.each { |t| t.build_configurations.each { |c| "
            + "c.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '15.0' if Gem::Version.new("
            + "c.build_settings['IPHONEOS_DEPLOYMENT_TARGET'].to_s[/\\A\\d+(\\.\\d+)*/] || '0') < "
            + "Gem::Version.new('15.0') } }"
        XCTAssertEqual(out, input + "\npost_install do |installer|\n  \(line)\nend\n")
        try assertSettled(out, [.deploymentTarget(try PlatformVersion(parsing: "ios", version: "15.0"))])
        let raised = try edited(out, [.deploymentTarget(try PlatformVersion(parsing: "ios", version: "16.0"))])
        XCTAssertEqual(
            raised,
            out.replacingOccurrences(of: "'15.0'", with: "'16.0'").replacingOccurrences(
                of: "platform :ios, '16.0'",
                with: "platform :ios, '15.0'"))
        // Another platform gets its own line; show does not mistake either for a plain build setting.
        let mac = try edited(out, [.deploymentTarget(try PlatformVersion(parsing: "macOS", version: "11.0"))])
        XCTAssertTrue(mac.contains("c.build_settings['MACOSX_DEPLOYMENT_TARGET'] = '11.0' if"), mac)
        XCTAssertEqual(try PodfileDocument(text: mac).model.buildSettings, [])
        XCTAssertThrowsError(
            try edited(input, [.deploymentTarget(try PlatformVersion(parsing: "ios", version: "15.0.0.1"))]))
    }

    /// When `ruby` is on PATH (a reference only): the written hook run against a stand-in installer whose pod
    /// targets start at 11.0, 16.0 and unset raises only the lower ones, in both project forms.
    func testDeploymentTargetHookRaisesOnlyLowerTargetsInRubyStandIn() throws {
        guard let ruby = ProcessRunner.which("ruby") else {
            throw XCTSkip("ruby is not installed (reference check only)")
        }
        let dir = TempDirectory("podfile-deployment")
        let prelude = #"""
            Cfg = Struct.new(:name, :build_settings)
            Tgt = Struct.new(:name, :build_configurations)
            Proj = Struct.new(:targets)
            Inst = Struct.new(:pods_project, :generated_projects)
            start = { 'PodA' => '11.0', 'PodB' => '16.0', 'PodC' => nil }
            $proj = Proj.new(start.map { |n, v| Tgt.new(n, %w[Debug Release].map { |c| \#
            Cfg.new(c, v ? { 'IPHONEOS_DEPLOYMENT_TARGET' => v } : {}) }) })
            $inst = Inst.new($proj, [$proj])
            def post_install; yield $inst; end
            def target(*); yield; end
            def install!(*); end
            def platform(*); end
            eval(File.read(ARGV[0]), binding, ARGV[0])
            puts $proj.targets.map { |t| "#{t.name}=#{t.build_configurations.map { |c| \#
            c.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] }.uniq.join('|')}" }.join(' ')
            """#
        let runner = try dir.write("run.rb", prelude)
        for (n, input) in [
            "target 'App' do\nend\n", "install! 'cocoapods', :generate_multiple_pod_projects => true\n",
            "post_install do |pi|\n  puts 'hi'\nend\n",
        ].enumerated() {
            let out = try edited(input, [.deploymentTarget(try PlatformVersion(parsing: "ios", version: "15.0"))])
            let path = try dir.write("Podfile\(n)", out)
            let syntax = try ProcessRunner.run(ruby, ["-c", path])
            XCTAssertEqual(syntax.status, 0, syntax.stderr)
            let r = try ProcessRunner.run(ruby, [runner, path])
            XCTAssertTrue(r.stdout.hasSuffix("PodA=15.0 PodB=16.0 PodC=15.0\n"), "\(out)\n\(r.stdout)\(r.stderr)")
        }
    }

    // MARK: 6d

    func testTurningOnMultiplePodProjectsLaterSwitchesWrittenLines() throws {
        let input = "target 'App' do\nend\n"
        var out = try edited(
            input,
            [
                .buildSetting(key: "K", value: "V"),
                .deploymentTarget(try PlatformVersion(parsing: "ios", version: "15.0")),
            ])
        XCTAssertFalse(out.contains("generated_projects"))
        out = "install! 'cocoapods', :generate_multiple_pod_projects => true\n" + out
        let switched = try edited(
            out,
            [
                .buildSetting(key: "K", value: "V"),
                .deploymentTarget(try PlatformVersion(parsing: "ios", version: "15.0")),
            ])
        XCTAssertFalse(switched.contains("pods_project"), switched)
        XCTAssertTrue(
            switched.contains(
                "  installer.generated_projects.each { |p| p.targets.each { |t| t.build_configurations.each "
                    + "{ |c| c.build_settings['K'] = 'V' } } }\n"), switched)
        XCTAssertTrue(
            switched.contains(
                "  installer.generated_projects.each { |p| p.targets.each { |t| t.build_configurations.each "
                    + "{ |c| c.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '15.0' if"), switched)
        try assertSettled(
            switched,
            [
                .buildSetting(key: "K", value: "V"),
                .deploymentTarget(try PlatformVersion(parsing: "ios", version: "15.0")),
            ])
        XCTAssertEqual(try PodfileDocument(text: switched).model.buildSettings.map(\.key), ["K"])
    }

    // MARK: 8 (platforms)

    func testOnePlatformParserCaseInsensitiveWithSuggestion() throws {
        XCTAssertEqual(try PodPlatform(parsing: "iOS"), .ios)
        XCTAssertEqual(try PodPlatform(parsing: ":macOS"), .osx)
        XCTAssertEqual(try PlatformVersion(parsing: "iOS:13.0").platform, .ios)
        XCTAssertEqual(try PlatformChoice(parsing: "iOS:13.0").name, "ios")
        XCTAssertEqual(
            try edited("target 'A' do\nend\n", [.platform(try PlatformVersion(parsing: "iOS", version: "13.0"))]),
            "platform :ios, '13.0'\n\ntarget 'A' do\nend\n")
        XCTAssertThrowsError(try PodPlatform(parsing: "ioss")) { error in
            XCTAssertEqual((error as? PodMirrorFailure)?.remedy, "did you mean `ios`?")
        }
        for bad in ["13.0.0.1", "13.", "x", ""] {
            XCTAssertThrowsError(try PlatformVersion(parsing: "ios:\(bad)"), bad)
            XCTAssertThrowsError(try edited("", [.platform(try PlatformVersion(parsing: "ios", version: bad))]), bad)
        }
        XCTAssertEqual(try PlatformVersion(parsing: "ios:10.15.4").version, "10.15.4")
        XCTAssertEqual(PodPlatform.ios.defaultDeploymentTarget, "4.3")
    }

    // MARK: 8 (sources)

    func testSourceAddSetRemoveTakeCatalogNames() throws {
        let tuna = catalog.specsMirror(named: "tuna")!.url
        let trunk = catalog.specsMirror(named: "trunk")!.url
        let input = "source '\(trunk)'\ntarget 'A' do\nend\n"
        XCTAssertEqual(try edited(input, [.addSource("tuna", first: true)]), "source '\(tuna)'\n" + input)
        XCTAssertEqual(
            try edited(input, [.setSources(["TUNA", "trunk"])]),
            "source '\(tuna)'\nsource '\(trunk)'\ntarget 'A' do\nend\n")
        XCTAssertEqual(try edited(input, [.removeSource("trunk")]), "target 'A' do\nend\n")
        XCTAssertThrowsError(try edited(input, [.addSource("tnua", first: false)])) { error in
            let e = error as? PodMirrorFailure
            XCTAssertEqual(e?.code, .podfileSource)
            XCTAssertTrue(e?.message.contains("`tnua` is neither a Specs mirror") == true, "\(error)")
            XCTAssertTrue(e?.remedy?.contains("did you mean `tuna`?") == true, "\(String(describing: e?.remedy))")
        }
        XCTAssertThrowsError(try edited(input, [.addSource("ext::sh -c x", first: false)])) { error in
            XCTAssertFalse("\(error)".contains("use URL"), "\(error)")
            XCTAssertTrue("\(error)".contains("cannot use `ext::sh -c x` as a Podfile source"), "\(error)")
        }
    }

    func testRemovingAnAbsentSourceWarnsAndChangesNothing() throws {
        let input = "source 'https://cdn.cocoapods.org/'\n"
        let r = try PodfileEditor.apply(
            [.removeSource("https://git.example.com/x/Specs.git")], to: try PodfileDocument(text: input),
            catalog: catalog)
        XCTAssertFalse(r.changed)
        XCTAssertEqual(r.warnings.map(\.code.rawValue), ["podfile.source-absent"])
        XCTAssertEqual(r.warnings.first?.severity, .warning)
    }
}
