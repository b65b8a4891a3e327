import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// The three parts of `pods fetch` in process, each on its own: the planner (reads only), the fetcher (one pod's
/// transfer into a folder of its own) and the publisher (a tree into CocoaPods' cache with its spec copy).
final class PodsFetchPartsTests: PodSourcesServedTestCase {
    override var prefix: String { "pods-parts" }

    var podsDir: String { fixture.home + "/Library/Caches/CocoaPods/Pods" }

    func request(only: [String] = [], version: String? = "1.17.0") throws -> PodsFetchRequest {
        let env = RuntimeEnvironment(
            variables: ["HOME": fixture.home, "PATH": "/usr/bin:/bin"], currentDirectory: fixture.project)
        return PodsFetchRequest(
            lockfilePath: try fixture.writeLock(try fixture.podfileLock()), only: only, cocoapodsVersion: version,
            network: .test(stallTimeout: 30, lockTimeout: 30), environment: env)
    }

    func planner(only: [String] = [], version: String? = "1.17.0") throws -> PodsFetchPlanner {
        let request = try request(only: only, version: version)
        return PodsFetchPlanner(
            request: request, cache: try DownloadCache(environment: request.environment, lockTimeout: 30))
    }

    func job(_ plan: PodsFetchPlan, _ name: String) throws -> PodJob {
        try XCTUnwrap(plan.jobs.first { $0.result.name == name }, name)
    }

    // MARK: Planner

    func testPlannerSaysWhatEachPodNeedsAndWritesNothing() throws {
        let plan = try planner().make(mode: .check)
        XCTAssertEqual(plan.version, "1.17.0")
        XCTAssertEqual(plan.versionAction, .write)
        let foo = try job(plan, "PMFoo")
        XCTAssertFalse(foo.settled)
        XCTAssertEqual(foo.slug, "Release/PMFoo/1.0.0-\(try fixture.sha1(ofSpec: "PMFoo").prefix(5))")
        XCTAssertEqual(
            foo.spec.map { Data($0) },
            FileManager.default.contents(atPath: fixture.reposDir + "/" + fixture.specFiles["PMFoo"]!),
            "a released pod's spec copy is the spec repo's file, byte for byte")
        guard case .git(let url, let tag, _, _, _)? = foo.source else {
            return XCTFail("\(String(describing: foo.source))")
        }
        XCTAssertEqual(url, fixture.base + "/podsrc/PMFoo.git")
        XCTAssertEqual(tag, "1.0.0")
        let gitB = try job(plan, "PMGitB")
        XCTAssertNil(gitB.spec, "an external pod's spec is read from its tree once fetched")
        XCTAssertEqual(try job(plan, "PMLocal").result.status, .skipped)
        XCTAssertTrue(try job(plan, "PMLocal").settled)
        XCTAssertEqual(try job(plan, "PMPrep").result.status, .skipped)
        XCTAssertTrue(try job(plan, "PMPrep").result.reason?.contains("prepare_command") == true)
        let described = try planner().described(plan.jobs)
        XCTAssertEqual(described.first { $0.name == "PMFoo" }?.status, .missing)
        XCTAssertFalse(FileManager.default.fileExists(atPath: podsDir), "planning writes nothing")
    }

    func testPlannerRefusesAnOnlyNameTheLockfileLacksNamingIt() throws {
        let planner = try planner(only: ["PMFoo", "Nope"])
        XCTAssertThrowsError(try planner.make(mode: .apply)) { e in
            XCTAssertEqual((e as? PodMirrorFailure)?.code, .podsOnlyUnknown)
            XCTAssertTrue("\(e)".contains("Nope"), "\(e)")
            XCTAssertTrue((e as? PodMirrorFailure)?.code.isPodsFetchInput == true)
        }
        XCTAssertEqual(try self.planner(only: ["PMFoo"]).make(mode: .check).jobs.map(\.result.name), ["PMFoo"])
    }

