import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Each edit on fixtures written here: exact output (every other byte unchanged) and idempotency.
final class PodfileEditorTests: XCTestCase {
    let catalog = try! MirrorCatalog.bundled()
    let tuna = "https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git"

    /// Applies the edits, checks the result against `expected`, and that a second run changes nothing.
    func assertEdit(
        _ input: String, _ edits: [PodfileEdit], _ expected: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let doc = try PodfileDocument(text: input)
        let result = try PodfileEditor.apply(edits, to: doc, catalog: catalog)
        XCTAssertEqual(String(decoding: result.new, as: UTF8.self), expected, file: file, line: line)
        let again = try PodfileEditor.apply(edits, to: try PodfileDocument(bytes: result.new), catalog: catalog)
        XCTAssertFalse(again.changed, "second run changed the file", file: file, line: line)
    }

    func edited(_ input: String, _ edits: [PodfileEdit]) throws -> String {
        String(
            decoding: try PodfileEditor.apply(edits, to: try PodfileDocument(text: input), catalog: catalog).new,
            as: UTF8.self)
    }

    // MARK: placement around literals that span lines

    func testLinesGoAfterStringsAndHeredocsThatContinueTheLine() throws {
        try assertEdit(
            "platform :ios, '13.0'; NOTE = 'two\nlines'\npod 'A'\n", [.inhibitWarnings(true)],
            "platform :ios, '13.0'; NOTE = 'two\nlines'\ninhibit_all_warnings!\npod 'A'\n")
        try assertEdit(
            "platform :ios, '13.0'; NOTE = <<~TEXT\n  text\nTEXT\npod 'A'\n", [.inhibitWarnings(true)],
            "platform :ios, '13.0'; NOTE = <<~TEXT\n  text\nTEXT\ninhibit_all_warnings!\npod 'A'\n")
        try assertEdit(
            "target 'A' do x = <<~T\n  t\nT\n  pod 'X'\nend\n",
            [.platform(try PlatformVersion(parsing: "ios", version: "13.0"), target: "A")],
            "target 'A' do x = <<~T\n  t\nT\n  platform :ios, '13.0'\n  pod 'X'\nend\n")
    }

    func testEditThatTheNextLineWouldSwallowIsRefusedNotRepeated() throws {
        // `2 +` continues onto the next line: a platform line inserted there would become an operand.
        let input = "source 'https://cdn.cocoapods.org/'; TOTAL = 2 +\n  3\npod 'A'\n"
        XCTAssertThrowsError(try edited(input, [.platform(try PlatformVersion(parsing: "ios", version: "13.0"))])) {
            error in
            XCTAssertEqual((error as? PodfileError)?.code, .podfileUnplaceable, "\(error)")
            XCTAssertTrue("\(error)".contains("Podfile:2"), "\(error)")
        }
    }

    func testRemovingACallThatAChainContinuesIsRefused() throws {
        // `inhibit_all_warnings!` followed by `.each do … end` on the next lines is one statement.
        let input = "inhibit_all_warnings!\n.each do |t|\n  puts t\nend\npod 'A'\n"
        XCTAssertThrowsError(try edited(input, [.inhibitWarnings(false)])) { error in
            XCTAssertEqual((error as? PodfileError)?.code, .podfileUnplaceable, "\(error)")
        }
        try assertEdit("inhibit_all_warnings! # keep quiet\npod 'A'\n", [.inhibitWarnings(false)], "pod 'A'\n")
    }

    func testPlatformVersionStringSpanningLinesNeedsForce() throws {
        let input = "platform :ios, '13.0\n'\n"
        XCTAssertThrowsError(try edited(input, [.platform(try PlatformVersion(parsing: "ios", version: "14.0"))])) {
            error in
            XCTAssertEqual((error as? PodfileError)?.code, .podfilePlatformExpression, "\(error)")
        }
        try assertEdit(
            input, [.platform(try PlatformVersion(parsing: "ios", version: "14.0"), force: true)],
            "platform :ios, '14.0'\n")
    }

    // MARK: source

