import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// git `url.<mirror>.insteadOf` rules in-process, on a temporary HOME's ~/.gitconfig.
final class InsteadOfRulesTests: XCTestCase {
    let catalog = try! MirrorCatalog.bundled()

    func rules(_ home: TempDirectory) -> InsteadOfRules {
        InsteadOfRules(
            environment: RuntimeEnvironment(variables: ["HOME": home.path], currentDirectory: home.path),
            catalog: catalog)
    }

    func testUseWritesEverySpellingKeepsForeignRulesAndResetRemovesOnlyOurs() throws {
        let home = TempDirectory()
        let foreign = "[url \"https://example.com/other/\"]\n\tinsteadOf = https://github.com/other/\n"
        try home.write(".gitconfig", foreign)
        let tuna = try catalog.resolve("tuna", gems: false)
        _ = try PlanRunner().run(rules(home).usePlan(tuna), mode: .apply)

        let written = try rules(home).rules()
        let managed = written.filter(\.managed)
        XCTAssertEqual(Set(managed.map(\.rule.insteadOf)), Set(InsteadOfRules.specsSpellings))
        XCTAssertTrue(managed.allSatisfy { $0.rule.base == tuna.url })
        XCTAssertTrue(
            String(decoding: try home.read(".gitconfig"), as: UTF8.self).hasPrefix(foreign),
            "the foreign rule stays first")
        XCTAssertFalse(try PlanRunner().run(rules(home).usePlan(tuna), mode: .check).hasDrift, "idempotent")

        _ = try PlanRunner().run(rules(home).resetPlan(), mode: .apply)
        XCTAssertEqual(try rules(home).rules().filter(\.managed), [])
        XCTAssertEqual(String(decoding: try home.read(".gitconfig"), as: UTF8.self), foreign)
    }

    func testSwitchingMirrorsReplacesOurRules() throws {
        let home = TempDirectory()
        _ = try PlanRunner().run(rules(home).usePlan(catalog.resolve("tuna", gems: false)), mode: .apply)
        let bfsu = try catalog.resolve("bfsu", gems: false)
        _ = try PlanRunner().run(rules(home).usePlan(bfsu), mode: .apply)
        XCTAssertEqual(Set(try rules(home).rules().filter(\.managed).map(\.rule.base)), [bfsu.url])
    }

    func testOfficialOrGemSourcesAreRefused() throws {
        let home = TempDirectory()
        XCTAssertThrowsError(try rules(home).usePlan(catalog.resolve("github", gems: false)))
        XCTAssertThrowsError(try rules(home).usePlan(catalog.resolve("tuna", gems: true)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.sub(".gitconfig")))
    }
}
