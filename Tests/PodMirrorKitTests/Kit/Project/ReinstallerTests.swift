import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Reinstall with a fake tool runner: faults `pod` cannot be made to produce on demand.
final class ReinstallerTests: XCTestCase {
    func project() throws -> TempDirectory {
        let dir = TempDirectory("reinstaller")
        try dir.write("App.xcodeproj/project.pbxproj", PBXFixtures.integrated)
        try dir.write("Podfile", "target 'App'\n")
        try dir.write("Podfile.lock", "PODS: [old]\n")
        try dir.write("Pods/Old/a.h", "old\n")
        let bin = try dir.write("bin/pod", "#!/bin/sh\n")
        chmod(bin, 0o755)
        return dir
    }

    func attempt(_ dir: TempDirectory, _ fault: @escaping @Sendable () throws -> Int32) throws -> Error? {
        let env = RuntimeEnvironment(variables: ["PATH": dir.sub("bin")], currentDirectory: dir.path)
        let location = try XcodeProjectLocator.locate(nil, command: "reinstall", environment: env)
        let planned = try Reinstaller(environment: env, tools: FakePod(fault: fault)).plan(location, repoUpdate: false)
        do { _ = try PlanRunner().run(planned.plan, mode: .apply); return nil } catch { return error }
    }

    func testInterruptedPodInstallPutsEverythingBack() throws {
        let dir = try project()
        let before = dir.listing().map { ($0, try? dir.read($0)) }
        let error = try attempt(dir) { throw InterruptedError() }
        XCTAssertEqual((error as? PlanFailure)?.exitStatus, .interrupted)
        XCTAssertEqual(dir.listing(), before.map(\.0))
        for (path, bytes) in before { XCTAssertEqual(try? dir.read(path), bytes, path) }
    }

    func testFailedPodInstallCarriesPodsStatus() throws {
        let dir = try project()
        let project = try dir.read("App.xcodeproj/project.pbxproj")
        let error = try attempt(dir) { 31 }
        XCTAssertEqual(((error as? PlanFailure)?.underlying as? PodInstallFailed)?.status, 31)
        XCTAssertEqual(try dir.read("App.xcodeproj/project.pbxproj"), project)
        XCTAssertEqual(try dir.read("Pods/Old/a.h"), Array("old\n".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.sub("Pods/New")))
        XCTAssertEqual(try dir.read("Podfile.lock"), Array("PODS: [old]\n".utf8))
    }

    func testSuccessDeletesTheOldPods() throws {
        let dir = try project()
        XCTAssertNil(try attempt(dir) { 0 })
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.sub("Pods/New")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.sub("Pods/Old")))
        XCTAssertFalse(dir.listing().contains { $0.hasPrefix(".Pods") })
    }

    // MARK: Prefetch

    func prefetch(_ dir: TempDirectory, mode: RunMode = .apply, fetch: Bool = true) throws -> ReinstallPrefetch? {
        let env = RuntimeEnvironment(
            variables: ["PATH": dir.sub("bin"), "HOME": dir.sub("home")], currentDirectory: dir.path)
        let location = try XcodeProjectLocator.locate(nil, command: "reinstall", environment: env)
        return try Reinstaller(environment: env, tools: FakePod { 0 }).prefetch(
            location, mode: mode, fetch: fetch,
            network: { try NetworkSettings.resolve(timeout: nil, lockTimeout: nil, runtime: env) },
            cancellation: CancellationToken())
    }

    func testPrefetchOfALockfilePodmirrorCannotReadIsSkippedWithAWarning() throws {
        let dir = try project()
        guard case .skipped(let lockfile, let warning)? = try prefetch(dir) else {
            return XCTFail("a Podfile.lock of another shape is pod install's business")
        }
        XCTAssertEqual(lockfile, dir.sub("Podfile.lock"))
        XCTAssertEqual(warning.code, .reinstallFetchSkipped)
        XCTAssertTrue(warning.message.contains("Podfile.lock"), warning.message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.sub("home/Library")), "nothing fetched")
    }

    func testPrefetchRunsOnlyWhenApplyingAskedAndTheLockfileExists() throws {
        let dir = try project()
        XCTAssertNil(try prefetch(dir, mode: .dryRun))
        XCTAssertNil(try prefetch(dir, mode: .check))
        XCTAssertNil(try prefetch(dir, fetch: false))
        try FileManager.default.removeItem(atPath: dir.sub("Podfile.lock"))
        XCTAssertNil(try prefetch(dir))
    }

    func testPrefetchWithAPodThatCannotBeFetchedFailsNamingItBeforeTheProjectIsTouched() throws {
        let dir = try project()
        try dir.write(
            "Podfile.lock",
            """
            PODS:
              - PMGhost (1.0.0)

            DEPENDENCIES:
              - PMGhost

            SPEC REPOS:
              https://specs.example.invalid/specs.git:
                - PMGhost

            SPEC CHECKSUMS:
              PMGhost: \(String(repeating: "a", count: 40))

            COCOAPODS: 1.17.0

            """)
        let project = try dir.read("App.xcodeproj/project.pbxproj")
        guard case .failed(let report, let error)? = try prefetch(dir) else {
            return XCTFail("a pod that cannot be fetched stops reinstall")
        }
        XCTAssertEqual(error.code, .reinstallFetchFailed)
        XCTAssertTrue(error.message.contains("PMGhost"), error.message)
        XCTAssertEqual(report.failed.map(\.name), ["PMGhost"])
        XCTAssertEqual(try dir.read("App.xcodeproj/project.pbxproj"), project)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.sub("Pods/Old/a.h")))
    }
}