    func testSourceUseOnImplicitTrunkGoesAfterMagicAndHeaderComments() throws {
        try assertEdit(
            "# frozen_string_literal: true\n# My app\n\n# Uncomment the next line\n# platform :ios, '9.0'\n\n"
                + "target 'App' do\nend\n",
            [.useSource("tuna")],
            "# frozen_string_literal: true\n# My app\n\nsource '\(tuna)'\n\n# Uncomment the next line\n"
                + "# platform :ios, '9.0'\n\ntarget 'App' do\nend\n"
        )
        // A header comment block (blank line after it, no commented-out code) stays above.
        try assertEdit(
            "# My app's Podfile\n\ntarget 'App' do\nend\n", [.useSource("tuna")],
            "# My app's Podfile\n\nsource '\(tuna)'\n\ntarget 'App' do\nend\n")
        try assertEdit(
            "#!/usr/bin/env ruby\n# A comment about the platform\nplatform :ios, '12.0'\n", [.useSource("tuna")],
            "#!/usr/bin/env ruby\nsource '\(tuna)'\n\n# A comment about the platform\nplatform :ios, '12.0'\n")
        try assertEdit(
            "# Uncomment this line to define a global platform\nplatform :ios, '12.0'\n",
            [.useSource("tuna")],
            "source '\(tuna)'\n\n# Uncomment this line to define a global platform\nplatform :ios, '12.0'\n")
    }

    /// `pod init`'s Podfile through setup's edits in either order: sources first, then the platform it
    /// uncommented, then `inhibit_all_warnings!`.
    func testPodInitPodfileGetsSourcesFirst() throws {
        let podInit =
            "# Uncomment the next line to define a global platform for your project\n# platform :ios, '9.0'\n\n"
            + "target 'App' do\n  use_frameworks!\nend\n"
        let expected =
            "source '\(tuna)'\n\n# Uncomment the next line to define a global platform for your project\n"
            + "platform :ios, '13.0'\ninhibit_all_warnings!\n\ntarget 'App' do\n  use_frameworks!\nend\n"
        try assertEdit(
            podInit,
            [
                .useSource("tuna"), .platform(try PlatformVersion(parsing: "ios", version: "13.0")),
                .inhibitWarnings(true),
            ], expected)
        try assertEdit(
            podInit,
            [
                .platform(try PlatformVersion(parsing: "ios", version: "13.0")), .inhibitWarnings(true),
                .useSource("tuna"),
            ], expected)
    }

    func testSourceUseReplacesEveryOfficialSpellingAtTheFirstPlaceAndKeepsPrivateOnes() throws {
        let input = """
            source "git@github.com:CocoaPods/Specs.git" # official
            source 'https://git.corp.example/ios/specs.git'
            source 'https://GITHUB.com/cocoapods/specs/'
            source 'https://cdn.cocoapods.org'
            source 'https://mirrors.bfsu.edu.cn/git/CocoaPods/Specs.git'
            platform :ios, '13.0'

            """
        try assertEdit(
            input, [.useSource("tuna")],
            """
            source "\(tuna)" # official
            source 'https://git.corp.example/ios/specs.git'
            platform :ios, '13.0'

            """)
    }

    func testSourceUseMovesAnExactLaterMatchToTheFirstOfficialPlace() throws {
        try assertEdit(
            "source 'https://p/specs.git'\nsource 'https://github.com/CocoaPods/Specs'\npod 'A'\nsource '\(tuna)'\n",
            [.useSource("tuna")], "source 'https://p/specs.git'\nsource '\(tuna)'\npod 'A'\n")
    }

    func testSourcesThatRunCommandsAreRefused() {
        for edit in [
            PodfileEdit.addSource("ext::sh -c touch% /tmp/pwned", first: false),
            .setSources(["https://ok/", "fd::17"]),
            .useSource("ext::sh -c id"),
        ] {
            XCTAssertThrowsError(try edited("pod 'A'\n", [edit]), edit.summary)
        }
    }

    func testSourceUseWithURLAndOnlyPrivateSources() throws {
        try assertEdit(
            "source 'https://git.corp/specs.git'\n\npod 'A'\n", [.useSource("https://specs.mirror.example/Specs.git")],
            "source 'https://git.corp/specs.git'\nsource 'https://specs.mirror.example/Specs.git'\n\npod 'A'\n")
    }

