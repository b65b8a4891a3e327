import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Freeze awareness: the catalog's final trunk commit as the reference for mirrors and local copies.
final class FrozenTrunkTests: XCTestCase {
    func result(_ name: String, head: String, seconds: Double) -> MirrorProbe.Result {
        MirrorProbe.Result(
            name: name, url: "https://\(name).example/Specs.git", kind: .specsGit, healthy: true, seconds: seconds,
            head: head, stale: false, reachedFinalCommit: nil, compactIndex: nil, problem: nil, rank: nil)
    }

    func testFinalCommitIsTheReferenceWhenKnownElseTheConsensus() {
        let final = String(repeating: "f", count: 40)
        let old = String(repeating: "a", count: 40)
        let input = [
            result("m1", head: old, seconds: 0.1), result("m2", head: old, seconds: 0.2),
            result("m3", head: final, seconds: 0.3),
        ]
        // Unknown final commit, no local history: the two agreeing mirrors go first; the other one is not judged
        // stale by a vote (whether it is behind or ahead is unknown), and nobody against a final commit.
        let consensus = MirrorProbe.rank(input)
        XCTAssertEqual(consensus.filter(\.usable).map(\.name), ["m1", "m2", "m3"])
        XCTAssertEqual(consensus.last?.freshness, .unknown)
        XCTAssertTrue(consensus.allSatisfy { $0.reachedFinalCommit == nil })
        // Known: only the mirror at it is usable, even in the minority.
        let frozen = MirrorProbe.rank(input, finalTrunkCommit: final)
        XCTAssertEqual(frozen.filter(\.usable).map(\.name), ["m3"])
        XCTAssertEqual(frozen.first { $0.name == "m3" }?.reachedFinalCommit, true)
        XCTAssertEqual(frozen.first { $0.name == "m1" }?.reachedFinalCommit, false)
        XCTAssertTrue(
            frozen.first { $0.name == "m1" }?.problem?.contains("is not the final trunk commit ffffffffffff") == true)
    }

    func testCatalogFieldIsOptionalAndEmptyMeansUnknown() throws {
        XCTAssertNil(try MirrorCatalog.bundled().finalTrunkCommit, "shipped empty until trunk is frozen")
        let json =
            #"{"version": 1, "finalTrunkCommit": "ABCDEF0123456789abcdef0123456789abcdef01", "specs": [], "gems": []}"#
        XCTAssertEqual(
            try MirrorCatalog(data: Data(json.utf8)).finalTrunkCommit, "abcdef0123456789abcdef0123456789abcdef01")
        XCTAssertNil(try MirrorCatalog(data: Data(#"{"version": 1, "specs": [], "gems": []}"#.utf8)).finalTrunkCommit)
    }

    func testDoctorReportsALocalSpecsCopyBehindTheFinalCommit() throws {
        let home = TempDirectory()
        let served = TempDirectory()
        let specs = try SpecsFixture(root: served.path, name: "specs", pods: 8, commits: 3)
        let repos = home.sub("repos")
        let copy = repos + "/cocoapods"
        XCTAssertEqual(try ProcessRunner.git(["clone", "-q", specs.bare, copy]).status, 0)
        XCTAssertEqual(
            try ProcessRunner.git(["-C", copy, "remote", "set-url", "origin", SpecRepoNaming.officialGitURL]).status, 0)
        // A private repo with unrelated history is no Specs copy, whatever its HEAD.
        let other = try SpecsFixture(root: served.path, name: "private", pods: 2, commits: 1, seed: "priv")
        XCTAssertEqual(try ProcessRunner.git(["clone", "-q", other.bare, repos + "/company"]).status, 0)
        var catalog = try MirrorCatalog.bundled()
        catalog.finalTrunkCommit = specs.head
        let env = RuntimeEnvironment(
            variables: ["HOME": home.path, "PATH": "/nonexistent", "LANG": "en_US.UTF-8", "CP_REPOS_DIR": repos],
            currentDirectory: home.path)
        func behind() -> [String] {
            Doctor(environment: env, catalog: catalog, checkNetwork: false).run().findings
                .filter { $0.id.rawValue == "repo.behind-final-trunk" }.compactMap(\.subject)
        }
        XCTAssertEqual(behind(), [], "at the final commit")
        XCTAssertEqual(try ProcessRunner.git(["-C", copy, "reset", "-q", "--hard", "HEAD~2"]).status, 0)
        XCTAssertEqual(behind(), ["cocoapods"])
        catalog.finalTrunkCommit = nil
        XCTAssertEqual(behind(), [], "unknown final commit: nothing to say")
    }
}
