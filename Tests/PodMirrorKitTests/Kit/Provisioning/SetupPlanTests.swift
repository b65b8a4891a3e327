import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// `Setup.plan` and `Setup.job` in-process, on a temporary HOME (no mirror is probed: `verify: false`).
final class SetupPlanTests: XCTestCase {
    let catalog = try! MirrorCatalog.bundled()

    func setup(_ home: TempDirectory) -> Setup {
        Setup(
            environment: RuntimeEnvironment(
                variables: ["HOME": home.path, "PATH": "/nonexistent"], currentDirectory: home.path),
            catalog: catalog, network: .test())
    }

    /// Without `--strategy`: trunk for a mirror and Podfiles naming only trunk (the team's files untouched); the
    /// podfile strategy without a mirror, with `--remove-trunk`, or for a Podfile naming any other source.
    func testTheStrategySetupTakesByItself() throws {
        let home = TempDirectory()
        let trunkOnly = try home.write("a/Podfile", "source 'https://cdn.cocoapods.org/'\ntarget 'App' do\nend\n")
        let none = try home.write("b/Podfile", "target 'App' do\nend\n")
        let github = try home.write("c/Podfile", "source 'https://github.com/CocoaPods/Specs.git'\n")
        func strategy(_ request: SetupRequest) throws -> SetupRequest.Strategy {
            var request = request
            request.strategy = nil
            return try setup(home).strategy(for: request)
        }
        XCTAssertEqual(try strategy(SetupRequest(mirror: "tuna", podfiles: [trunkOnly, none])), .trunk)
        XCTAssertEqual(try strategy(SetupRequest(mirror: "tuna", podfiles: [trunkOnly, github])), .podfile)
        XCTAssertEqual(try strategy(SetupRequest(podfiles: [none], inhibitWarnings: true)), .podfile)
        XCTAssertEqual(try strategy(SetupRequest(mirror: "tuna", podfiles: [none], removeTrunk: true)), .podfile)
        XCTAssertEqual(try strategy(SetupRequest(mirror: "tuna")), .podfile, "no Podfile and no trunk made yet")
    }

    func testGemsAndPodfileStepsInOrderAndNothingWritten() throws {
        let home = TempDirectory()
        let podfile = try home.write("Podfile", "target 'App' do\nend\n")
        let request = SetupRequest(
            gems: "tuna", bundler: true, podfiles: [podfile], platform: PlatformVersion(.ios, version: "13.0"),
            inhibitWarnings: true)
        let plan = try setup(home).plan(request, verify: false)
        XCTAssertEqual(plan.changes.map(\.kind), [.gemrcEdit, .bundlerConfigEdit, .podfileEdit])
        XCTAssertTrue(plan.changes.allSatisfy(\.isNeeded))
        XCTAssertTrue(plan.changes.allSatisfy(\.isReversible))
        XCTAssertEqual(try home.read("Podfile"), Array("target 'App' do\nend\n".utf8), "planning writes nothing")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.sub(".gemrc")))
        let diff = try XCTUnwrap(plan.changes[2].diff)
        XCTAssertTrue(diff.contains("+platform :ios, '13.0'") && diff.contains("+inhibit_all_warnings!"), diff)
    }

    func testAppliedTwiceChangesNothingTheSecondTime() throws {
        let home = TempDirectory()
        let podfile = try home.write("Podfile", "target 'App' do\nend\n")
        let request = SetupRequest(gems: "ustc", podfiles: [podfile], inhibitWarnings: true)
        _ = try PlanRunner().run(setup(home).plan(request, verify: false), mode: .apply)
        let again = try PlanRunner().run(setup(home).plan(request, verify: false), mode: .check)
        XCTAssertFalse(again.hasDrift, "\(again.changes.map(\.summary))")
    }

    func testOnlyRequestsThatTouchSpecReposTakeSpecLock() {
        let home = TempDirectory()
        XCTAssertNotNil(setup(home).job(SetupRequest(mirror: "tuna"), mode: .apply).lock)
        XCTAssertNotNil(setup(home).job(SetupRequest(removeTrunk: true), mode: .apply).lock)
        XCTAssertNil(setup(home).job(SetupRequest(gems: "tuna"), mode: .apply).lock)
        let shared = RepoPlannerContext(
            repos: ReposDirectory(environment: RuntimeEnvironment(variables: ["HOME": home.path])))
        XCTAssertEqual(
            (shared.job(purpose: "repo add") { _ in Plan(title: "t") }.lock as? SpecLockRequirement)?.repos.path,
            home.sub(".cocoapods/repos"))
    }

    func testUsageErrorsComeBeforeAnyPlan() {
        let home = TempDirectory()
        XCTAssertThrowsError(try setup(home).plan(SetupRequest(), verify: false)) {
            XCTAssertEqual(($0 as? PodMirrorFailure)?.code, .setupEmpty)
        }
        XCTAssertThrowsError(try setup(home).plan(SetupRequest(strategy: .insteadof), verify: false)) {
            XCTAssertEqual(($0 as? PodMirrorFailure)?.code, .setupStrategy)
        }
    }
}