    func testSourceAddRemoveSet() throws {
        let input = "source 'https://cdn.cocoapods.org/'\npod 'A'\n"
        try assertEdit(
            input, [.addSource("https://p/specs.git", first: false)],
            "source 'https://cdn.cocoapods.org/'\nsource 'https://p/specs.git'\npod 'A'\n")
        try assertEdit(
            input, [.addSource("https://p/specs.git", first: true)],
            "source 'https://p/specs.git'\nsource 'https://cdn.cocoapods.org/'\npod 'A'\n")
        try assertEdit(input, [.removeSource("HTTPS://cdn.cocoapods.org")], "pod 'A'\n")
        try assertEdit(
            "pod 'A'\n", [.addSource("https://p/specs.git", first: false)],
            "source 'https://cdn.cocoapods.org/'\nsource 'https://p/specs.git'\n\npod 'A'\n")
        let (a, b, c) = ("https://a.example/specs.git", "https://b.example/specs.git", "git@c.example:specs.git")
        try assertEdit(
            "source '\(a)'\npod 'A'\nsource '\(b)'\n", [.setSources([b, c])], "source '\(b)'\nsource '\(c)'\npod 'A'\n")
        try assertEdit(
            "source '\(a)'\npod 'A'\nsource '\(b)'\n", [.setSources([a, c])], "source '\(a)'\nsource '\(c)'\npod 'A'\n")
    }

    // MARK: platform

    func testPlatformInPlaceKeepsQuoteStyle() throws {
        try assertEdit(
            "platform :ios, \"9.0\" # min\n", [.platform(try PlatformVersion(parsing: "ios", version: "13.0"))],
            "platform :ios, \"13.0\" # min\n")
        try assertEdit(
            "platform :ios\n", [.platform(try PlatformVersion(parsing: "ios", version: "13.0"))],
            "platform :ios, '13.0'\n")
        // :macos and :osx are the same platform: the written name stays.
        try assertEdit(
            "platform :osx, '10.9'\n", [.platform(try PlatformVersion(parsing: "macos", version: "11.0"))],
            "platform :osx, '11.0'\n")
    }

    func testPlatformUncommentsPodInitLine() throws {
        try assertEdit(
            "# Uncomment the next line to define a global platform for your project\n"
                + "# platform :ios, '9.0'\n\ntarget 'A' do\nend\n",
            [.platform(try PlatformVersion(parsing: "ios", version: "14.0"))],
            "# Uncomment the next line to define a global platform for your project\n"
                + "platform :ios, '14.0'\n\ntarget 'A' do\nend\n"
        )
    }

    func testPlatformInsertedAfterSourcesOrInTarget() throws {
        try assertEdit(
            "source 'https://cdn.cocoapods.org/'\n\ntarget 'A' do\n    pod 'X'\nend\n",
            [.platform(try PlatformVersion(parsing: "ios", version: "12.0"))],
            "source 'https://cdn.cocoapods.org/'\nplatform :ios, '12.0'\n\ntarget 'A' do\n    pod 'X'\nend\n")
        try assertEdit(
            "target 'A' do\n    pod 'X'\nend\n",
            [.platform(try PlatformVersion(parsing: "tvos", version: "15.0"), target: "A")],
            "target 'A' do\n    platform :tvos, '15.0'\n    pod 'X'\nend\n")
        XCTAssertThrowsError(
            try edited(
                "target 'A' do\nend\n", [.platform(try PlatformVersion(parsing: "ios", version: "1.0"), target: "B")]))
    }

    func testPlatformExpressionNeedsForce() throws {
        let input = "platform :ios, min_ios_version_supported\n"
        XCTAssertThrowsError(try edited(input, [.platform(try PlatformVersion(parsing: "ios", version: "13.4"))])) {
            error in
            XCTAssertEqual((error as? PodfileError)?.code, .podfilePlatformExpression)
            XCTAssertEqual((error as? PodfileError)?.line, 1)
        }
        try assertEdit(
            input, [.platform(try PlatformVersion(parsing: "ios", version: "13.4"), force: true)],
            "platform :ios, '13.4'\n")
        XCTAssertThrowsError(try edited(input, [.platform(try PlatformVersion(parsing: "android", version: "1"))]))
        XCTAssertThrowsError(
            try edited(input, [.platform(try PlatformVersion(parsing: "ios", version: "latest"), force: true)]))
    }

