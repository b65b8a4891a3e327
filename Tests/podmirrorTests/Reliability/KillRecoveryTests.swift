import Foundation
import PodMirrorTestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// `kill -9` at many points of each multi-step command, then the same command again: it converges (the
/// state asked for, `repo verify` intact, `--check` exit 0), nothing is lost and nothing temporary is
/// left. Each case starts from a fresh copy of the same HOME; the kill points spread over the time one
/// uninterrupted run takes (`KillHarness.swift`).
final class KillRecoveryTests: GitServerTestCase {
    private let points = 8

    func testKilledRepoUpdateIsFinishedByTheNextRun() throws {
        XCTAssertEqual(try bin.run(["repo", "add", "specs", server.url("specs.git")], home: home.path).status, 0)
        let old = specs.head
        try specs.addCommits(12)
        let tip = specs.head
        let url = server.url("specs.git")
        try killAtManyPoints(
            ["repo", "update", "specs"], points: points, from: home.path,
            afterKill: { home, i in
                try assertKillLeftAJournalOrNothingHalfDone(
                    home, repo: "specs", old: old, tip: tip, oldURL: url, point: i)
            }
        ) { home, _ in
            try assertConverged(home, repo: "specs", tip: tip, check: ["repo", "update", "specs"])
        }
    }

    func testKilledRepointIsFinishedOrUndoneByTheNextRun() throws {
        // The repo comes from a copy that stays behind; the mirror it moves to shares its history, 12 commits on.
        _ = try specs.mirror(named: "old", seed: "old")
        XCTAssertEqual(try bin.run(["repo", "add", "specs", server.url("old.git")], home: home.path).status, 0)
        let old = specs.head
        let tip = try specs.addCommits(12)
        let url = server.url("specs.git")
        try killAtManyPoints(
            ["repo", "use", url, "--name", "specs"], points: points, from: home.path,
            afterKill: { home, i in
                try assertKillLeftAJournalOrNothingHalfDone(
                    home, repo: "specs", old: old, tip: tip, oldURL: server.url("old.git"), point: i)
            }
        ) { home, _ in
            try assertConverged(
                home, repo: "specs", tip: tip, url: url, check: ["repo", "use", url, "--name", "specs"])
        }
    }

    func testKilledImportIsDoneByTheNextRun() throws {
        XCTAssertEqual(try bin.run(["repo", "add", "specs", server.url("specs.git")], home: home.path).status, 0)
        let bundle = served.sub("specs.bundle")
        XCTAssertEqual(try bin.run(["repo", "export", "specs", bundle], home: home.path).status, 0)
        let args = ["repo", "import", bundle, "--name", "copy", "--origin", server.url("specs.git")]
        let repos = self.repos
        // The repo is there whole or not at all; a staging folder with a checkout begun has its journal.
        try killAtManyPoints(
            args, points: points, from: home.path,
            afterKill: { home, i in
                let dir = repos.replacingOccurrences(of: self.home.path, with: home.path)
                for name in try FileManager.default.contentsOfDirectory(atPath: dir)
                where name.hasPrefix(".podmirror-tmp-copy-")
                    && FileManager.default.fileExists(atPath: "\(dir)/\(name)/Specs")
                {
                    XCTAssertTrue(
                        FileManager.default.fileExists(atPath: "\(dir)/\(name)/.git/podmirror-journal.json"),
                        "kill \(i): a checkout without a journal")
                }
                if FileManager.default.fileExists(atPath: dir + "/copy") {
                    XCTAssertEqual(try git(dir + "/copy", ["rev-parse", "HEAD"]), specs.head, "kill \(i)")
                }
            }
        ) { home, _ in
            try assertConverged(home, repo: "copy", tip: specs.head, check: args)
        }
    }

