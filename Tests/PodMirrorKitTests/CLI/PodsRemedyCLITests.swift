import Foundation
import PodMirrorTestSupport
import XCTest

/// What `pods list`, `pods fetch` and `doctor` say can be done about a pod that failed (#29 items 8, 9): a lookup
/// that failed in a spec repo names the repo to update (doctor no longer suggests `pods fetch` for it), a missing
/// Podfile.lock says how CocoaPods makes one, `--only` with an unknown name guesses the pod meant, and a download
/// that failed over the network where no source mirror applies says how to add one. Text and `--json` agree.
final class PodsRemedyCLITests: XCTestCase {
    let bin = InProcessPodmirror()
    var tmp: TempDirectory!
    var server: GitHTTPServer!
    var fixture: PodSourcesFixture!

    override func setUpWithError() throws {
        (tmp, server, fixture) = try PodSourcesFixture.served("pods-remedy-cli")
    }

    override func tearDown() {
        server?.stop()
        server = nil
        tmp = nil
    }

    func pods(_ args: [String]) throws -> ProcessResult {
        try bin.run(
            ["pods"] + args + ["--project", fixture.project, "--cocoapods-version", "1.17.0"], home: fixture.home)
    }

    func pod(_ json: [String: Any], _ name: String) throws -> [String: Any] {
        try XCTUnwrap(PodsFetchOutput.byName(json)[name], "\(json)")
    }

    func testAVersionMissingFromTheSpecRepoNamesTheRepoToUpdateInListFetchAndDoctor() throws {
        // PMGone 2.0.0 is locked under the sharded repo, which does not hold it (the repo is behind the lock).
        try fixture.writeLock(try fixture.podfileLock(extraPods: [("PMGone", "2.0.0")]))
        let podfile = fixture.project + "/Podfile"
        // The Podfile's one source is the sharded repo (PMBar, from the flat one, is found there as any local repo).
        try "source '\(fixture.shardedURL)'\n\ntarget 'App' do\nend\n"
            .write(toFile: podfile, atomically: true, encoding: .utf8)
        let hint = "`podmirror repo update sharded`"
        for verb in ["list", "fetch"] {
            let text = try pods([verb, "--only", "PMGone"])
            XCTAssertEqual(text.status, 1, text.stdout + text.stderr)
            let lines = (text.stdout + text.stderr).components(separatedBy: "\n")
            let at = try XCTUnwrap(lines.firstIndex { $0.contains("PMGone 2.0.0") }, text.stdout + text.stderr)
            XCTAssertTrue(lines[at + 1].contains("hint: ") && lines[at + 1].contains(hint), lines[at + 1])
            let json = try PodmirrorBinary.json(try pods([verb, "--only", "PMGone", "--json"]))
            let gone = try pod(json, "PMGone")
            XCTAssertEqual(gone["status"] as? String, "failed")
            XCTAssertEqual(gone["errorCode"] as? String, "pods.spec-missing")
            XCTAssertEqual(gone["specRepo"] as? String, "sharded")
            let remedy = try XCTUnwrap(gone["remedy"] as? String, "\(gone)")
            XCTAssertTrue(remedy.contains(hint), remedy)
            XCTAssertTrue(lines[at + 1].contains(remedy), "text and JSON say the same: \(lines[at + 1])")
        }
        let zh = try bin.run(
            ["pods", "list", "--project", fixture.project, "--only", "PMGone", "--lang", "zh-Hans"],
            home: fixture.home)
        XCTAssertTrue(zh.stdout.contains("更新 Specs 仓库：\(hint)"), zh.stdout)

        // doctor: the pods still to fetch get `pods fetch`; PMGone, which `pods fetch` cannot fetch, the update.
        let doctor = try PodmirrorBinary.json(
            try bin.run(["doctor", "--offline", "--podfile", podfile, "--json"], home: fixture.home))
        let findings = try XCTUnwrap(doctor["findings"] as? [[String: Any]])
        let notCached = try XCTUnwrap(findings.first { $0["id"] as? String == "pods.not-cached" }, "\(findings)")
        XCTAssertFalse((notCached["message"] as? String ?? "").contains("PMGone"), "\(notCached)")
        XCTAssertEqual(notCached["fix"] as? String, "podmirror pods fetch --project \(fixture.project)")
        let failed = try XCTUnwrap(findings.first { $0["id"] as? String == "pods.lookup-failed" }, "\(findings)")
        XCTAssertEqual(failed["severity"] as? String, "warning")
        XCTAssertTrue((failed["message"] as? String ?? "").contains("PMGone 2.0.0"), "\(failed)")
        XCTAssertEqual(failed["fix"] as? String, "podmirror repo update sharded")
        let text = try bin.run(["doctor", "--offline", "--podfile", podfile], home: fixture.home)
        XCTAssertTrue(text.stdout.contains("fix: podmirror repo update sharded"), text.stdout)
    }

