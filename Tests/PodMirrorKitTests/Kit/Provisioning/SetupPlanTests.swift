import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// `Setup.plan` and `Setup.job` in-process, on a temporary HOME (no mirror is probed: `verify: false`).
final class SetupPlanTests: XCTestCase {
    let catalog = try! MirrorCatalog.bundled()

    func setup(_ home: TempDirectory) -> Setup {
        Setup(
            environment: RuntimeEnvironment(
                variables: ["HOME": home.path, "PATH": "/nonexistent"], currentDirectory: home.path),
            catalog: catalog)
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