    /// A kill once the import's pack is indexed (while its work tree is written) is finished by the next run of
    /// any repo command, without the bundle: `doctor` reports it, then `repo update NAME` finds the repo in place.
    func testImportKilledDuringItsCheckoutIsFinishedWithoutTheBundle() throws {
        let big = try SpecsFixture(root: served.path, name: "big", pods: 2_000, commits: 1, seed: "big")
        XCTAssertEqual(try bin.run(["repo", "add", "big", server.url("big.git")], home: home.path).status, 0)
        let bundle = served.sub("big.bundle")
        XCTAssertEqual(try bin.run(["repo", "export", "big", bundle], home: home.path).status, 0)
        let run = try RunningPodmirror(
            bin, ["repo", "import", bundle, "--name", "copy", "--origin", server.url("big.git")], home: home.path)
        var staging: String?
        let start = Date()
        while staging == nil, run.process.isRunning, Date().timeIntervalSince(start) < 60 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: repos)) ?? []
            staging = names.first { $0.hasPrefix(".podmirror-tmp-copy-") && exists("\(repos)/\($0)/Specs") }
            usleep(200)
        }
        run.signal(SIGKILL)
        _ = run.wait()
        let folder = try XCTUnwrap(staging, "the import was never seen writing its work tree")
        XCTAssertTrue(exists("\(repos)/\(folder)/.git"), "killed after its rename")
        try FileManager.default.removeItem(atPath: bundle)
        let doctor = try bin.run(["doctor", "--json"], home: home.path)
        XCTAssertTrue(doctor.stdout.contains("\"repo.unfinished\""), doctor.stdout)
        let update = try bin.run(["repo", "update", "copy"], home: home.path)
        XCTAssertEqual(update.status, 0, update.stdout + update.stderr)
        XCTAssertFalse(exists("\(repos)/\(folder)"))
        try assertConverged(home, repo: "copy", tip: big.head, check: ["repo", "update", "copy"])
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func testKilledDeintegrateIsFinishedByTheNextRun() throws {
        let project = TempDirectory("kill-project")
        try project.write(
            "App.xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/actionsdemo/project.pbxproj"))
        try project.write("Podfile", "target 'App' do\nend\n")
        for i in 0..<400 { try project.write("Pods/Pod\(i / 20)/File\(i).m", String(repeating: "x", count: 2_000)) }
        try killAtManyPoints(["deintegrate"], points: points, from: project.path, cwd: { $0.path }) { dir, _ in
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.sub("Pods")))
            let again = try bin.run(["deintegrate", "--check"], home: dir.path, cwd: dir.path)
            XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
            XCTAssertTrue(again.stdout.contains("no CocoaPods integration"), again.stdout)
            XCTAssertEqual(TreeSnapshot(dir.path).leftovers, [])
        }
    }

    func testKilledPodfileEditIsDoneByTheNextRun() throws {
        let project = TempDirectory("kill-podfile")
        try project.write("Podfile", "platform :ios, '13.0'\n" + String(repeating: "# padding\n", count: 20_000))
        let args = ["podfile", "build-setting", "KILLED_KEY=YES"]
        let original = try String(contentsOfFile: project.sub("Podfile"), encoding: .utf8)
        var edited: String?
        // The Podfile is the old bytes or the edited ones, never a part of either.
        try killAtManyPoints(
            args, points: points, from: project.path,
            afterKill: { dir, i in
                let now = try String(contentsOfFile: dir.sub("Podfile"), encoding: .utf8)
                XCTAssertTrue(now == original || now == edited, "kill \(i): a Podfile of \(now.utf8.count) bytes")
            }
        ) { dir, _ in
            if edited == nil { edited = try String(contentsOfFile: dir.sub("Podfile"), encoding: .utf8) }
            XCTAssertTrue(try String(contentsOfFile: dir.sub("Podfile"), encoding: .utf8).contains("KILLED_KEY"))
            XCTAssertEqual(try bin.run(args + ["--check"], home: dir.path).status, 0)
            XCTAssertEqual(TreeSnapshot(dir.path).leftovers, [])
        }
    }
}
