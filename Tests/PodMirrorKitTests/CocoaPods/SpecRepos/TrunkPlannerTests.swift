import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// `setup --strategy trunk`'s plan against a git Specs mirror served on loopback: trunk checked against the mirror file
/// by file (read with git) and shard by shard (derived here as the CDN's indexer derives them), kept current by tree
/// diffs, merged with a trunk CocoaPods filled itself, and refusing hostile trees.
final class TrunkPlannerTests: XCTestCase {
    var served: TempDirectory!
    var home: TempDirectory!
    var mirror: TrunkMirrorFixture!
    var server: GitHTTPServer!
    var shared: RepoPlannerContext!

    override func setUpWithError() throws {
        served = TempDirectory("pm-trunk-served")
        home = TempDirectory("pm-trunk")
        mirror = try TrunkMirrorFixture(root: served.path)
        server = try GitHTTPServer(root: served.path)
        shared = RepoPlannerContext(
            repos: ReposDirectory(path: home.sub("repos"), cacheRoot: home.sub("cache"), fileSystem: LocalFileSystem()),
            network: .test(stallTimeout: 10))
    }

    override func tearDown() { server.stop() }

    var url: String { server.url("specs.git") }
    var trunk: String { shared.repos.repoPath("trunk") }

    @discardableResult
    func apply() throws -> PlanReport {
        try shared.perform(mode: .apply, context: ApplyContext(), purpose: "test") {
            try TrunkPlanner(shared).plan(url: url)
        }
    }

    func read(_ rel: String) -> [UInt8]? {
        FileManager.default.contents(atPath: trunk + "/" + rel).map(Array.init)
    }

    func expectedTrunk() throws -> [String: [UInt8]] { try mirror.cdnFiles() }

    func trunkFiles(etags: Bool = true) -> [String: [UInt8]] { TrunkMirrorFixture.files(ofTrunk: trunk, etags: etags) }

    func assertTrunkIsTheMirror(file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try expectedTrunk()
        let actual = trunkFiles()
        XCTAssertEqual(
            Set(actual.keys).subtracting(expected.keys), [], "files trunk must not have", file: file, line: line)
        XCTAssertEqual(Set(expected.keys).subtracting(actual.keys), [], "files trunk lacks", file: file, line: line)
        for (path, bytes) in expected where actual[path] != bytes {
            XCTFail("\(path) differs from the mirror", file: file, line: line)
        }
    }

