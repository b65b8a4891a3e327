import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
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
            let project = TempDirectory("deintegrate-stop")
            try project.write(
                "App.xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/actionsdemo/project.pbxproj"))
            try project.write("Podfile", "target 'App' do\nend\n")
            try project.write("Pods/A/A.m", "x")
            let env = RuntimeEnvironment(variables: ["HOME": project.path], currentDirectory: project.path)
            let location = try XcodeProjectLocator.locate(nil, command: "deintegrate", environment: env)
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
