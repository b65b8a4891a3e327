import Foundation
import PodMirrorTestSupport
import XCTest

/// `pods fetch` is a batch job the runner runs in the mode asked: a dry run lists what is missing and writes nothing,
/// `--check` exits 3 while an entry is missing and 0 once the cache is complete.
extension InProcessCommandTests {
    func testPodsFetchDescribedCheckedAndAppliedInProcess() throws {
        let dir = home.sub("pods")
        try FileManager.default.createDirectory(atPath: dir + "/served", withIntermediateDirectories: true)
        let server = try GitHTTPServer(root: dir + "/served")
        defer { server.stop() }
        let fixture = try PodSourcesFixture(dir: dir, base: "http://127.0.0.1:\(server.port)")
        try fixture.writeLock(try fixture.podfileLock())
        let variables = PodmirrorBinary().environment(home: fixture.home)
        let cache = fixture.home + "/Library/Caches/CocoaPods/Pods"
        func fetch(_ extra: [String]) -> Outcome {
            run(
                ["pods", "fetch", "--project", fixture.project, "--cocoapods-version", "1.17.0", "--only", "PMGitA"]
                    + extra, variables: variables)
        }

        let dry = fetch(["--dry-run", "--json"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        let listed = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(dry.stdout.utf8)) as? [String: Any], dry.stdout)
        XCTAssertEqual(listed["mode"] as? String, "dry-run")
        let pods = try XCTUnwrap(listed["pods"] as? [[String: Any]])
        XCTAssertEqual(pods.map { $0["name"] as? String }, ["PMGitA"])
        XCTAssertEqual(pods.first?["status"] as? String, "missing")
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache), "a dry run writes nothing")

        XCTAssertEqual(fetch(["--check"]).status, 3, "a missing entry is drift")
        let applied = fetch([])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(fetch(["--check"]).status, 0, "the cache is complete")
    }
}
