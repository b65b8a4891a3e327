@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// The spec JSON CocoaPods 1.17 writes into its download cache (`spec.to_pretty_json`), and the static reading
/// of Ruby podspecs it is computed from.
final class PodspecJSONTests: XCTestCase {
    /// `Pods/Specs/Release/PMSub/1.0.0-b1914.podspec.json` as the real CocoaPods 1.17.0 wrote it (json 2.6.3),
    /// from the same document's worked example.
    static let pmSubWrittenByCocoaPods = """
        {
          "name": "PMSub",
          "version": "1.0.0",
          "summary": "PMSub test pod",
          "homepage": "http://127.0.0.1:57183/podsrc/PMSub",
          "license": {
            "type": "MIT",
            "file": "LICENSE"
          },
          "authors": {
            "e2e": "e2e@example.invalid"
          },
          "source": {
            "git": "http://127.0.0.1:57183/podsrc/PMSub.git",
            "tag": "1.0.0"
          },
          "platforms": {
            "ios": "12.0",
            "osx": "10.13"
          },
          "swift_versions": [
            "5.0"
          ],
          "default_subspecs": "Core",
          "subspecs": [
            {
              "name": "Core",
              "source_files": "Sources/Core/*.swift"
            },
            {
              "name": "Extra",
              "source_files": "Sources/Extra/*.swift",
              "dependencies": {
                "PMSub/Core": [

                ]
              }
            },
            {
              "name": "Mac",
              "platforms": {
                "osx": "10.13"
              },
              "source_files": "Sources/Mac/*.swift"
            }
          ],
          "swift_version": "5.0"
        }

        """

    /// PMSub's spec repo file (Python `json.dumps(indent=2)`): the same but for its empty array and the appended
    /// `swift_version` (same document).
    static let pmSubRepoFile = pmSubWrittenByCocoaPods.replacingOccurrences(of: "[\n\n        ]", with: "[]")
        .replacingOccurrences(of: "  ],\n  \"swift_version\": \"5.0\"\n}", with: "  ]\n}")

    func pretty(_ text: String, _ style: PodspecJSON.EmptyStyle = .multiLine) throws -> String {
        let spec = try XCTUnwrap(PodspecJSON.parse(Array(text.utf8)), "not parsed: \(text)")
        return String(decoding: spec.cocoapodsForm().prettyBytes(style), as: UTF8.self)
    }

    func testSpecRepoFileBecomesWhatCocoaPodsWroteInTheReferenceRun() throws {
        XCTAssertTrue(Self.pmSubRepoFile.contains("\"PMSub/Core\": []"))
        XCTAssertFalse(Self.pmSubRepoFile.contains("swift_version\""))
        XCTAssertEqual(try pretty(Self.pmSubRepoFile), Self.pmSubWrittenByCocoaPods)
        // json >= 2.8 writes empty containers inline; nothing else changes.
        XCTAssertEqual(
            try pretty(Self.pmSubRepoFile, .compact),
            Self.pmSubWrittenByCocoaPods.replacingOccurrences(of: "[\n\n        ]", with: "[]"))
        // Already in that form: written back unchanged.
        XCTAssertEqual(try pretty(Self.pmSubWrittenByCocoaPods), Self.pmSubWrittenByCocoaPods)
    }

    func testPlatformsAndSwiftVersionAsToHashSetsThem() throws {
        // No platforms: all five, null, after the other attributes and before the subspecs; swift_version from
        // the singular key, moved to the end; an unchanged subspec gets no platforms.
        let text = """
            {"name":"P","swift_version":"4.2","subspecs":[{"name":"A"}],"swift_versions":["5.1","4.0"],"version":"1"}
            """
        XCTAssertEqual(
            try pretty(text),
            """
            {
              "name": "P",
              "swift_versions": [
                "5.1",
                "4.0"
              ],
              "version": "1",
              "platforms": {
                "osx": null,
                "ios": null,
                "tvos": null,
                "visionos": null,
                "watchos": null
              },
              "subspecs": [
                {
                  "name": "A"
                }
              ],
              "swift_version": "5.1"
            }

            """)
        // A subspec narrowing the platforms inherits the parent's target when it names none.
        let narrowed = #"{"name":"P","platforms":{"ios":"12.0","osx":"10.13"},"subspecs":[{"platforms":{"ios":null}}]}"#
        XCTAssertTrue(try pretty(narrowed).contains("\"platforms\": {\n        \"ios\": \"12.0\"\n      }"))
    }

