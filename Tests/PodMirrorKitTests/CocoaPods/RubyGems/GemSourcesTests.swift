import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

final class GemSourcesTests: XCTestCase {
    let catalog = try! MirrorCatalog.bundled()

    func env(_ home: TempDirectory, _ extra: [String: String] = [:]) -> RuntimeEnvironment {
        var vars = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        for (k, v) in extra { vars[k] = v }
        return RuntimeEnvironment(variables: vars, currentDirectory: home.path)
    }

    func apply(_ plan: Plan) throws -> PlanReport { try PlanRunner().run(plan, mode: .apply) }

    // RubyGems ≤ 3.4 (Psych) style, with a comment, a private source and other keys.
    let psychStyle = """
        ---
        # company settings
        :backtrace: false
        :bulk_threshold: 1000
        :sources:
        - https://rubygems.org/
        - https://gems.example.internal/   # private
        :update_sources: true
        :verbose: true
        gem: --no-document

        """

    // RubyGems ≥ 3.5 (Gem::YAMLSerializer) style: every value quoted.
    let serializerStyle = """
        ---
        :backtrace: "false"
        :bulk_threshold: "1000"
        :sources:
        - "http://gems.ruby-china.org/"
        - "https://gems.example.internal/"
        - "https://rubygems.org/"
        :update_sources: "true"
        :verbose: "true"
        :concurrent_downloads: "8"

        """

    func testLocationRulesFollowRubyGems() throws {
        let home = TempDirectory()
        // No gemrc yet: ~/.gemrc, which RubyGems 3.0 (macOS system Ruby) reads too; an existing XDG file is used.
        XCTAssertEqual(GemConfigLocation(environment: env(home)).gemrc, home.path + "/.gemrc")
        XCTAssertEqual(
            GemConfigLocation(environment: env(home, ["XDG_CONFIG_HOME": home.sub("xdg")])).gemrc, home.path + "/.gemrc"
        )
        try home.write("xdg/gem/gemrc", "---\n")
        XCTAssertEqual(
            GemConfigLocation(environment: env(home, ["XDG_CONFIG_HOME": home.sub("xdg")])).gemrc,
            home.sub("xdg") + "/gem/gemrc")
        try home.write(".gemrc", "---\n")
        XCTAssertEqual(
            GemConfigLocation(environment: env(home, ["XDG_CONFIG_HOME": home.sub("xdg")])).gemrc, home.path + "/.gemrc"
        )
        XCTAssertEqual(GemConfigLocation(environment: env(home, ["GEMRC": "/a/one:/b/two"])).gemrc, "/b/two")
        XCTAssertEqual(GemConfigLocation(environment: env(home)).bundlerConfig, home.path + "/.bundle/config")
        XCTAssertEqual(
            GemConfigLocation(environment: env(home, ["BUNDLE_USER_HOME": "/bh"])).bundlerConfig, "/bh/config")
        XCTAssertEqual(
            GemConfigLocation(environment: env(home, ["BUNDLE_USER_HOME": "/bh", "BUNDLE_USER_CONFIG": "/bc"]))
                .bundlerConfig, "/bc")
    }

    func testPsychStyleKeepsPrivateSourceCommentsAndKeys() throws {
        let home = TempDirectory()
        try home.write(".gemrc", psychStyle)
        let gems = GemSources(environment: env(home), catalog: catalog)
        let report = try apply(gems.usePlan(try catalog.resolve("ruby-china", gems: true), bundler: false))
        XCTAssertTrue(report.changed)
        let expected = psychStyle.replacingOccurrences(
            of: "- https://rubygems.org/", with: "- https://gems.ruby-china.com/")
        XCTAssertEqual(String(decoding: try home.read(".gemrc"), as: UTF8.self), expected)
    }

    func testSerializerStyleReplacesOldDomainAndDropsRubygems() throws {
        let home = TempDirectory()
        try home.write(".gemrc", serializerStyle)
        let gems = GemSources(environment: env(home), catalog: catalog)
        _ = try apply(gems.usePlan(try catalog.resolve("ruby-china", gems: true), bundler: false))
        let text = String(decoding: try home.read(".gemrc"), as: UTF8.self)
        XCTAssertEqual(
            text,
            """
            ---
            :backtrace: "false"
            :bulk_threshold: "1000"
            :sources:
            - "https://gems.ruby-china.com/"
            - "https://gems.example.internal/"
            :update_sources: "true"
            :verbose: "true"
            :concurrent_downloads: "8"

            """)
        XCTAssertEqual(try gems.list().sources.map(\.mirror), ["ruby-china", nil])
    }

