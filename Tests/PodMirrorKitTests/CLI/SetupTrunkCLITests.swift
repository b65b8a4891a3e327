import Foundation
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// `setup --strategy trunk` as a user runs it: the team's Podfile and Podfile.lock keep every byte, trunk is the
/// mirror's, the strategy is chosen by itself for a Podfile that names only trunk, a second run changes nothing,
/// `--check` and `doctor --check` see the mirror move on, and `pods fetch` reads the seeded trunk.
final class SetupTrunkCLITests: XCTestCase {
    let bin = InProcessPodmirror()
    var home: TempDirectory!
    var served: TempDirectory!
    var mirror: TrunkMirrorFixture!
    var server: GitHTTPServer!

    override func setUpWithError() throws {
        home = TempDirectory("trunk-cli")
        served = TempDirectory("trunk-cli-served")
        mirror = try TrunkMirrorFixture(root: served.path, pods: 8)
        server = try GitHTTPServer(root: served.path)
    }

    override func tearDown() { server?.stop() }

    var url: String { server.url("specs.git") }
    var trunk: String { home.sub(".cocoapods/repos/trunk") }

    func json(_ r: ProcessResult) throws -> [String: Any] { try PodmirrorBinary.json(r) }

    func testTrunkStrategyLeavesTheTeamsFilesAsTheyAreAndKeepsTrunkCurrent() throws {
        let podfile = try home.write("app/Podfile", "platform :ios, '13.0'\n\ntarget 'App' do\n  pod 'Pod1'\nend\n")
        let specSum = Digest.hex(.sha1, try mirror.files()[TrunkMirrorFixture.podspecPath("Pod1", "1.1.1")]!)
        try home.write(
            "app/Podfile.lock",
            """
            PODS:
              - Pod1 (1.1.1)

            DEPENDENCIES:
              - Pod1

            SPEC REPOS:
              trunk:
                - Pod1

            SPEC CHECKSUMS:
              Pod1: \(String(repeating: "b", count: 40))

            PODFILE CHECKSUM: 0123456789abcdef0123456789abcdef01234567

            COCOAPODS: 1.17.0

            """)
        let before = (try home.read("app/Podfile"), try home.read("app/Podfile.lock"))
        // No --strategy: every Podfile names only trunk, so trunk.
        let first = try bin.run(["setup", "--mirror", url, "--podfile", podfile, "--json"], home: home.path)
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        let changes = try XCTUnwrap(try json(first)["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.compactMap { $0["kind"] as? String }, ["spec-repo-trunk"])
        let notes = (try json(first)["warnings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(notes, ["setup.strategy"], "setup says why it took trunk")
        XCTAssertEqual(try home.read("app/Podfile"), before.0, "the Podfile keeps every byte")
        XCTAssertEqual(try home.read("app/Podfile.lock"), before.1, "the lock keeps every byte")
        XCTAssertEqual(TrunkMirrorFixture.files(ofTrunk: trunk), try mirror.cdnFiles())

        let again = try bin.run(["setup", "--mirror", url, "--podfile", podfile, "--json"], home: home.path)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(
            (try json(again)["changes"] as? [[String: Any]])?.compactMap { $0["changed"] as? Bool }, [false])
        XCTAssertEqual(try bin.run(["setup", "--mirror", url, "--check"], home: home.path).status, 0)

        // pods fetch reads the seeded trunk: the podspec is found there; its checksum is not the lock's.
        let list = try bin.run(["pods", "fetch", "--project", home.sub("app"), "--dry-run", "--json"], home: home.path)
        let listed = try json(list)
        let pod = try XCTUnwrap((listed["pods"] as? [[String: Any]])?.first)
        XCTAssertEqual(pod["specRepo"] as? String, "trunk", list.stdout)
        XCTAssertEqual(pod["status"] as? String, "missing", list.stdout)
        XCTAssertTrue((pod["cachePath"] as? String)?.hasSuffix("1.1.1-\(specSum.prefix(5))") == true, list.stdout)
        let warnings = (listed["warnings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(warnings.filter { $0 == "pods.checksum-rewrite" }.count, 1, list.stdout)
        XCTAssertEqual(try home.read("app/Podfile.lock"), before.1)

        // The mirror moves on: --check and doctor --check say so (3), setup brings trunk to the tip.
        try mirror.setPod("Pod1", "1.2.0")
        try mirror.commit("new version")
        XCTAssertEqual(try bin.run(["setup", "--mirror", url, "--check"], home: home.path).status, 3)
        // No gem source to probe (none answers here): the trunk finding decides doctor's exit.
        try home.write(".gemrc", "---\n:sources: []\n")
        let doctor = try bin.run(["doctor", "--check", "--podfile", podfile, "--json"], home: home.path)
        XCTAssertEqual(doctor.status, 3, doctor.stdout)
        let ids = (try json(doctor)["findings"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        XCTAssertTrue(ids.contains("trunk.behind"), "\(ids)")
        XCTAssertTrue(ids.contains("trunk.repo-update"), "\(ids)")
        let update = try bin.run(["setup", "--mirror", url, "--podfile", podfile], home: home.path)
        XCTAssertEqual(update.status, 0, update.stdout + update.stderr)
        XCTAssertEqual(TrunkMirrorFixture.files(ofTrunk: trunk), try mirror.cdnFiles())
        XCTAssertEqual(try bin.run(["setup", "--mirror", url, "--check"], home: home.path).status, 0)
        let verify = try bin.run(["repo", "verify"], home: home.path)
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        XCTAssertEqual(try home.read("app/Podfile"), before.0)
    }

    func testAPodfileNamingAnotherSourceKeepsThePodfileStrategyAndTrunkNeedsAGitMirror() throws {
        let podfile = try home.write(
            "app/Podfile", "source 'https://github.com/CocoaPods/Specs.git'\n\ntarget 'App' do\n  pod 'Pod1'\nend\n")
        let dry = try bin.run(["setup", "--mirror", url, "--podfile", podfile, "--dry-run", "--json"], home: home.path)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        let kinds = (try json(dry)["changes"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        XCTAssertFalse(kinds.contains("spec-repo-trunk"), "\(kinds)")
        XCTAssertTrue(kinds.contains("podfile-edit"), "\(kinds)")
        let notes = (try json(dry)["warnings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        XCTAssertTrue(notes.contains { $0.contains("--strategy insteadof") }, "\(notes)")
        let doctor = try bin.run(["doctor", "--offline", "--podfile", podfile, "--json"], home: home.path)
        let strategy = (try json(doctor)["findings"] as? [[String: Any]] ?? []).first {
            $0["id"] as? String == "podfile.strategy"
        }
        XCTAssertEqual(strategy?["fix"] as? String, "podmirror setup --mirror tuna --strategy insteadof")
        let bad = try bin.run(
            ["setup", "--mirror", url, "--strategy", "trunk", "--remove-trunk"], home: home.path)
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: trunk))
    }
}