    // MARK: inhibit_all_warnings!

    func testInhibitWarningsOnAndOff() throws {
        try assertEdit(
            "platform :ios, '12.0'\ntarget 'A' do\nend\n", [.inhibitWarnings(true)],
            "platform :ios, '12.0'\ninhibit_all_warnings!\ntarget 'A' do\nend\n")
        try assertEdit(
            "# inhibit_all_warnings!\ntarget 'A' do\nend\n", [.inhibitWarnings(true)],
            "inhibit_all_warnings!\ntarget 'A' do\nend\n")
        try assertEdit(
            "inhibit_all_warnings!\ntarget 'A' do\n  inhibit_all_warnings!\nend\ninhibit_all_warnings!\n",
            [.inhibitWarnings(false)],
            "target 'A' do\n  inhibit_all_warnings!\nend\n")
    }

    // MARK: build settings

    static let line = { @Sendable (p: String, k: String, v: String) in
        "\(p).pods_project.targets.each { |t| t.build_configurations.each { |c| c.build_settings['\(k)'] = '\(v)' } }"
    }

    func testBuildSettingGoesIntoFlutterHookReusingItsParameter() throws {
        let input = """
            post_install do |pi|
              pi.pods_project.targets.each do |target|
                flutter_additional_ios_build_settings(target)
              end
            end

            """
        try assertEdit(
            input, [.buildSetting(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "13.0")],
            """
            post_install do |pi|
              pi.pods_project.targets.each do |target|
                flutter_additional_ios_build_settings(target)
              end
              \(Self.line("pi", "IPHONEOS_DEPLOYMENT_TARGET", "13.0"))
            end

            """)
    }

    func testBuildSettingInReactNativeHookInsideTargetUpdatesInsteadOfAdding() throws {
        let input = """
            target 'App' do
              post_install do |installer|
                react_native_post_install(
                  installer,
                  :mac_catalyst_enabled => false
                )
              end
            end

            """
        let once = try edited(
            input, [.buildSetting(key: "ENABLE_BITCODE", value: "NO", configuration: "Release", pod: "Yoga")])
        XCTAssertEqual(
            once,
            """
            target 'App' do
              post_install do |installer|
                react_native_post_install(
                  installer,
                  :mac_catalyst_enabled => false
                )
                installer.pods_project.targets.select { |t| t.name == 'Yoga' }\
            .each { |t| t.build_configurations.select { |c| c.name == 'Release' }\
            .each { |c| c.build_settings['ENABLE_BITCODE'] = 'NO' } }
              end
            end

            """)
        let updated = try edited(
            once, [.buildSetting(key: "ENABLE_BITCODE", value: "YES", configuration: "Release", pod: "Yoga")])
        XCTAssertEqual(updated, once.replacingOccurrences(of: "= 'NO'", with: "= 'YES'"))
        let doc = try PodfileDocument(text: updated)
        XCTAssertEqual(doc.model.hooks.count, 1)
        XCTAssertEqual(doc.model.buildSettings.map(\.value), ["YES"])
        XCTAssertEqual(
            try edited(updated, [.unsetBuildSetting(key: "ENABLE_BITCODE", configuration: "Release", pod: "Yoga")]),
            input)
    }

    func testBuildSettingInBraceHooks() throws {
        try assertEdit(
            "post_install { |i|\n  puts i\n}\n", [.buildSetting(key: "K", value: "V")],
            "post_install { |i|\n  puts i\n  \(Self.line("i", "K", "V"))\n}\n")
        try assertEdit(
            "post_install { |i| puts i }\n", [.buildSetting(key: "K", value: "V")],
            "post_install { |i| puts i; \(Self.line("i", "K", "V")) }\n")
    }

    func testBuildSettingAppendsAHookWhenThereIsNoneAndUnsetRemovesIt() throws {
        let input = "target 'A' do\nend\n"
        let expected = "target 'A' do\nend\n\npost_install do |installer|\n  \(Self.line("installer", "K", "V"))\nend\n"
        try assertEdit(input, [.buildSetting(key: "K", value: "V")], expected)
        XCTAssertEqual(try edited(expected, [.unsetBuildSetting(key: "K")]), input)
    }

