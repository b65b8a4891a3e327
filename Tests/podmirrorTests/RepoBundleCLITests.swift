import Foundation
import PodMirrorTestSupport
import XCTest

/// `repo export` / `repo import`: git bundles, checked against the git CLI both ways.
final class RepoBundleCLITests: RepoCLITestCase {
    var files: TempDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        files = TempDirectory("pm-bundles")
    }

    func testExportWritesABundleTheGitCLIVerifiesAndClones() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let file = files.sub("specs.bundle")
        let out = try json(["repo", "export", "master", file])
        XCTAssertEqual(out["tip"] as? String, official.head)
        XCTAssertEqual(out["branch"] as? String, "master")
        let bytes = try XCTUnwrap(out["bytes"] as? Int)
        XCTAssertEqual(bytes, (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int))
        XCTAssertNotNil(out["seconds"] as? Double)
        let head = try XCTUnwrap(FileManager.default.contents(atPath: file)).prefix(16)
        XCTAssertEqual(String(decoding: head, as: UTF8.self), "# v2 git bundle\n")
        let verify = try ProcessRunner.git(["-C", official.work, "bundle", "verify", file])
        XCTAssertEqual(verify.status, 0, verify.stderr)
        let clone = files.sub("clone")
        let r = try ProcessRunner.git(["clone", "-q", file, clone])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try git(clone, ["rev-parse", "HEAD"]), official.head)
        XCTAssertEqual(try git(clone, ["rev-parse", "--abbrev-ref", "HEAD"]), "master")
        XCTAssertEqual(try ProcessRunner.git(["-C", clone, "fsck", "--no-progress"]).status, 0)
        XCTAssertEqual(try git(clone, ["ls-files"]), try git(official.work, ["ls-files"]))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: files.path).sorted(), ["clone", "specs.bundle"])
    }

    func testExportPastAFileSizeLimitKeepsTheOldFileAndLeavesNothing() throws {
        _ = try SpecsFixture(root: served.path, name: "big", pods: 40, commits: 2, seed: "big", padding: 3000)
        XCTAssertEqual(try pm(["repo", "add", "big", server.url("big.git")]).status, 0)
        let file = files.sub("big.bundle")
        try Data("old bundle bytes\n".utf8).write(to: URL(fileURLWithPath: file))
        let before = TreeSnapshot(files.path)
        // `ulimit -f 16`: at most 8-16 KB per file (the bundle is far bigger).
        let r = try ProcessRunner.run("/bin/sh", ["-c", "ulimit -f 16; exec \"$0\" \"$@\"", bin.path, "repo", "export", "big", file],
                                      environment: bin.environment(home: home.path))
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot write \(file)"), r.stderr)
        XCTAssertEqual(before.differences(to: TreeSnapshot(files.path)), [])
        XCTAssertEqual(TreeSnapshot(files.path).leftovers, [])
    }

    func testExportOfAMissingRepoFails() throws {
        let r = try pm(["repo", "export", "nope", files.sub("x.bundle")])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("Unable to find the `nope` repo"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: files.sub("x.bundle")))
    }
}
