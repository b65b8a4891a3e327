import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

/// The lexer and reader on each syntax form, with fixtures written for these tests.
final class PodfileSyntaxTests: XCTestCase {
    func model(_ text: String) throws -> PodfileModel { try PodfileDocument(text: text).model }

    func tokens(_ text: String) throws -> [RubyToken] { try RubyLexer.tokenize(Array(text.utf8)).tokens }

    func testTokensKeepByteRanges() throws {
        let text = "source 'https://a/b.git' # trunk\nplatform :ios, \"12.0\"\n"
        let bytes = Array(text.utf8)
        for t in try tokens(text) {
            XCTAssertEqual(String(decoding: bytes[t.range], as: UTF8.self), t.text)
        }
        let s = try tokens(text).first { $0.kind == .string }!
        XCTAssertEqual(s.value, "https://a/b.git")
        XCTAssertEqual(String(decoding: bytes[s.contentRange!], as: UTF8.self), "https://a/b.git")
        XCTAssertEqual(try tokens(text).filter { $0.kind == .comment }.map(\.text), ["# trunk"])
    }

    func testCommentsBlockCommentsAndEndMarkerHideCode() throws {
        let m = try model(
            """
            # source 'https://commented/'
            =begin
            source 'https://in-begin-end/'
            target 'Hidden' do
            =end
            source 'https://real/'
            target 'App' do
            end
            __END__
            source 'https://after-end/'
            target 'Data' do
            """)
        XCTAssertEqual(m.sourceURLs, ["https://real/"])
        XCTAssertEqual(m.root.children.map(\.name), ["App"])
    }

    func testStringsWithInterpolationPercentLiteralsSymbolsAndLabels() throws {
        let m = try model(
            """
            $dir = "#{File.dirname(__FILE__)}/x"
            names = %w(end do if)
            syms = %i[a b]
            q = %q(it's (nested) end)
            Q = %Q{#{names.map { |n| "#{n}" }.join('}')} end}
            h = { :a => 1, b: 'end', "c": 2 }
            x = cond ? :sym : 'do'
            platform :ios, "13.0"
            target 'App' do
              pod 'A', :path => "#{$dir}/../end", modular_headers: true
            end
            """)
        XCTAssertEqual(m.platform?.version, "13.0")
        XCTAssertEqual(m.root.children.map(\.name), ["App"])
    }

    func testHeredocsOfEveryKind() throws {
        let m = try model(
            """
            a = <<~EOS
              target 'NotATarget' do
            EOS
            b = <<-'RAW'
            end end #{x}
              RAW
            c = foo(<<EOT, 'x')
            do
            EOT
            puts <<EOS
            target 'AlsoNot' do
            EOS
            n = 1 <<2
            arr << 'value'
            target 'App' do
            end
            """)
        XCTAssertEqual(m.root.children.map(\.name), ["App"])
    }

    func testBlocksKeywordsAndModifiers() throws {
        let m = try model(
            """
            def helper(x)
              return if x.nil?
              puts 'y' unless x
              while x do x -= 1 end
              begin; rescue; end
              x = if true then 1 else 2 end
              case x when 1 then 2 end
            end
            [1].each { |i| puts i if i }
            target 'App' do
              platform :ios, '12.0'
              inhibit_all_warnings!
              abstract_target 'Shared' do
                target 'Inner'
              end
            end
            """)
        let app = try XCTUnwrap(m.root.children.first)
        XCTAssertEqual(app.platform?.version, "12.0")
        XCTAssertTrue(app.inhibitAllWarnings)
        XCTAssertFalse(m.inhibitAllWarnings)
        XCTAssertEqual(app.children.first?.name, "Shared")
        XCTAssertEqual(app.children.first?.abstract, true)
        XCTAssertEqual(app.children.first?.children.map(\.name), ["Inner"])
    }

    func testBOMCRLFTabsTypographicQuotesAndNoFinalNewline() throws {
        let text =
            "\u{FEFF}source \u{2018}https://a/\u{2019}\r\n\tplatform :ios, \u{201C}11.0\u{201D}\r\n"
            + "target 'App' do\r\nend"
        let m = try model(text)
        XCTAssertEqual(m.sourceURLs, ["https://a/"])
        XCTAssertEqual(m.platform?.version, "11.0")
        XCTAssertEqual(m.root.children.map(\.name), ["App"])
    }

    func testPlatformExpressionAndMacos() throws {
        XCTAssertEqual(
            try model("platform :ios, min_ios_version_supported\n").platform?.expression, "min_ios_version_supported")
        XCTAssertEqual(try model("platform :macos, '11.0'\n").platform?.name, "osx")
        XCTAssertNil(try model("platform :ios\n").platform?.version)
    }