    func testBuildSettingRefusesTwoHooksWithCocoaPodsMessage() {
        let input = "post_install do |i|\nend\ntarget 'A' do\n  post_install do |i|\n  end\nend\n"
        XCTAssertThrowsError(try edited(input, [.buildSetting(key: "K", value: "V")])) { error in
            XCTAssertEqual(
                (error as? PodfileError)?.message, "Podfile:4: Specifying multiple `post_install` hooks is unsupported."
            )
        }
    }

    // MARK: encodings and layout

    func testCRLFAndBOMSurviveAndNewLinesUseCRLF() throws {
        let input = "\u{FEFF}# header\r\n\r\nplatform :ios, '9.0'\r\ntarget 'A' do\r\nend"
        let out = try edited(
            input,
            [
                .useSource("tuna"), .platform(try PlatformVersion(parsing: "ios", version: "12.0")),
                .inhibitWarnings(true),
                .buildSetting(key: "K", value: "V"),
            ])
        XCTAssertEqual(
            out,
            "\u{FEFF}# header\r\n\r\nsource '\(tuna)'\r\n\r\nplatform :ios, '12.0'\r\ninhibit_all_warnings!\r\n"
                + "target 'A' do\r\nend\r\n\r\npost_install do |installer|\r\n"
                + "  \(Self.line("installer", "K", "V"))\r\nend\r\n"
        )
        try assertEdit(out, [.useSource("tuna")], out)
    }

    func testTabsAndTypographicQuotesSurvive() throws {
        let input = "target \u{2018}App\u{2019} do\n\tpod \u{2018}A\u{2019}\nend\n"
        try assertEdit(
            input, [.platform(try PlatformVersion(parsing: "ios", version: "12.0"), target: "App")],
            "target \u{2018}App\u{2019} do\n\tplatform :ios, '12.0'\n\tpod \u{2018}A\u{2019}\nend\n")
    }

    // MARK: plans on disk

    func testPlanWritesAtomicallyKeepsModeAndOnlyWhenNeeded() throws {
        let dir = TempDirectory()
        let path = try dir.write("Podfile", "platform :ios, '9.0'\n")
        chmod(path, 0o640)
        let fs = LocalFileSystem()
        let plan = try PodfileEditor.plan(
            [.platform(try PlatformVersion(parsing: "ios", version: "13.0"))], podfile: path, fs: fs, catalog: catalog)
        let dry = try PlanRunner().run(plan, mode: .dryRun)
        XCTAssertTrue(dry.changed)
        XCTAssertTrue(dry.changes[0].diff?.contains("+platform :ios, '13.0'") ?? false)
        XCTAssertEqual(try dir.read("Podfile"), Array("platform :ios, '9.0'\n".utf8), "dry run writes nothing")
        XCTAssertTrue(try PlanRunner().run(plan, mode: .check).hasDrift)
        _ = try PlanRunner().run(plan, mode: .apply)
        XCTAssertEqual(try dir.read("Podfile"), Array("platform :ios, '13.0'\n".utf8))
        var st = stat()
        stat(path, &st)
        XCTAssertEqual(st.st_mode & 0o777, 0o640)
        let again = try PodfileEditor.plan(
            [.platform(try PlatformVersion(parsing: "ios", version: "13.0"))], podfile: path, fs: fs, catalog: catalog)
        XCTAssertFalse(again.hasChanges)
        XCTAssertEqual(dir.listing(), ["Podfile"], "no temporary files left")
    }

    func testSyntaxErrorLeavesFileUntouched() throws {
        let dir = TempDirectory()
        let text = "target 'A' do\n  pod 'X', :path => \"../x\n"
        let path = try dir.write("Podfile", text)
        XCTAssertThrowsError(
            try PodfileEditor.plan([.useSource("tuna")], podfile: path, fs: LocalFileSystem(), catalog: catalog)
        ) { error in
            XCTAssertTrue((error as? PodfileError)?.message.hasPrefix("\(path):2:21:") ?? false, "\(error)")
        }
        XCTAssertEqual(try dir.read("Podfile"), Array(text.utf8))
    }