    func testSecondRunChangesNoByteAndResetRestoresRubygems() throws {
        let home = TempDirectory()
        try home.write(".gemrc", psychStyle)
        let gems = GemSources(environment: env(home), catalog: catalog)
        let tuna = try catalog.resolve("tuna", gems: true)
        _ = try apply(gems.usePlan(tuna, bundler: true))
        let gemrc = try home.read(".gemrc")
        let bundle = try home.read(".bundle/config")
        let second = try apply(gems.usePlan(tuna, bundler: true))
        XCTAssertFalse(second.changed)
        XCTAssertEqual(try home.read(".gemrc"), gemrc)
        XCTAssertEqual(try home.read(".bundle/config"), bundle)
        XCTAssertEqual(
            String(decoding: bundle, as: UTF8.self),
            "---\nBUNDLE_MIRROR__HTTPS://RUBYGEMS__ORG/: \"https://mirrors.tuna.tsinghua.edu.cn/rubygems/\"\n")

        _ = try apply(gems.resetPlan(bundler: true))
        XCTAssertEqual(String(decoding: try home.read(".gemrc"), as: UTF8.self), psychStyle)
        XCTAssertEqual(String(decoding: try home.read(".bundle/config"), as: UTF8.self), "---\n")
        XCTAssertFalse(try apply(gems.resetPlan(bundler: true)).changed)
    }

    func testMissingGemrcIsCreatedWhereRubyGemsLooks() throws {
        let home = TempDirectory()
        let gems = GemSources(environment: env(home), catalog: catalog)
        XCTAssertFalse(try gems.list().sourcesSet)
        _ = try apply(gems.usePlan(try catalog.resolve("ustc", gems: true), bundler: false))
        XCTAssertEqual(
            String(decoding: try home.read(".gemrc"), as: UTF8.self),
            "---\n:sources:\n- \"https://mirrors.ustc.edu.cn/rubygems/\"\n")
        // reset with nothing set elsewhere: no file appears, nothing to do
        let other = TempDirectory()
        XCTAssertFalse(
            try apply(GemSources(environment: env(other), catalog: catalog).resetPlan(bundler: true)).changed)
        XCTAssertEqual(other.listing(), [])
    }

    func testEmptyInlineListAndAppendWhenOnlyPrivateSources() throws {
        let home = TempDirectory()
        try home.write(".gemrc", ":sources: []\n:verbose: \"true\"\n")
        let gems = GemSources(environment: env(home), catalog: catalog)
        _ = try apply(gems.usePlan(try catalog.resolve("tuna", gems: true), bundler: false))
        XCTAssertEqual(
            String(decoding: try home.read(".gemrc"), as: UTF8.self),
            ":sources:\n- \"https://mirrors.tuna.tsinghua.edu.cn/rubygems/\"\n:verbose: \"true\"\n")
        try home.write(".gemrc", ":sources:\n  - https://private.example/\n")
        _ = try apply(gems.usePlan(try catalog.resolve("tuna", gems: true), bundler: false))
        XCTAssertEqual(
            String(decoding: try home.read(".gemrc"), as: UTF8.self),
            ":sources:\n  - https://private.example/\n  - https://mirrors.tuna.tsinghua.edu.cn/rubygems/\n")
    }

    func testBadGemrcIsAnErrorNamingTheFileAndChangesNothing() throws {
        let home = TempDirectory()
        let bad = ":sources: [https://rubygems.org/, https://x.example/]\n"
        try home.write(".gemrc", bad)
        let gems = GemSources(environment: env(home), catalog: catalog)
        XCTAssertThrowsError(try gems.usePlan(try catalog.resolve("tuna", gems: true), bundler: false)) { error in
            let e = error as? PodMirrorFailure
            XCTAssertEqual(e?.code, .gemsGemrcInlineSources)
            XCTAssertTrue(e?.message.contains(home.path + "/.gemrc line 1") ?? false, e?.message ?? "")
        }
        try home.write(".gemrc", ":sources:\n- a\n b: [\n")
        XCTAssertThrowsError(try gems.usePlan(try catalog.resolve("tuna", gems: true), bundler: false)) { error in
            XCTAssertEqual((error as? PodMirrorFailure)?.code, .gemsGemrcSyntax)
        }
        XCTAssertEqual(String(decoding: try home.read(".gemrc"), as: UTF8.self), ":sources:\n- a\n b: [\n")
    }