    func testHooksBracesInTargetsAndBuildSettings() throws {
        let m = try model(
            """
            target 'App' do
              post_install { |inst| inst.pods_project.targets.each { |t| t.build_configurations.each { |c| \
            c.build_settings['A'] = 'B' } } }
            end
            pre_install do |i|
            end
            """)
        XCTAssertEqual(m.hooks.map(\.name), ["post_install", "pre_install"])
        XCTAssertEqual(m.hooks[0].target, "App")
        XCTAssertEqual(m.hooks[0].braces, true)
        XCTAssertEqual(m.hooks[0].parameter, "inst")
        XCTAssertEqual(
            m.buildSettings, [PodfileBuildSetting(key: "A", value: "B", configuration: nil, pod: nil, line: 2)])
    }

    func testCocoaPodsValidationMessages() throws {
        let m = try model(
            """
            platform :ios, '12.0'
            platform :ios, '13.0'
            post_install do |i|
            end
            target 'A' do
              platform :ios, '9.0'
              platform :ios, '10.0'
              post_install do |i|
              end
            end
            """)
        XCTAssertEqual(
            m.problems.map(\.message),
            [
                "The target `Pods` already has a platform set.",
                "The target `Pods-A` already has a platform set.",
                "Specifying multiple `post_install` hooks is unsupported.",
            ])
        XCTAssertEqual(m.problems.map(\.line), [2, 7, 8])
    }

    func testSyntaxErrorsNameFileLineAndColumn() {
        let cases: [(String, String)] = [
            ("source 'https://a/\n", "Podfile:1:8"),
            ("target 'A' do\n  pod 'X'\n", "Podfile:1:12"),
            ("pod 'A'\nend\n", "Podfile:2:1"),
            ("a = <<~EOS\n text\n", "Podfile:1:5"),
            ("=begin\nno end\n", "Podfile:1:1"),
            ("foo(1, 2]\n", "Podfile:1:9"),
            // A continuation with nothing before it: Ruby refuses these files too.
            (".o", "Podfile:1:1"),
            ("target 'A' do\n  .freeze\nend\n", "Podfile:2:3"),
            ("platform :ios; , '9.0'\n", "Podfile:1:16"),
            ("platform :ios,, '9.0'\n", "Podfile:1:15"),
            ("pod 'A', :subspecs => [, 'B']\n", "Podfile:1:24"),
        ]
        for (text, location) in cases {
            XCTAssertThrowsError(try PodfileDocument(text: text), text) { error in
                let e = error as? PodfileError
                XCTAssertEqual(e?.code, .podfileSyntax)
                XCTAssertTrue(e?.message.hasPrefix(location + ":") ?? false, "\(text): \(e?.message ?? "")")
            }
        }
    }

    /// A quote left open pairs with the next line's quote, and the error used to land on a later, innocent one.
    func testUnclosedQuoteIsReportedWhereItOpened() {
        let cases: [(String, String, [String])] = [
            (
                "target 'App' do\n  pod 'Alamofire\n  pod 'SnapKit'\nend\n", "Podfile:2:7",
                ["pairs with a quote on line 3 and the quote left on line 3 is never closed"]
            ),
            (
                "platform :ios, '13.0'\ntarget 'App' do\n  pod 'A', '1.0\n  pod 'B', '~> 2.0'\n  pod 'C'\nend\n",
                "Podfile:3:12", ["line 4", "line 5"]
            ),
            ("target 'App' do\n  pod 'A\n  pod 'B'\n  pod 'C'\nend\n", "Podfile:2:7", ["line 3", "line 4"]),
            // Double quotes: the string runs to the end, where it opened is the only quote left.
            ("target 'App' do\n  pod \"Alamofire\n  pod 'SnapKit'\nend\n", "Podfile:2:7", []),
        ]
        for (text, location, parts) in cases {
            XCTAssertThrowsError(try PodfileDocument(text: text), text) { error in
                let e = error as? PodfileError
                XCTAssertEqual(e?.code, .podfileSyntax)
                XCTAssertEqual(e?.exitStatus, .failure)
                XCTAssertTrue(e?.message.hasPrefix(location + ": unterminated string") ?? false, e?.message ?? "")
                for part in parts { XCTAssertTrue(e?.message.contains(part) ?? false, "\(part): \(e?.message ?? "")") }
            }
        }
    }

    func testLeadingDotLinesContinueTheStatementAbove() throws {
        let m = try model("source 'https://a/'\n  .freeze\n# note\n  &.to_s\nplatform :ios, '9.0'\n")
        XCTAssertEqual(m.platform?.version, "9.0")
        XCTAssertEqual(m.sources.count, 1)
    }