    func testAChecksumMismatchUnderStrictChecksumsNamesTheRepoToUpdate() throws {
        let lock = try fixture.podfileLock()
        let sum = try fixture.sha1(ofSpec: "PMFoo")
        try fixture.writeLock(
            lock.replacingOccurrences(of: "PMFoo: \(sum)", with: "PMFoo: " + String(repeating: "7", count: 40)))
        let r = try pods(["fetch", "--only", "PMFoo", "--strict-checksums", "--json"])
        XCTAssertEqual(r.status, 1, r.stderr)
        let foo = try pod(try PodmirrorBinary.json(r), "PMFoo")
        XCTAssertEqual(foo["errorCode"] as? String, "pods.spec-checksum")
        XCTAssertEqual(foo["specRepo"] as? String, "sharded")
        XCTAssertTrue((foo["remedy"] as? String ?? "").contains("`podmirror repo update sharded`"), "\(foo)")
    }

    func testAnUnknownOnlyNameGetsTheClosestPodOfTheLock() throws {
        try fixture.writeLock(try fixture.podfileLock())
        for (typed, meant) in [("pmfoo", "PMFoo"), ("PMGitX", "PMGitA"), ("PMRbuy", "PMRuby")] {
            let r = try pods(["fetch", "--only", typed])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains("no pod named \(typed)"), r.stderr)
            XCTAssertTrue(r.stderr.contains("hint: did you mean --only \(meant)?"), r.stderr)
            let json = try PodmirrorBinary.json(try pods(["list", "--only", typed, "--json"]))
            let error = try XCTUnwrap(json["error"] as? [String: Any], "\(json)")
            XCTAssertEqual(error["code"] as? String, "pods.only-unknown")
            XCTAssertTrue((error["remedy"] as? String ?? "").contains("--only \(meant)"), "\(error)")
        }
        // Nothing near: no guess.
        let far = try pods(["fetch", "--only", "Alamofire"])
        XCTAssertEqual(far.status, 2, far.stderr)
        XCTAssertFalse(far.stderr.contains("did you mean"), far.stderr)
    }

    func testAMissingPodfileLockSaysHowCocoaPodsMakesIt() throws {
        // No Podfile.lock, a Podfile: `pod install` in that folder.
        let podfile = fixture.project + "/Podfile"
        try "target 'App' do\nend\n".write(toFile: podfile, atomically: true, encoding: .utf8)
        let r = try pods(["fetch"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("no Podfile.lock there"), r.stderr)
        XCTAssertTrue(r.stderr.contains("run `pod install` in \(fixture.project) (it reads \(podfile))"), r.stderr)
        let json = try PodmirrorBinary.json(try pods(["list", "--json"]))
        let error = try XCTUnwrap(json["error"] as? [String: Any], "\(json)")
        XCTAssertEqual(error["code"] as? String, "pods.lock-unreadable")
        XCTAssertTrue((error["remedy"] as? String ?? "").contains("`pod install` in \(fixture.project)"), "\(error)")
        // No Podfile either: the folder is the wrong one.
        try FileManager.default.removeItem(atPath: podfile)
        let none = try pods(["list"])
        XCTAssertEqual(none.status, 2, none.stderr)
        XCTAssertTrue(none.stderr.contains("\(fixture.project) has no Podfile either: pass --project"), none.stderr)
    }

    func testANetworkFailureWhereNoSourceMirrorAppliesHintsAtAddingOne() throws {
        // Port 9 on loopback: nothing listens, as an unreachable host answers.
        try fixture.writeLock(
            try fixture.podfileLock(gitURLOverride: ["PMGitA": "http://127.0.0.1:9/pm/PMGitA.git"]))
        let text = try pods(["fetch", "--only", "PMGitA"])
        XCTAssertEqual(text.status, 1, text.stderr)
        let hint = "`podmirror setup --source-mirror http://127.0.0.1:9/=MIRROR_PREFIX`"
        XCTAssertTrue(text.stderr.contains(hint), text.stderr)
        let json = try PodmirrorBinary.json(try pods(["fetch", "--only", "PMGitA", "--json"]))
        let a = try pod(json, "PMGitA")
        XCTAssertEqual(a["status"] as? String, "failed")
        let remedy = try XCTUnwrap(a["remedy"] as? String, "\(a)")
        XCTAssertTrue(remedy.contains(hint), remedy)
        XCTAssertTrue(text.stderr.contains("hint: " + remedy), text.stderr)
    }
}
