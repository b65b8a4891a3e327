import Foundation
import PodMirrorTestSupport
import XCTest

/// `kill -9` at 5 points of `setup --strategy trunk` against a slow loopback server (150 ms before each response,
/// 256 KiB/s): making trunk whole over a trunk CocoaPods filled itself, and bringing a made trunk forward. After each
/// kill every file of trunk is whole (the old one or the new one, never a part); the same command run again exits 0
/// and leaves trunk exactly the mirror's, nothing temporary left, `--check` and `repo verify` clean.
final class TrunkKillTests: GitServerTestCase {
    private let points = 5
    private var mirror: TrunkMirrorFixture!

    override func setUpWithError() throws {
        try super.setUpWithError()
        mirror = try TrunkMirrorFixture(root: served.path, name: "trunkspecs", pods: 60, versions: 2, padding: 3_000)
    }

    private var url: String { server.url("trunkspecs.git") }
    private var args: [String] { ["setup", "--mirror", url, "--strategy", "trunk"] }
    private func trunk(_ home: TempDirectory) -> String { home.sub(".cocoapods/repos/trunk") }

    /// Trunk is the mirror's, nothing is left over, and a check finds nothing to do.
    private func assertConverged(_ home: TempDirectory, _ expected: [String: [UInt8]], point: Int) throws {
        let files = TrunkMirrorFixture.files(ofTrunk: trunk(home), etags: false)
        XCTAssertEqual(Set(files.keys).symmetricDifference(expected.keys).sorted(), [], "point \(point)")
        for (path, bytes) in expected where files[path] != bytes { XCTFail("point \(point): \(path) differs") }
        XCTAssertEqual(TreeSnapshot(home.path).leftovers, [], "point \(point)")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: home.sub(".cocoapods/repos"))
                .filter { $0.hasPrefix(".") }, [], "point \(point): a staging folder left")
        XCTAssertEqual(try bin.run(args + ["--check"], home: home.path).status, 0, "point \(point)")
        let verify = try bin.run(["repo", "verify", "trunk"], home: home.path)
        XCTAssertEqual(verify.status, 0, "point \(point): \(verify.stdout)")
    }

    /// Every file of trunk is one of the versions it may have (or absent where one of them is absent).
    private func assertEveryFileWhole(
        _ home: TempDirectory, _ versions: [[String: [UInt8]]], point: Int
    ) {
        let files = TrunkMirrorFixture.files(ofTrunk: trunk(home), etags: false)
        for (path, bytes) in files {
            let allowed = versions.compactMap { $0[path] }
            if allowed.isEmpty { continue }  // CocoaPods' own files
            XCTAssertTrue(allowed.contains(bytes), "point \(point): \(path) is neither old nor new (\(bytes.count) B)")
        }
    }

    func testAKilledBuildOverCocoaPodsOwnTrunkIsDoneByTheNextRun() throws {
        // CocoaPods filled trunk lazily: one podspec and its shard, with etags.
        let podspec = TrunkMirrorFixture.podspecPath("Pod3", "1.3.0")
        let cocoapods = try mirror.files()
        for (rel, bytes) in [
            (".url", Array("https://cdn.cocoapods.org/".utf8)), (podspec, cocoapods[podspec]!),
            (podspec + ".etag", Array("\"e\"".utf8)), ("CocoaPods-version.yml", Array("---\nmin: 1.0.0\n".utf8)),
        ] {
            _ = try home.write(".cocoapods/repos/trunk/" + rel, bytes)
        }
        let before = TrunkMirrorFixture.files(ofTrunk: trunk(home), etags: false)
        let expected = try mirror.cdnFiles()
        server.setSlowLink(delayMilliseconds: 150, rateKiBps: 256)
        var midway = 0
        try killAtManyPoints(
            args, points: points, from: home.path, together: true,
            afterKill: { home, i in
                // Either CocoaPods' trunk as it was, or the whole new one: exchanged in one step.
                let now = TrunkMirrorFixture.files(ofTrunk: self.trunk(home), etags: false)
                XCTAssertTrue(now == before || now == expected, "point \(i): a trunk between old and new")
                let repos = try FileManager.default.contentsOfDirectory(atPath: home.sub(".cocoapods/repos"))
                if repos.contains(where: { $0.hasPrefix(".podmirror-tmp-trunk-") }) { midway += 1 }
            }
        ) { home, _ in
            try assertConverged(home, expected, point: 0)
            XCTAssertEqual(
                FileManager.default.contents(atPath: trunk(home) + "/" + podspec + ".etag"), Data("\"e\"".utf8),
                "CocoaPods' etag of a file the mirror agrees with stays")
        }
        XCTAssertGreaterThan(midway, 0, "no kill landed while trunk was being built")
    }

    func testAKilledUpdateLeavesEveryFileWholeAndIsFinishedByTheNextRun() throws {
        XCTAssertEqual(try bin.run(args, home: home.path).status, 0)
        let old = try mirror.cdnFiles()
        // Many podspecs change, some go, some come: the update rewrites a few hundred files.
        for p in 0..<60 {
            try mirror.setPod("Pod\(p)", "1.\(p).0", extra: "\n  \"homepage\": \"https://example.com/v2/\(p)\",")
            if p % 5 == 0 { try mirror.removePod("Pod\(p)", "1.\(p).1") }
            try mirror.setPod("Extra\(p)", "0.\(p)")
        }
        try mirror.commit("many changes")
        let new = try mirror.cdnFiles()
        server.setSlowLink(delayMilliseconds: 150, rateKiBps: 256)
        // Most of an update is the fetch over the slow link, so these kills mostly land before its writes: the
        // writes themselves are stopped at every step in turn by TrunkPlannerTests.testAnUpdateStoppedAtEveryStep….
        try killAtManyPoints(
            args, points: points, from: home.path, together: true,
            afterKill: { home, i in self.assertEveryFileWhole(home, [old, new], point: i) }
        ) { home, _ in
            try assertConverged(home, new, point: 0)
        }
    }
}
