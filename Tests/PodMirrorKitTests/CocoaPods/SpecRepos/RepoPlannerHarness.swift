import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
import XCTest

/// A temporary HOME with a repos dir and a Specs repo served over loopback, for the planners' in-process tests.
final class RepoPlannerHarness {
    let served = TempDirectory("pm-planner-served")
    let home = TempDirectory("pm-planner")
    let fixture: SpecsFixture
    let server: GitHTTPServer
    var shared: RepoPlannerContext

    init() throws {
        fixture = try SpecsFixture(root: served.path, name: "specs", pods: 6, commits: 2, seed: "planner")
        server = try GitHTTPServer(root: served.path)
        shared = RepoPlannerContext(
            repos: ReposDirectory(path: home.sub("repos"), cacheRoot: home.sub("cache"), fileSystem: LocalFileSystem()),
            network: .test(stallTimeout: 10))
    }

    deinit { server.stop() }

    var url: String { server.url("specs.git") }
    var repos: String { shared.repos.path }
    func repo(_ name: String) -> String { shared.repos.repoPath(name) }

    /// Makes the plan and runs it in `mode`, under `Spec_Lock` when applying, as the commands do.
    @discardableResult
    func run(_ mode: RunMode, _ makePlan: () throws -> Plan) throws -> PlanReport {
        try shared.perform(mode: mode, context: ApplyContext(), purpose: "test", makePlan)
    }

    /// `repo add NAME` of the served repo, applied.
    func add(_ name: String = "specs") throws {
        try run(.apply) { try RepoAddPlanner(shared).plan(name: name, url: url, branch: nil) }
    }

    /// git's own answer (the reference), trimmed.
    func git(_ arguments: [String]) throws -> String {
        try ProcessRunner.git(arguments).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func head(_ name: String = "specs") throws -> String { try git(["-C", repo(name), "rev-parse", "HEAD"]) }

    /// A dry run and a check of the plan both report its change, and leave the HOME as it was.
    func assertDryRunAndCheckWriteNothing(
        _ makePlan: () throws -> Plan, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = snapshot()
        XCTAssertTrue(try run(.dryRun, makePlan).changed, "dry run", file: file, line: line)
        XCTAssertTrue(try run(.check, makePlan).hasDrift, "check", file: file, line: line)
        XCTAssertEqual(snapshot().differences(to: before), [], file: file, line: line)
    }

    /// Creates an empty file, as a killed git leaves its lock files.
    func touch(_ path: String) { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()), path) }

    /// Everything in the HOME (repos dir and cache), to show that a dry run or a refusal wrote nothing.
    func snapshot() -> TreeSnapshot { TreeSnapshot(home.path) }
}

/// The error code of a planner's refusal.
func refusalCode(_ makePlan: () throws -> Plan, file: StaticString = #filePath, line: UInt = #line) -> ErrorCode? {
    do {
        _ = try makePlan()
        XCTFail("planned without refusing", file: file, line: line)
        return nil
    } catch {
        return (error as? any PodMirrorError)?.code
    }
}
