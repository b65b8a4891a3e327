import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Source-mirror rules in a temporary HOME: folded into `insteadof use` (one edit of one file) and read
/// back by `SourceMirrorRules.load` together with every other insteadOf rule.
final class SourceMirrorConfigTests: XCTestCase {
    func environment(_ home: TempDirectory) -> RuntimeEnvironment {
        RuntimeEnvironment(
            variables: ["HOME": home.path, "XDG_CONFIG_HOME": home.sub(".config"), "GIT_CONFIG_NOSYSTEM": "1"],
            currentDirectory: home.path)
    }

    func testUsePlanWritesSourceMirrorsInTheSameEditAndLoadSeesEveryRule() throws {
        let home = TempDirectory()
        try home.write(".gitconfig", "[url \"https://corp.example/gl/\"]\n\tinsteadOf = https://gitlab.com/\n")
        let env = environment(home)
        let catalog = try MirrorCatalog.bundled()
        let pairs = [InsteadOfRule(base: "https://mirror.example/gh/", insteadOf: "https://github.com/")]
        let plan = try InsteadOfRules(environment: env, catalog: catalog)
            .usePlan(try catalog.resolve("tuna", gems: false), sourceMirrors: pairs)
        XCTAssertEqual(plan.changes.filter(\.isNeeded).count, 1, "one edit of ~/.gitconfig")
        _ = try PlanRunner().run(plan, mode: .apply)

        let rules = try SourceMirrorRules.load(environment: env)
        XCTAssertEqual(
            rules.rewrite("https://github.com/SDWebImage/SDWebImage/archive/5.0.zip"),
            "https://mirror.example/gh/SDWebImage/SDWebImage/archive/5.0.zip")
        XCTAssertEqual(rules.rewrite("https://gitlab.com/a/b.git"), "https://corp.example/gl/a/b.git")
        XCTAssertTrue(
            rules.rewrite("https://github.com/CocoaPods/Specs.git").contains("tuna"),
            "the Specs rule, longer, wins over the github.com prefix as in git")
        let managed = try SourceMirrorConfig(environment: env, catalog: catalog).rules().filter(\.managed)
        XCTAssertEqual(managed.map(\.rule.insteadOf), ["https://github.com/"])

        _ = try PlanRunner().run(try InsteadOfRules(environment: env, catalog: catalog).resetPlan(), mode: .apply)
        XCTAssertEqual(try SourceMirrorConfig(environment: env, catalog: catalog).rules().filter(\.managed).count, 1)
        _ = try PlanRunner().run(
            try SourceMirrorConfig(environment: env, catalog: catalog).removePlan(prefix: "https://github.com/"),
            mode: .apply)
        XCTAssertEqual(
            String(decoding: try home.read(".gitconfig"), as: UTF8.self),
            "[url \"https://corp.example/gl/\"]\n\tinsteadOf = https://gitlab.com/\n")
    }

    func testParsePair() throws {
        XCTAssertEqual(
            try SourceMirrorConfig.parsePair("https://github.com/=https://m.example/gh/"),
            .init(base: "https://m.example/gh/", insteadOf: "https://github.com/"))
        XCTAssertEqual(
            try SourceMirrorConfig.parsePair("git@github.com:=https://m.example/gh/"),
            .init(base: "https://m.example/gh/", insteadOf: "git@github.com:"))
        XCTAssertThrowsError(try SourceMirrorConfig.parsePair("https://github.com/"))
        XCTAssertThrowsError(try SourceMirrorConfig.parsePair("github.com=https://m/"))
    }
}