    func testCredentialsInSourceURLsAreRedactedInSummariesAndJSON() throws {
        let url = "https://deploy:s3cret@git.corp.example/specs.git"
        let doc = try PodfileDocument(text: "source '\(url)'\n")
        XCTAssertEqual(doc.model.sourceURLs, [url], "the API keeps the URL")
        XCTAssertFalse("\(doc.model.json)".contains("s3cret"))
        XCTAssertFalse(PodfileEdit.removeSource(url).summary.contains("s3cret"))
        let (change, _) = try PodfileEditor.change(
            [.removeSource(url)], document: doc, catalog: catalog, fs: LocalFileSystem())
        XCTAssertFalse(change.summary.contains("s3cret"))
        let details = String(decoding: try JSONEncoder().encode(change.details), as: UTF8.self)
        XCTAssertTrue(details.contains("git.corp.example"), details)
        XCTAssertFalse(details.contains("s3cret"))
    }

    /// The summary people read is one sentence in their language, its edits and their scopes included; the
    /// credentials stay out of it in every language.
    func testSummarySaysEveryEditInTheReadersLanguage() throws {
        let url = "https://deploy:s3cret@git.corp.example/specs.git"
        let doc = try PodfileDocument(text: "source '\(url)'\n")
        let (change, _) = try PodfileEditor.change(
            [.removeSource(url), .buildSetting(key: "K", value: "V", configuration: "Debug", pod: "A")],
            document: doc, catalog: catalog, fs: LocalFileSystem(), displayPath: "Podfile")
        let message = try XCTUnwrap(change.message)
        XCTAssertEqual(message.english, change.summary)
        XCTAssertTrue(message.english.hasSuffix("; build setting K=V for Debug on pod A in Podfile"), message.english)
        let zh = message.text(in: .simplifiedChinese)
        XCTAssertTrue(zh.hasPrefix("Podfile：移除 source https://"), zh)
        XCTAssertTrue(zh.hasSuffix("；编译设置 K=V （Debug 配置） （仅 pod A）"), zh)
        XCTAssertFalse(zh.contains("s3cret"), zh)
    }

    func testEmptyPodfile() throws {
        try assertEdit("", [.useSource("tuna")], "source '\(tuna)'\n")
        try assertEdit(
            "", [.buildSetting(key: "K", value: "V")],
            "post_install do |installer|\n  \(Self.line("installer", "K", "V"))\nend\n")
        try assertEdit(
            "", [.platform(try PlatformVersion(parsing: "ios", version: "12.0")), .inhibitWarnings(true)],
            "platform :ios, '12.0'\ninhibit_all_warnings!\n")
    }

    func testLocatingPodfilesAsCocoaPodsDoes() throws {
        let dir = TempDirectory()
        let fs = LocalFileSystem()
        XCTAssertNil(PodfileDocument.locate(in: dir.path, fs: fs))
        try dir.write("Podfile.rb", "")
        XCTAssertEqual(PodfileDocument.locate(in: dir.path, fs: fs), dir.sub("Podfile.rb"))
        try dir.write("Podfile", "")
        XCTAssertEqual(PodfileDocument.locate(in: dir.path, fs: fs), dir.sub("Podfile"))
        try dir.write("CocoaPods.podfile.yaml", "target: x\n")
        let yaml = try XCTUnwrap(PodfileDocument.locate(in: dir.path, fs: fs))
        XCTAssertThrowsError(try PodfileDocument.load(path: yaml, fs: fs)) { error in
            XCTAssertEqual((error as? PodfileError)?.code, .podfileUnsupportedFormat)
        }
    }