    func testPlannerVersionWarningSpeaksOfTheModesWrite() throws {
        // No flag and no `pod` on PATH: the lockfile's COCOAPODS names the cache.
        let check = try planner(version: nil).make(mode: .check)
        XCTAssertEqual(check.versionSource, .lockfile)
        XCTAssertEqual(check.warnings.map(\.code), [.podsVersionSource])
        XCTAssertEqual(check.warnings.first?.text?.key, "pods.version.would-write")
        XCTAssertEqual(try planner(version: nil).make(mode: .apply).warnings.first?.text?.key, "pods.version.chosen")
    }

    // MARK: Fetcher

    func testFetcherTransfersOneGitPodIntoItsFolderOnly() throws {
        let planner = try planner()
        let foo = try job(try planner.make(mode: .apply), "PMFoo")
        let staging = tmp.sub("staging")
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        var result = foo.result
        try PodFetcher(request: planner.request, planner: planner).transfer(
            try XCTUnwrap(foo.source), into: staging + "/content", staging: staging, result: &result,
            cancellation: CancellationToken(), bytes: { _ in })
        XCTAssertEqual(result.commit?.count, 40)
        XCTAssertGreaterThan(result.bytes, 0)
        let reference = try fixture.referenceCheckout("PMFoo", "1.0.0", submodules: false)
        XCTAssertEqual(TreeSnapshot(staging + "/content").differences(to: TreeSnapshot(reference)), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: podsDir), "the fetcher places nothing in the cache")
    }

    func testFetcherOfAMissingTagThrowsAndTheCacheStaysUntouched() throws {
        let planner = try planner()
        var result = try job(try planner.make(mode: .apply), "PMFoo").result
        let staging = tmp.sub("staging")
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        let source = PodSourceLocation.git(
            url: fixture.base + "/podsrc/PMFoo.git", tag: "9.9.9", commit: nil, branch: nil, submodules: false)
        XCTAssertThrowsError(
            try PodFetcher(request: planner.request, planner: planner).transfer(
                source, into: staging + "/content", staging: staging, result: &result,
                cancellation: CancellationToken(), bytes: { _ in }))
        XCTAssertFalse(FileManager.default.fileExists(atPath: podsDir))
    }

    // MARK: Publisher

    /// A tree in a staging folder of the cache, as the fetcher leaves it.
    func fetchedTree(_ cache: DownloadCache, files: [String: String]) throws -> (staging: String, content: String) {
        try FileManager.default.createDirectory(atPath: cache.path, withIntermediateDirectories: true)
        let staging = try cache.makeStaging()
        for (path, text) in files {
            let file = staging + "/content/" + path
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        return (staging, staging + "/content")
    }

    func testPublisherPlacesTheTreeAndTheSpecCopyThenFindsItCached() throws {
        let planner = try planner()
        let foo = try job(try planner.make(mode: .apply), "PMFoo")
        let publisher = PodPublisher(cache: planner.cache, left: planner.left)
        let slug = try XCTUnwrap(foo.slug)
        let tree = try fetchedTree(planner.cache, files: ["Sources/Foo.swift": "// foo\n"])
        var result = foo.result
        try publisher.publish(
            foo, content: tree.content, staging: tree.staging, result: &result, cancellation: CancellationToken())
        XCTAssertEqual(result.status, .fetched)
        XCTAssertEqual(
            FileManager.default.contents(atPath: planner.cache.entryPath(slug) + "/Sources/Foo.swift"),
            Data("// foo\n".utf8))
        XCTAssertEqual(FileManager.default.contents(atPath: planner.cache.specPath(slug)).map(Array.init), foo.spec)
        XCTAssertTrue(planner.cache.isCached(slug))
        XCTAssertEqual(planner.described([foo]).map(\.status), [.cached])

        let again = try fetchedTree(planner.cache, files: ["Sources/Foo.swift": "// other\n"])
        var second = foo.result
        try publisher.publish(
            foo, content: again.content, staging: again.staging, result: &second, cancellation: CancellationToken())
        XCTAssertEqual(second.status, .cached, "an entry already placed is kept")
        XCTAssertEqual(
            FileManager.default.contents(atPath: planner.cache.entryPath(slug) + "/Sources/Foo.swift"),
            Data("// foo\n".utf8))
    }

    func testPublisherLeavesAnExternalPodWithoutAPodspecToCocoaPodsAndRemembersIt() throws {
        let planner = try planner()
        let gitB = try job(try planner.make(mode: .apply), "PMGitB")
        let slug = try XCTUnwrap(gitB.slug)
        let tree = try fetchedTree(planner.cache, files: ["README": "no podspec here\n"])
        var result = gitB.result
        try PodPublisher(cache: planner.cache, left: planner.left).publish(
            gitB, content: tree.content, staging: tree.staging, result: &result, cancellation: CancellationToken())
        XCTAssertEqual(result.status, .skipped)
        XCTAssertTrue(result.reason?.contains("PMGitB.podspec") == true, result.reason ?? "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: planner.cache.entryPath(slug)))
        XCTAssertNotNil(planner.left.reason(slug: slug, checksum: gitB.specChecksum), "the next plan skips it")
        XCTAssertTrue(try job(try planner.make(mode: .check), "PMGitB").settled)
    }

    func testPublisherRefusesAnExternalSpecNamingAnotherPod() throws {
        let planner = try planner()
        let gitB = try job(try planner.make(mode: .apply), "PMGitB")
        let spec = fixture.specJSON("Other", version: "1.0.0", source: #"{"git": "x"}"#)
        let tree = try fetchedTree(planner.cache, files: ["PMGitB.podspec.json": spec])
        var result = gitB.result
        XCTAssertThrowsError(
            try PodPublisher(cache: planner.cache, left: planner.left).publish(
                gitB, content: tree.content, staging: tree.staging, result: &result,
                cancellation: CancellationToken())
        ) { e in
            XCTAssertEqual((e as? PodMirrorFailure)?.code, .podsPodspecName)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: planner.cache.entryPath(try XCTUnwrap(gitB.slug))))
    }

    // MARK: Report

    func testCheckIsDriftWhileAnEntryIsMissingAndCompleteAfterTheFetch() throws {
        let request = try request(only: ["PMFoo", "PMBar"])
        let fetcher = try PodsFetcher(request: request)
        let before = try fetcher.run(mode: .check, cancellation: CancellationToken())
        XCTAssertEqual(before.missing.map(\.name).sorted(), ["PMBar", "PMFoo"])
        XCTAssertEqual(before.exitStatus, .drift)
        XCTAssertEqual(try fetcher.run(mode: .dryRun, cancellation: CancellationToken()).exitStatus, .success)
        let applied = try fetcher.run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(applied.exitStatus, .success)
        let after = try fetcher.run(mode: .check, cancellation: CancellationToken())
        XCTAssertEqual(after.missing.map(\.name), [])
        XCTAssertEqual(after.exitStatus, .success)
        XCTAssertEqual(try PodsRender.json(after)["changed"], .bool(false))
        XCTAssertEqual(try PodsRender.json(before)["counts"]?["missing"], .int(2))
    }

    func testAFailedPodIsExitOneAndAnInterruptedRun130() throws {
        var request = try request(only: ["PMFoo"])
        request.network.urlRewrite = SourceMirrorRules(rules: [
            InsteadOfRule(base: "http://127.0.0.1:9/", insteadOf: fixture.base + "/")
        ])
        let failed = try PodsFetcher(request: request).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(failed.failed.map(\.name), ["PMFoo"])
        XCTAssertEqual(failed.exitStatus, .failure)
        // The mirror that failed comes first, then the URL the podspec names.
        let error = failed.failed.first?.error ?? ""
        XCTAssertTrue(error.contains("http://127.0.0.1:9/"), error)
        XCTAssertTrue(error.contains(" (for \(fixture.base)/"), error)
        let cancelled = CancellationToken()
        cancelled.cancel()
        let interrupted = try PodsFetcher(request: try self.request(only: ["PMBar"])).run(
            mode: .apply, cancellation: cancelled)
        XCTAssertTrue(interrupted.interrupted)
        XCTAssertEqual(interrupted.exitStatus, .interrupted)
    }
}