    func testStringsNumbersAndEscapesAsTheJsonGemWritesThem() throws {
        let text = #"{"name":"P\u00e9 \/ \"q\" \\ \t\u0001","n":[1,-2,1.5,10.0],"o":{},"b":[true,false,null]}"#
        let out = try pretty(text)
        XCTAssertTrue(out.contains(#""name": "Pé / \"q\" \\ \t\u0001""#), out)
        XCTAssertTrue(out.contains("  \"o\": {\n  },\n"), out)
        XCTAssertTrue(out.contains("1,\n    -2,\n    1.5,\n    10.0\n"), out)
        // Forms Ruby would print differently are refused (the caller keeps the file's bytes).
        XCTAssertNil(PodspecJSON.parse(Array(#"{"x": 1e5}"#.utf8)))
        XCTAssertNil(PodspecJSON.parse(Array(#"{"x": 1.50}"#.utf8)))
        XCTAssertNil(PodspecJSON.parse(Array("{\"x\": 1} trailing".utf8)))
    }

    /// The real Ruby json gem as the reference writer: `JSON.pretty_generate(JSON.parse(ours))` gives our bytes.
    func testRubyJSONGemWritesTheSameBytes() throws {
        guard let ruby = ProcessRunner.which("ruby") else { throw XCTSkip("no ruby") }
        let version = try ProcessRunner.run(ruby, ["-rjson", "-e", "print JSON::VERSION"]).stdout
        let style: PodspecJSON.EmptyStyle =
            PodspecJSON.versionLess(version, "2.8") ? .multiLine : .compact
        let script = "require 'json'; print JSON.pretty_generate(JSON.parse(STDIN.read)) + \"\\n\""
        for text in [
            Self.pmSubRepoFile, #"{"name":"P\u00e9 \/ \"q\" \\ \t\u0001\u001f","n":[1,-2,1.5],"o":{},"a":[]}"#,
            #"{"name":"中文","platforms":{},"source":{"http":"https://x/y.zip?a=1&b=<2>"}}"#,
        ] {
            let ours = try pretty(text, style)
            let r = try ProcessRunner.run(ruby, ["-e", script], stdin: ours)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stdout, ours)
        }
    }

    // MARK: Ruby podspecs

    static let rubyPodspec = """
        # A podspec as `pod spec create` writes one.
        Pod::Spec.new do |s|
          s.name             = 'PMGitR'
          s.version          = '0.4.0'
          s.summary          = '  PMGitR test pod.  '
          s.description      = <<-DESC
                                 A longer description
                                   with an indented line.
                                 DESC
          s.homepage         = "https://example.invalid/#{s.name}"
          s.license          = { :type => 'MIT', :file => 'LICENSE' }
          s.author           = { 'e2e' => 'e2e@example.invalid' }
          s.source           = { :git => 'https://example.invalid/PMGitR.git', :tag => s.version.to_s }
          s.ios.deployment_target = '12.0'
          s.osx.deployment_target = '10.13'
          s.swift_version    = '5.0'
          s.source_files     = 'Sources/**/*.{swift,h}'
          s.ios.frameworks   = 'UIKit', 'Foundation'
          s.requires_arc     = true
          s.dependency 'PMFoo', '~> 1.0'
          s.pod_target_xcconfig = { 'DEFINES_MODULE' => 'YES', OTHER_LDFLAGS: '-ObjC' }
        end
        """

    /// What CocoaPods 1.17 writes for `rubyPodspec` (json < 2.8), by Core's DSL and `to_hash` rules.
    static let rubyPodspecJSON = """
        {
          "name": "PMGitR",
          "version": "0.4.0",
          "summary": "PMGitR test pod.",
          "description": "A longer description\\n  with an indented line.",
          "homepage": "https://example.invalid/PMGitR",
          "license": {
            "type": "MIT",
            "file": "LICENSE"
          },
          "authors": {
            "e2e": "e2e@example.invalid"
          },
          "source": {
            "git": "https://example.invalid/PMGitR.git",
            "tag": "0.4.0"
          },
          "platforms": {
            "ios": "12.0",
            "osx": "10.13"
          },
          "swift_versions": "5.0",
          "source_files": "Sources/**/*.{swift,h}",
          "ios": {
            "frameworks": [
              "UIKit",
              "Foundation"
            ]
          },
          "requires_arc": true,
          "dependencies": {
            "PMFoo": [
              "~> 1.0"
            ]
          },
          "pod_target_xcconfig": {
            "DEFINES_MODULE": "YES",
            "OTHER_LDFLAGS": "-ObjC"
          },
          "swift_version": "5.0"
        }

        """

    func testRubyPodspecOfPlainAssignmentsIsReadAsTheDSLStoresIt() throws {
        let spec = try RubyPodspecReader.read(Array(Self.rubyPodspec.utf8)).get()
        XCTAssertEqual(
            String(decoding: spec.cocoapodsForm().prettyBytes(.multiLine), as: UTF8.self), Self.rubyPodspecJSON)
    }

    func testRubyPodspecWithAnythingElseIsNotRead() {
        let head = "Pod::Spec.new do |s|\n  s.name = 'X'\n  s.version = '1.0'\n"
        for body in [
            "  s.subspec 'Core' do |c|\n    c.source_files = 'a'\n  end\n",
            "  s.source_files = FILES\n",
            "  s.summary = \"#{name} pod\"\n",
            "  s.script_phase = { :name => 'x', :script => 'echo' }\n",
            "  s.source_files = 'a' if ENV['X']\n",
            "  s.ios.summary = 'root attribute on a platform'\n",
            "  s.description = <<-DESC\n    #{s.name}\n  DESC\n",
        ] {
            let r = RubyPodspecReader.read(Array((head + body + "end\n").utf8))
            guard case .failure(.rubyPodspec) = r else { return XCTFail("read: \(body) -> \(r)") }
        }
        guard case .failure = RubyPodspecReader.read(Array("version = '1'\n\(head)end\n".utf8)) else {
            return XCTFail("code before the block was read")
        }
    }

    /// Conformance against podspecs and the cache JSON the real CocoaPods wrote for them, when the shared corpus
    /// has them (`corpus/podspecs/<Name>.podspec[.json]` beside `<Name>.cache.json`).
    func testCorpusPodspecsMatchWhatCocoaPodsWrote() throws {
        let dir = SharedCorpus.path("corpus/podspecs")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else {
            throw XCTSkip("no \(dir)")
        }
        var compared = 0
        for name in names.sorted() where name.hasSuffix(".cache.json") {
            let base = dir + "/" + name.dropLast(".cache.json".count)
            let expected = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/" + name))
            let spec: PodspecJSON
            if let json = FileManager.default.contents(atPath: base + ".podspec.json") {
                spec = try XCTUnwrap(PodspecJSON.parse(Array(json)), base)
            } else if let ruby = FileManager.default.contents(atPath: base + ".podspec"),
                case .success(let s) = RubyPodspecReader.read(Array(ruby))
            {
                spec = s
            } else {
                continue
            }
            let forms = PodspecJSON.EmptyStyle.allCases.map { spec.cocoapodsForm().prettyBytes($0) }
            XCTAssertTrue(forms.contains(Array(expected)), base)
            compared += 1
        }
        if compared == 0 { throw XCTSkip("no podspec with its cache JSON in \(dir)") }
    }
}