    func testAFreshTrunkHoldsEveryPodspecOfTheMirrorAndTheIndexTheCDNDerives() throws {
        try mirror.setPod("Old", "0.1", extra: "\n  \"deprecated\": true,")
        try mirror.setPod("Moved", "2.0", extra: "\n  \"deprecated_in_favor_of\": \"New\",")
        try mirror.setPod("Kept", "1.0", extra: "\n  \"deprecated\": false,")
        try mirror.setPod("Rubyish", "3.0-beta.1", ruby: true)
        // A pod outside its shard, a version CocoaPods cannot parse, a hidden version: not where CocoaPods looks.
        try mirror.write("Specs/0/0/0/Lost/1.0/Lost.podspec.json", "{}\n")
        try mirror.write(TrunkMirrorFixture.shard("Pod1") + "/Pod1/not..aversion/Pod1.podspec.json", "{}\n")
        try mirror.write(TrunkMirrorFixture.shard("Pod1") + "/Pod1/.hidden/Pod1.podspec.json", "{}\n")
        let head = try mirror.commit("more")

        let report = try apply()
        XCTAssertTrue(report.changed)
        try assertTrunkIsTheMirror()
        XCTAssertNil(read("README.md"), "only what the CDN serves")
        XCTAssertEqual(
            String(decoding: read("deprecated_podspecs.txt") ?? [], as: UTF8.self).split(separator: "\n").count, 2)
        let state = TrunkState.read(shared.repos)
        XCTAssertEqual(state.origin, .podmirror)
        XCTAssertEqual(state.commit, head)
        XCTAssertEqual(state.stats?.pods, 16)
        XCTAssertEqual(state.stats?.podspecs, 28)
        XCTAssertEqual(state.stats?.leftOut, 2, "the misplaced pod and the malformed version")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: shared.repos.path).filter { $0.hasPrefix(".") }, [],
            "no staging folder left")

        // Nothing new at the mirror: the plan has nothing to do.
        let again = try TrunkPlanner(shared).plan(url: url)
        XCTAssertFalse(again.changes.contains(where: \.isNeeded))
    }

    func testAnUpdateRewritesOnlyWhatChangedAndDropsTheEtagsOfWhatItRewrote() throws {
        try apply()
        let untouched = TrunkMirrorFixture.podspecPath("Pod2", "1.2.0")
        let inode = try FileManager.default.attributesOfItem(atPath: trunk + "/" + untouched)[.systemFileNumber] as? Int
        let changed = TrunkMirrorFixture.podspecPath("Pod3", "1.3.1")
        XCTAssertTrue(
            FileManager.default.createFile(atPath: trunk + "/" + changed + ".etag", contents: Data("\"x\"".utf8)))

        try mirror.setPod("Pod3", "1.3.1", extra: "\n  \"deprecated\": true,")
        try mirror.setPod("Pod4", "9.9.9")
        try mirror.removePod("Pod5", "1.5.0")
        try mirror.removePod("Pod6", "1.6.0")
        try mirror.removePod("Pod6", "1.6.1")
        try mirror.setPod("Brand-New", "0.0.1")
        try mirror.commit("changes")
        let report = try apply()
        XCTAssertTrue(report.changed)
        try assertTrunkIsTheMirror()
        XCTAssertNil(read(changed + ".etag"), "CocoaPods' etag of a rewritten file goes")
        let after = try FileManager.default.attributesOfItem(atPath: trunk + "/" + untouched)[.systemFileNumber] as? Int
        XCTAssertEqual(inode, after, "an unchanged podspec is not rewritten")
        XCTAssertFalse(FileManager.default.fileExists(atPath: trunk + "/" + TrunkMirrorFixture.shard("Pod6") + "/Pod6"))
        let state = TrunkState.read(shared.repos)
        XCTAssertEqual(state.stats?.pods, 12)
        XCTAssertEqual(state.stats?.podspecs, 23)
        XCTAssertNil(state.pending)
        // Only the mirror's last commits are kept, on every libgit2 (below 1.7 through podmirror's own smart-HTTP
        // fetch, which keeps the tip alone; libgit2's own shallow fetch keeps the commits since the clone).
        let repo = try GitRepository.open(trunk)
        XCTAssertTrue(repo.isShallow)
        let count = try ProcessRunner.git(["-C", trunk, "rev-list", "--count", "HEAD"]).stdout
        XCTAssertEqual(count, Libgit2.supportsShallow ? "2\n" : "1\n")
    }

    func testAKilledUpdateIsFinishedByTheNextRunEvenWhenTheMirrorMovedOn() throws {
        try apply()
        let built = TrunkState.read(shared.repos).commit!
        let path = TrunkMirrorFixture.podspecPath("Pod1", "1.1.0")
        let original = read(path)
        try mirror.setPod("Pod1", "1.1.0", extra: "\n  \"homepage\": \"https://example.com/changed\",")
        let middle = try mirror.commit("middle")
        try apply()
        XCTAssertNotEqual(read(path), original)
        // As a run killed after it wrote `middle`'s files: trunk still says `built`, `middle` pending.
        let repo = try GitRepository.open(trunk)
        try repo.setReference("refs/podmirror/trunk", to: built, message: "test")
        try repo.setReference("refs/podmirror/trunk-pending", to: middle, message: "test")
        // What its atomic writes left when it was killed, beside a podspec and an index file; and one of a run
        // still going, which is not touched.
        let dead = (900_000...999_999).reversed().first { !TempName.isRunning(pid_t($0)) }!
        let killed = [path, "all_pods.txt"].map { trunk + "/" + ($0 as NSString).deletingLastPathComponent }.map {
            ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/.x.podmirror-\(dead)-AbC123"
        }
        let alive = trunk + "/.y.podmirror-\(getpid())-AbC123"
        for temp in killed + [alive] {
            XCTAssertTrue(FileManager.default.createFile(atPath: temp, contents: Data("{".utf8)))
        }
        // The mirror takes the change back: the next run must put the old bytes back too.
        try mirror.write(path, String(decoding: original!, as: UTF8.self))
        try mirror.commit("revert")
        XCTAssertTrue(try TrunkPlanner(shared).plan(url: url).changes.contains(where: \.isNeeded))
        try apply()
        XCTAssertEqual(read(path), original)
        for temp in killed { XCTAssertFalse(FileManager.default.fileExists(atPath: temp), temp) }
        XCTAssertNoThrow(try FileManager.default.removeItem(atPath: alive), "a running process's file is kept")
        try assertTrunkIsTheMirror()
        XCTAssertNil(TrunkState.read(shared.repos).pending)
    }

    func testCocoaPodsOwnTrunkIsMergedKeepingItsFilesWhereTheMirrorAgrees() throws {
        let files = try mirror.files()
        let same = TrunkMirrorFixture.podspecPath("Pod0", "1.0.0")
        let differs = TrunkMirrorFixture.podspecPath("Pod1", "1.1.0")
        let extra = TrunkMirrorFixture.podspecPath("Gone", "1.0")
        let shard =
            "all_pods_versions_"
            + TrunkMirrorFixture.shard("Pod0").dropFirst(6)
            .replacingOccurrences(of: "/", with: "_") + ".txt"
        for (rel, text) in [
            (".url", "https://cdn.cocoapods.org/"), (same, String(decoding: files[same]!, as: UTF8.self)),
            (same + ".etag", "\"same\""), (differs, "{\"name\": \"Pod1\"}\n"), (differs + ".etag", "\"old\""),
            (extra, "{\"name\": \"Gone\"}\n"), (extra + ".etag", "\"gone\""), (shard, "Pod0/0.0.1\n"),
            (shard + ".etag", "\"shard\""), ("CocoaPods-version.yml", "---\nmin: 1.0.0\n"),
        ] {
            try FileManager.default.createDirectory(
                atPath: ((trunk + "/" + rel) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: trunk + "/" + rel, atomically: false, encoding: .utf8)
        }
        XCTAssertEqual(TrunkState.read(shared.repos).origin, .cocoaPods)
        let plan = try TrunkPlanner(shared).plan(url: url)
        XCTAssertTrue(plan.changes[0].summary.contains("CocoaPods' trunk"), plan.changes[0].summary)
        try apply()

        XCTAssertEqual(read(same + ".etag"), Array("\"same\"".utf8), "same bytes: CocoaPods' etag stays valid")
        XCTAssertEqual(read(differs), files[differs], "the mirror's bytes replace CocoaPods' older ones")
        XCTAssertNil(read(differs + ".etag"))
        XCTAssertEqual(read(extra), Array("{\"name\": \"Gone\"}\n".utf8), "nothing of CocoaPods' is deleted")
        XCTAssertEqual(read(extra + ".etag"), Array("\"gone\"".utf8))
        XCTAssertNil(read(shard + ".etag"))
        let expected = try expectedTrunk()
        for (rel, bytes) in expected { XCTAssertEqual(read(rel), bytes, rel) }
        XCTAssertEqual(TrunkState.read(shared.repos).origin, .podmirror)
    }

    func testASymbolicLinkUnderSpecsIsRefusedAndChangesNothing() throws {
        let link = TrunkMirrorFixture.shard("Pod0") + "/Pod0/1.0.0/Evil.podspec.json"
        try FileManager.default.createSymbolicLink(atPath: mirror.work + "/" + link, withDestinationPath: "/etc/passwd")
        try mirror.commit("a link")
        XCTAssertThrowsError(try apply()) { error in
            XCTAssertTrue(
                "\(error)".contains("symbolic link") || (error as? any PodMirrorError)?.message.contains(link) == true,
                "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: trunk))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: shared.repos.path).filter { $0.hasPrefix(".") }, [])
    }

    func testAMirrorWithoutCocoaPodsVersionIsNotASpecsRepo() throws {
        try FileManager.default.removeItem(atPath: mirror.work + "/CocoaPods-version.yml")
        try mirror.commit("no metadata")
        XCTAssertThrowsError(try apply()) { error in
            XCTAssertEqual((error as? any PodMirrorError)?.code, .trunkMirror, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: trunk))
    }

    func testRepoVerifyChecksTrunkAgainstTheMirrorsCommitAndIgnoresCocoaPodsOwnFiles() throws {
        try mirror.setPod("Old", "0.1", extra: "\n  \"deprecated\": true,")
        try mirror.commit("deprecated")
        try apply()
        let verifier = RepoVerifier(repos: shared.repos)
        let clean = try verifier.verify(names: [], deep: false, expect: nil)
        XCTAssertEqual(clean.map(\.name), ["trunk"])
        XCTAssertTrue(clean[0].intact, "\(clean[0].problems.map(\.text.english))")
        // CocoaPods' own files are not problems; changed or missing mirror files are.
        let modified = TrunkMirrorFixture.podspecPath("Pod0", "1.0.0")
        let deleted = TrunkMirrorFixture.podspecPath("Pod1", "1.1.0")
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: trunk + "/" + modified))
        try FileManager.default.removeItem(atPath: trunk + "/" + deleted)
        try Data("\"etag\"".utf8).write(to: URL(fileURLWithPath: trunk + "/" + modified + ".etag"))
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: trunk + "/deprecated_podspecs.txt"))
        let found = try verifier.verify(names: ["trunk"], deep: false, expect: nil)[0]
        XCTAssertEqual(
            Set(found.problems.map { "\($0.code.rawValue) \($0.path ?? "")" }),
            [
                "worktree.modified \(modified)", "worktree.deleted \(deleted)",
                "worktree.modified deprecated_podspecs.txt",
            ])
    }

    /// `setup --seed` for an offline image: trunk made from a git bundle with no server at all; a later run
    /// against a reachable mirror fetches only what is new and brings trunk to its tip.
    func testASeedBundleMakesTrunkWithoutTheNetworkAndLaterRunsBringItForward() throws {
        let bundle = served.sub("specs.bundle")
        try mirror.git(["-C", mirror.work, "bundle", "create", bundle, "master"])
        let unreachable = "http://127.0.0.1:9/specs.git"
        _ = try shared.perform(mode: .apply, context: ApplyContext(), purpose: "test") {
            try TrunkPlanner(shared).plan(url: unreachable, seed: bundle)
        }
        try assertTrunkIsTheMirror()
        XCTAssertEqual(TrunkState.read(shared.repos).url, unreachable)
        try mirror.setPod("Pod2", "2.0.0")
        try mirror.commit("newer")
        try apply()
        try assertTrunkIsTheMirror()
        XCTAssertEqual(TrunkState.read(shared.repos).url, url)
    }

    /// An update stopped after each of its writes in turn (every later write refused, as a kill leaves it): every
    /// file is the old or the new one, and the next run brings trunk to the mirror's tip.
    func testAnUpdateStoppedAtEveryStepLeavesWholeFilesAndIsFinishedByTheNextRun() throws {
        try apply()
        let old = try expectedTrunk()
        let pristine = home.sub("pristine")
        XCTAssertEqual(try ProcessRunner.run("/bin/cp", ["-a", shared.repos.path, pristine]).status, 0)
        try mirror.setPod("Pod1", "1.1.0", extra: "\n  \"deprecated\": true,")
        try mirror.removePod("Pod2", "1.2.0")
        try mirror.removePod("Pod3", "1.3.0")
        try mirror.removePod("Pod3", "1.3.1")
        try mirror.setPod("Fresh", "1.0")
        try mirror.commit("changes")
        let new = try expectedTrunk()
        func update(_ fs: any FileSystem) throws {
            var context = shared!
            context.repos = ReposDirectory(path: shared.repos.path, cacheRoot: home.sub("cache"), fileSystem: fs)
            _ = try context.perform(mode: .apply, context: ApplyContext(), purpose: "test") {
                try TrunkPlanner(context).plan(url: url)
            }
        }
        let counting = FaultyFileSystem(failAt: Int.max)
        try update(counting)
        XCTAssertEqual(trunkFiles(etags: false), new)
        XCTAssertGreaterThan(counting.mutations, 5)
        for step in 0..<counting.mutations {
            try FileManager.default.removeItem(atPath: shared.repos.path)
            XCTAssertEqual(try ProcessRunner.run("/bin/cp", ["-a", pristine, shared.repos.path]).status, 0)
            XCTAssertThrowsError(try update(FaultyFileSystem(failAt: step, persistent: true)), "step \(step)")
            for (path, bytes) in trunkFiles(etags: false) where bytes != old[path] && bytes != new[path] {
                XCTFail("step \(step): \(path) is neither old nor new")
            }
            try update(LocalFileSystem())
            XCTAssertEqual(trunkFiles(etags: false), new, "step \(step)")
            XCTAssertNil(TrunkState.read(shared.repos).pending, "step \(step)")
        }
    }
}
