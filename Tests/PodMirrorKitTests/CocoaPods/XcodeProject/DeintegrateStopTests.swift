import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// `deintegrate` stopped after any of its steps, as a `kill -9` stops it (the steps before applied, no commit run,
/// what it put aside named for a process that is gone), is finished by the next run: no integration, no `Pods/`,
/// nothing left aside. Before `Pods/` went aside ahead of the project edit, a stop between the two left a
/// project without integration and a `Pods/` the next run kept.
final class DeintegrateStopTests: XCTestCase {
    func testAStopAfterAnyStepIsFinishedByTheNextRun() throws {
        let gone = try ProcessRunner.exitedProcessID()
        var stop = 0
        var steps = 0
        repeat {
            let (project, location, env) = try Self.integratedProject("deintegrate-stop")
            let stopped = try DeintegratePlanner.make(location, fileSystem: env.fileSystem).plan
            XCTAssertTrue(stopped.changes.contains { $0.kind == .podsDirectoryRemove && $0.isNeeded })
            steps = stopped.runOrder.count
            for change in stopped.runOrder.prefix(stop) where change.isNeeded { _ = try change.apply(ApplyContext()) }
            try Self.disown(project.path, to: gone)

            let next = try DeintegratePlanner.make(location, fileSystem: env.fileSystem)
            _ = try PlanRunner(context: ApplyContext()).run(PlanJob(next.plan), mode: .apply)
            let after = try DeintegratePlanner.make(location, fileSystem: env.fileSystem)
            XCTAssertFalse(after.deintegration.foundIntegration, "stopped after step \(stop) of \(steps)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: project.sub("Pods")), "stopped after step \(stop)")
            XCTAssertEqual(TreeSnapshot(project.path).leftovers, [], "stopped after step \(stop)")
            stop += 1
        } while stop <= steps
        XCTAssertGreaterThanOrEqual(steps, 2, "the project edit and the Pods/ removal")
    }

    /// Deleting `Pods/`, which went aside, fails once everything else succeeded: the run succeeds with a
    /// `leftover.kept` warning naming the folder (JSON: the change's `leftover`), and the next run removes it.
    func testAFailedDeletionOfPodsIsAWarningAndTheNextRunRemovesIt() throws {
        let (project, location, real) = try Self.integratedProject("deintegrate-kept")
        // A first run on a twin counts the mutations: the deletion of what went aside is the last one.
        let (twin, twinLocation, _) = try Self.integratedProject("deintegrate-kept-count")
        let counter = FaultyFileSystem(failAt: .max)
        _ = try PlanRunner().run(PlanJob(DeintegratePlanner.make(twinLocation, fileSystem: counter).plan), mode: .apply)
        XCTAssertFalse(FileManager.default.fileExists(atPath: twin.sub("Pods")))
        XCTAssertTrue(counter.log.last?.hasPrefix("remove ") == true, "\(counter.log)")

        let fs = FaultyFileSystem(failAt: counter.mutations - 1, reason: "Permission denied")
        let report = try PlanRunner().run(PlanJob(DeintegratePlanner.make(location, fileSystem: fs).plan), mode: .apply)
        let kept = try XCTUnwrap(TreeSnapshot(project.path).leftovers.first, "the folder stays aside")
        XCTAssertEqual(report.warnings.map(\.code), [.leftoverKept])
        XCTAssertTrue(report.warnings[0].message.contains("Permission denied"), report.warnings[0].message)
        XCTAssertTrue(report.warnings[0].message.contains("/.Pods.podmirror-"), report.warnings[0].message)
        let pods = try XCTUnwrap(report.changes.first { $0.kind == .podsDirectoryRemove })
        XCTAssertTrue(pods.applied)
        let leftover = try XCTUnwrap(pods.facts(LeftoverKeptFacts.self)?.leftover)
        XCTAssertEqual(try pods.detailsJSON()["leftover"], .string(leftover))
        XCTAssertTrue(leftover.hasSuffix(kept), "\(leftover) vs \(kept)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.sub("Pods")))

        // The next run (its own process: the aside is named for this one) removes the folder as a leftover.
        try Self.disown(project.path, to: try ProcessRunner.exitedProcessID())
        let next = try DeintegratePlanner.make(location, fileSystem: real.fileSystem).plan
        XCTAssertEqual(next.changes.filter(\.isNeeded).map(\.kind), [.leftoverRemove])
        _ = try PlanRunner().run(PlanJob(next), mode: .apply)
        XCTAssertEqual(TreeSnapshot(project.path).leftovers, [])
    }

    /// A project CocoaPods integrated (the actionsdemo fixture), its Podfile and a `Pods/` with one file.
    static func integratedProject(
        _ name: String
    ) throws -> (TempDirectory, XcodeProjectLocation, RuntimeEnvironment) {
        let project = TempDirectory(name)
        try project.write("App.xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/actionsdemo/project.pbxproj"))
        try project.write("Podfile", "target 'App' do\nend\n")
        try project.write("Pods/A/A.m", "x")
        let env = RuntimeEnvironment(variables: ["HOME": project.path], currentDirectory: project.path)
        return (project, try XcodeProjectLocator.locate(nil, command: "deintegrate", environment: env), env)
    }

    /// Renames what this process named for itself (`.<name>.podmirror-<pid>-<tag>`) as if `pid` had named it.
    static func disown(_ folder: String, to pid: pid_t) throws {
        let fm = FileManager.default
        let own = ".podmirror-\(getpid())-"
        for rel in fm.subpaths(atPath: folder) ?? [] where (rel as NSString).lastPathComponent.contains(own) {
            let from = (folder as NSString).appendingPathComponent(rel)
            let name = (rel as NSString).lastPathComponent.replacingOccurrences(of: own, with: ".podmirror-\(pid)-")
            try fm.moveItem(
                atPath: from,
                toPath: ((from as NSString).deletingLastPathComponent as NSString)
                    .appendingPathComponent(name))
        }
    }
}