    func testSymlinkedPodfileIsEditedThroughTheLink() throws {
        let dir = TempDirectory()
        let target = try dir.write("shared/Podfile", "platform :ios, '9.0'\n")
        let link = dir.sub("app/Podfile")
        try FileManager.default.createDirectory(atPath: dir.sub("app"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let plan = try PodfileEditor.plan(
            [.inhibitWarnings(true)], podfile: link, fs: LocalFileSystem(), catalog: catalog)
        _ = try PlanRunner().run(plan, mode: .apply)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target)
        XCTAssertEqual(try dir.read("shared/Podfile"), Array("platform :ios, '9.0'\ninhibit_all_warnings!\n".utf8))
    }

    func testBuildSettingWithMultiplePodProjectsUsesGeneratedProjects() throws {
        let input = "install! 'cocoapods', :generate_multiple_pod_projects => true\ntarget 'A' do\nend\n"
        let expected =
            input
            + "\npost_install do |installer|\n"
            + "  installer.generated_projects.each { |p| p.targets.select { |t| t.name == 'PodA' }"
            + ".each { |t| t.build_configurations.each { |c| c.build_settings['K'] = 'V' } } }\nend\n"
        try assertEdit(input, [.buildSetting(key: "K", value: "V", pod: "PodA")], expected)
        let doc = try PodfileDocument(text: expected)
        XCTAssertEqual(doc.model.buildSettings.map(\.pod), ["PodA"])
        XCTAssertEqual(try edited(expected, [.unsetBuildSetting(key: "K", pod: "PodA")]), input)
        let label = "install! 'cocoapods', generate_multiple_pod_projects: true, incremental_installation: true\n"
        XCTAssertTrue(
            try edited(label, [.buildSetting(key: "K", value: "V")]).contains(
                "installer.generated_projects.each { |p| p.targets.each"))
    }

    func testBuildSettingRefusedWithoutAPodsProject() {
        XCTAssertThrowsError(
            try edited(
                "install! 'cocoapods', :skip_pods_project_generation => true\n", [.buildSetting(key: "K", value: "V")])
        ) {
            XCTAssertEqual(($0 as? PodfileError)?.code, .podfileNoPodsProject)
        }
    }
    /// When `ruby` is on PATH (a reference only), runs the hook podmirror wrote against a stand-in
    /// installer (pod targets PodA/PodB, configurations Debug/Release) and checks who got the setting.
    func testWrittenHookSetsTheSettingWhereAskedInRuby() throws {
        guard let ruby = ProcessRunner.which("ruby") else {
            throw XCTSkip("ruby is not installed (reference check only)")
        }
        let dir = TempDirectory("podfile-hook")
        let prelude = #"""
            Cfg = Struct.new(:name, :build_settings)
            Tgt = Struct.new(:name, :build_configurations)
            Proj = Struct.new(:targets)
            Inst = Struct.new(:pods_project, :generated_projects)
            $proj = Proj.new(%w[PodA PodB].map { |n| Tgt.new(n, %w[Debug Release].map { |c| Cfg.new(c, {}) }) })
            $inst = Inst.new($proj, [$proj])
            def post_install; yield $inst; end
            def target(*); yield; end
            def install!(*); end
            eval(File.read(ARGV[0]), binding, ARGV[0])
            puts $proj.targets.flat_map { |t| t.build_configurations.map { |c| \#
            "#{t.name}/#{c.name}=#{c.build_settings['K']}" } }.join(' ')
            """#
        let runner = try dir.write("run.rb", prelude)
        let cases: [(String, PodfileEdit, String)] = [
            ("", .buildSetting(key: "K", value: "1"), "PodA/Debug=1 PodA/Release=1 PodB/Debug=1 PodB/Release=1"),
            (
                "target 'App' do\n  post_install do |pi|\n  end\nend\n",
                .buildSetting(key: "K", value: "2", pod: "PodB"),
                "PodA/Debug= PodA/Release= PodB/Debug=2 PodB/Release=2"
            ),
            (
                "post_install { |i| }\n", .buildSetting(key: "K", value: "3", configuration: "Release"),
                "PodA/Debug= PodA/Release=3 PodB/Debug= PodB/Release=3"
            ),
            (
                "install! 'cocoapods', :generate_multiple_pod_projects => true\n",
                .buildSetting(key: "K", value: "4", configuration: "Debug", pod: "PodA"),
                "PodA/Debug=4 PodA/Release= PodB/Debug= PodB/Release="
            ),
        ]
        for (n, (input, edit, expected)) in cases.enumerated() {
            let out = try edited(input, [edit])
            let path = try dir.write("Podfile\(n)", out)
            let r = try ProcessRunner.run(ruby, [runner, path])
            XCTAssertEqual(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), expected, "\(out)\n\(r.stderr)")
        }
    }
}