    func testSourcesTheLineReaderWouldMisreadAreRefusedNotEdited() throws {
        // The reader's list is checked against what a YAML parser reads; any difference is refused.
        let cases: [(String, String)] = [
            (":sources:\n- \"https://a.example/\\tx\"\n", "line 1"),  // an escape the line reader does not decode
            (":sources:\n- https://a.example/\n  continued\n", "line 3"),  // a plain value continued on the next line
            ("\":sources\":\n- https://rubygems.org/\n", "line 1"),  // the key spelled as a quoted string
            (":sources:\n- 'it''s'\n", "line 1"),  // a doubled quote in a single-quoted value
        ]
        for (text, location) in cases {
            XCTAssertThrowsError(try GemrcDocument(path: "gemrc", bytes: Array(text.utf8)), text) { error in
                let e = error as? PodMirrorFailure
                XCTAssertEqual(e?.code, .gemsGemrcUnreadableSources, "\(text.debugDescription): \(error)")
                XCTAssertTrue(e?.message.hasPrefix("gemrc \(location)") ?? false, e?.message ?? "")
            }
        }
        for text in ["|-\n", "''\n", " gem: -N\n"] {
            XCTAssertThrowsError(try GemrcDocument(path: "gemrc", bytes: Array(text.utf8)), text) { error in
                XCTAssertEqual(
                    (error as? PodMirrorFailure)?.code, .gemsGemrcSyntax, "\(text.debugDescription): \(error)")
            }
        }
        // What RubyGems writes reads the same both ways.
        for text in [
            ":sources:\n- https://rubygems.org/ # main\n- \"https://x.example/\"\n", ":sources: []\n", ":sources:\n",
            "gem: -N\n",
        ] {
            XCTAssertNoThrow(try GemrcDocument(path: "gemrc", bytes: Array(text.utf8)), text)
        }
    }

    func testBundlerMirrorTheLineReaderWouldMisreadIsRefused() throws {
        let key = BundlerConfig.mirrorKey
        for text in [
            "---\n\(key):\n  - https://a.example/\n", "---\n\(key): \"https://a.example/\\tx\"\n",
            "---\n\(key): |\n  https://a/\n",
        ] {
            XCTAssertThrowsError(try BundlerConfig(path: "config", bytes: Array(text.utf8)), text) { error in
                XCTAssertEqual(
                    (error as? PodMirrorFailure)?.code, .gemsBundlerUnreadableMirror,
                    "\(text.debugDescription): \(error)")
            }
        }
        for text in ["---\r\n\(key): \"https://a/\"\rBUNDLE_JOBS: \"4\"\r\n", " BUNDLE_JOBS: \"4\"\n"] {
            XCTAssertThrowsError(try BundlerConfig(path: "config", bytes: Array(text.utf8)), text) { error in
                XCTAssertEqual(
                    (error as? PodMirrorFailure)?.code, .gemsBundlerSyntax, "\(text.debugDescription): \(error)")
            }
        }
        let config = try BundlerConfig(path: "config", bytes: Array("---\nBUNDLE_JOBS: \"4\"\n".utf8))
        XCTAssertEqual(
            String(decoding: try config.setting(mirror: "https://m/"), as: UTF8.self),
            "---\nBUNDLE_JOBS: \"4\"\n\(key): \"https://m/\"\n")
    }

    func testGEMRCFileIsTheOneEdited() throws {
        let home = TempDirectory()
        try home.write(".gemrc", psychStyle)
        let custom = try home.write("ci/gemrc", ":sources:\n- https://rubygems.org/\n")
        let gems = GemSources(environment: env(home, ["GEMRC": custom]), catalog: catalog)
        _ = try apply(gems.usePlan(try catalog.resolve("ruby-china", gems: true), bundler: false))
        XCTAssertEqual(
            String(decoding: try home.read("ci/gemrc"), as: UTF8.self), ":sources:\n- https://gems.ruby-china.com/\n")
        XCTAssertEqual(String(decoding: try home.read(".gemrc"), as: UTF8.self), psychStyle)
    }

    func testCRLFGemrcKeepsLineEndings() throws {
        let home = TempDirectory()
        try home.write(".gemrc", "---\r\n:sources:\r\n- https://rubygems.org/\r\n:verbose: true\r\n")
        let gems = GemSources(environment: env(home), catalog: catalog)
        _ = try apply(gems.usePlan(try catalog.resolve("https://gems.ruby-china.com/", gems: true), bundler: false))
        XCTAssertEqual(
            String(decoding: try home.read(".gemrc"), as: UTF8.self),
            "---\r\n:sources:\r\n- https://gems.ruby-china.com/\r\n:verbose: true\r\n")
    }

    func testFailedBundlerStepRollsTheGemrcBack() throws {
        let home = TempDirectory()
        try home.write(".gemrc", psychStyle)
        try home.write("blocker", "a file where Bundler's folder should be\n")
        let gems = GemSources(environment: env(home, ["BUNDLE_USER_HOME": home.sub("blocker")]), catalog: catalog)
        XCTAssertThrowsError(try apply(gems.usePlan(try catalog.resolve("tuna", gems: true), bundler: true))) { error in
            let failure = error as? PlanFailure
            XCTAssertEqual(failure?.report.rolledBack, ["gems.gemrc"])
            XCTAssertTrue(failure?.message.contains(home.sub("blocker")) ?? false, failure?.message ?? "")
        }
        XCTAssertEqual(String(decoding: try home.read(".gemrc"), as: UTF8.self), psychStyle)
        XCTAssertEqual(home.listing(), [".gemrc", "blocker"])
    }
}