    func testOnlyCommandCallsCountAsDSL() throws {
        let m = try model(
            """
            platform = :ios
            if platform == :ios
              source 'https://in-if/'
            end
            source = 'not a call'
            def helper
              source 'https://in-def/'
              platform :ios, '1.0'
            end
            target = 'x'
            """)
        XCTAssertEqual(m.sourceURLs, ["https://in-if/"])
        XCTAssertNil(m.platform)
        XCTAssertTrue(m.root.children.isEmpty)
    }

    func testTypographicQuotesRightAfterNamesAndBOMColumns() throws {
        let m = try model("target\u{2018}App\u{2019} do\nend\nplatform :ios,\u{2018}9.0\u{2019}\n")
        XCTAssertEqual(m.root.children.map(\.name), ["App"])
        XCTAssertEqual(m.platform?.version, "9.0")
        XCTAssertThrowsError(try PodfileDocument(bytes: [0xEF, 0xBB, 0xBF] + Array("pod 'A\n".utf8))) { error in
            XCTAssertTrue((error as? PodfileError)?.message.hasPrefix("Podfile:1:5:") ?? false, "\(error)")
        }
    }

    func testHostileInputIsRefusedWithAReason() throws {
        let deep = String(repeating: "foo do\n", count: 300) + String(repeating: "end\n", count: 300)
        XCTAssertThrowsError(try PodfileDocument(text: deep)) {
            XCTAssertTrue("\($0)".contains("nested deeper"), "\($0)")
        }
        let fine = String(repeating: "foo do\n", count: 150) + String(repeating: "end\n", count: 150)
        XCTAssertNoThrow(try PodfileDocument(text: fine))
        let strings = "x = " + String(repeating: "\"#{", count: 300) + String(repeating: "}\"", count: 300) + "\n"
        XCTAssertThrowsError(try PodfileDocument(text: strings)) {
            XCTAssertTrue("\($0)".contains("nested deeper"), "\($0)")
        }
        XCTAssertThrowsError(try PodfileDocument(bytes: Array("pod 'A'\n\0\u{1}".utf8))) {
            XCTAssertTrue("\($0)".hasPrefix("Podfile:2:1: the file contains a NUL byte"), "\($0)")
        }
        XCTAssertThrowsError(try PodfileDocument(bytes: Array("pod 'A'\n".utf8) + [0xFF, 0x41])) {
            XCTAssertTrue("\($0)".hasPrefix("Podfile:2:1: the Podfile is not valid UTF-8"), "\($0)")
        }
        XCTAssertThrowsError(try PodfileDocument(bytes: [UInt8](repeating: 0x20, count: PodfileDocument.maxSize + 1))) {
            XCTAssertEqual(($0 as? PodfileError)?.code, .podfileTooLarge)
        }
    }

    func testAssortedRubyThatRealPodfilesUse() throws {
        let m = try model(
            """
            # -*- coding: utf-8 -*-
            class Helper < Object; def self.x; end; end
            begin
              require 'json'
            rescue LoadError
            end
            x ||= begin 1 end
            a, b = 1, 2
            v = 5 / 2
            r = 'it\\'s'
            q = "say \\"end\\""
            s = :"quoted sym"
            c = x == ?a
            t = [].empty? ? 1 : 2
            f = ->(y) { y }
            g = lambda { |y| y }.call(1)
            h = { if: 1, end: 2 }
            for i in 1..3 do end
            until true do end
            while false do end
            loop { break }
            5.times { |i| i }
            ENV.fetch('X') { 'default' }
            def with_rescue
              foo
            rescue
              bar
            end
            puts "a" \\
              "b"
            case ENV['KIND']
            when /mac/ then platform :osx, '11.0'
            else platform :ios, '13.0'
            end
            %w[One Two].each do |name|
              target name do
                pod 'Shared' if ENV['X']
              end
            end
            target 'App' do; use_frameworks! :linkage => :static; end
            abstract_target 'Base' do
              pod 'A', path: File.join(__dir__, '..') unless defined?(Foo)
              target 'Child' do
                inherit! :search_paths
              end
            end
            """)
        XCTAssertEqual(m.root.children.map(\.name), ["name", "App", "Base"])
        XCTAssertEqual(m.root.children.last?.children.map(\.name), ["Child"])
        XCTAssertEqual(m.root.children.last?.children.first?.inheritance, "search_paths")
        XCTAssertEqual(m.platform?.name, "osx")
        XCTAssertEqual(m.platform?.conditional, true)
        XCTAssertTrue(m.problems.isEmpty, "\(m.problems)")
    }
}
