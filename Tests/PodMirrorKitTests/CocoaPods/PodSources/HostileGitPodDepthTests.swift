import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// Issue #28, item 2, for `:git` pods: a checkout 1,900 folders deep crashed the run with SIGSEGV (the tree check
/// recursed once per level on a 1 MiB worker thread). `pods fetch` runs each pod on such a thread.
extension HostileGitPodTests {
    func testACheckoutThousandsOfFoldersDeepIsCheckedOnAWorkerThread() throws {
        let work = tmp.sub("work/deep")
        try tmp.write("work/deep/Evil.podspec.json", Self.spec("Evil"))
        try tmp.write("work/deep/blob", "x\n")
        try git(["init", "-q", "-b", "main", "."], work)
        let blob = try git(["hash-object", "-w", "blob"], work)
        try FileManager.default.removeItem(atPath: work + "/blob")
        let deep = String(repeating: "a/", count: 1900) + "f"
        try git(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(deep)"], work)
        try git(["add", "Evil.podspec.json"], work)
        try git(["commit", "-q", "-m", "deep"], work)
        try git(["clone", "-q", "--bare", work, served + "/deep.git"], tmp.path)
        let commit = try git(["rev-parse", "HEAD"], work)
        final class Box: @unchecked Sendable {
            var result: PodFetchResult?
            let test: HostileGitPodTests
            init(_ test: HostileGitPodTests) { self.test = test }
        }
        let box = Box(self)
        // The run's own threads have 1 MiB stacks; this one too, so the whole fetch runs as it would.
        onFetchWorker { box.result = try? box.test.fetch(repo: "deep", commit: commit) }
        let result = try XCTUnwrap(box.result)
        XCTAssertEqual(result.status, .fetched, "\(result)")
    }
}
