import Foundation
import PodMirrorTestSupport
import XCTest

/// `repo verify`: an intact copy exits 0; an edited, a deleted and an added podspec, a moved HEAD and a
/// stale git lock are each named, and the exit status is 1.
final class RepoVerifyCLITests: RepoCLITestCase {
    func problems(_ out: [String: Any]) -> [String] {
        let repos = out["repos"] as? [[String: Any]] ?? []
        return repos.flatMap {
            ($0["problems"] as? [[String: Any]] ?? []).map { "\($0["code"] ?? "") \($0["path"] as? String ?? "-")" }
        }
    }

    func podspecs(_ path: String) throws -> [String] {
        try git(path, ["ls-files", "Specs"]).split(separator: "\n").map(String.init).filter {
            $0.hasSuffix(".podspec.json")
        }
    }

    func testIntactCopyThenEditedDeletedAndAddedPodspecsAreFound() throws {
        // Nothing to verify yet: said in words, not an empty output.
        let empty = try pm(["repo", "verify"])
        XCTAssertEqual(empty.status, 0, empty.stderr)
        XCTAssertTrue(empty.stdout.contains("no git spec repos to verify in \(repos)"), empty.stdout)
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let path = repos + "/master"
        var out = try json(["repo", "verify"])
        XCTAssertEqual(out["intact"] as? Bool, true)
        XCTAssertEqual(problems(out), [])
        XCTAssertEqual(
            try json(["repo", "verify", "master", "--deep", "--expect", official.head])["intact"] as? Bool, true)

        let specs = try podspecs(path)
        let edited = specs[0]
        let deleted = specs[1]
        let added = "Specs/0/0/0/Added/1.0.0/Added.podspec.json"
        try "{\"name\": \"changed\"}\n".write(toFile: path + "/" + edited, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path + "/" + deleted)
        try FileManager.default.createDirectory(
            atPath: path + "/Specs/0/0/0/Added/1.0.0", withIntermediateDirectories: true)
        try "{}\n".write(toFile: path + "/" + added, atomically: false, encoding: .utf8)
        let before = TreeSnapshot(repos)
        for flags in [[], ["--deep"]] {
            out = try json(["repo", "verify", "master"] + flags, status: 1)
            XCTAssertEqual(out["intact"] as? Bool, false)
            XCTAssertEqual(
                Set(problems(out)),
                ["worktree.modified \(edited)", "worktree.deleted \(deleted)", "worktree.added \(added)"],
                "\(flags)")
        }
        let text = try pm(["repo", "verify", "master"])
        XCTAssertEqual(text.status, 1)
        XCTAssertTrue(text.stdout.contains("modified: \(edited)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("deleted: \(deleted)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("added: \(added)"), text.stdout)
        XCTAssertEqual(before.differences(to: TreeSnapshot(repos)), [], "verify only reads")
    }

    func testDeepFindsAnEditTheStatDataHides() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let path = repos + "/master"
        _ = try git(path, ["config", "core.trustctime", "false"])
        let file = path + "/" + (try podspecs(path))[2]
        // An old mtime recorded in the index (so the entry is not "racy"), then a same-size edit with that mtime.
        let old = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file)
        _ = try git(path, ["update-index", "--refresh"])
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: file))
        bytes[bytes.count - 3] = bytes[bytes.count - 3] == UInt8(ascii: "}") ? UInt8(ascii: "]") : UInt8(ascii: "}")
        try bytes.write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file)
        XCTAssertEqual(
            try json(["repo", "verify", "master"])["intact"] as? Bool, true, "same size and mtime: the index trusts it")
        let deep = try json(["repo", "verify", "master", "--deep"], status: 1)
        XCTAssertEqual(problems(deep), ["worktree.modified \(String(file.dropFirst(path.count + 1)))"])
    }

    /// `--deep` on a copy of 400 podspecs (so the index is walked in as many ranges as there are
    /// CPUs): changes spread over the whole tree, one file grown by a byte with its mtime kept, are named in
    /// path order, the same paths as `git status`, and the same on a second run.
    func testDeepOverManyFoldersNamesEveryChangeInPathOrderLikeGitStatus() throws {
        _ = try SpecsFixture(root: served.path, name: "many", pods: 400, commits: 1, seed: "many")
        XCTAssertEqual(try pm(["repo", "add", "many", server.url("many.git")]).status, 0)
        let path = repos + "/many"
        let specs = try podspecs(path)
        XCTAssertEqual(try json(["repo", "verify", "many", "--deep"])["intact"] as? Bool, true)
        var expected: [String: String] = [:]
        for k in stride(from: 7, to: specs.count, by: 97) {
            try "{\"edited\": \(k)}\n".write(toFile: path + "/" + specs[k], atomically: false, encoding: .utf8)
            expected[specs[k]] = "worktree.modified"
        }
        try FileManager.default.removeItem(atPath: path + "/" + specs[200])
        expected[specs[200]] = "worktree.deleted"
        let grown = path + "/" + specs[333]
        let mtime = try FileManager.default.attributesOfItem(atPath: grown)[.modificationDate]
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: grown))
        handle.seekToEndOfFile()
        handle.write(Data(" ".utf8))
        handle.closeFile()
        try FileManager.default.setAttributes([.modificationDate: try XCTUnwrap(mtime)], ofItemAtPath: grown)
        expected[specs[333]] = "worktree.modified"
        let added = (specs[250] as NSString).deletingLastPathComponent + "/Extra.podspec.json"
        try "{}\n".write(toFile: path + "/" + added, atomically: false, encoding: .utf8)
        expected[added] = "worktree.added"
        let status = try ProcessRunner.git(["-C", path, "status", "--porcelain", "--untracked-files=all"]).stdout
        XCTAssertEqual(
            Set(status.split(separator: "\n").map { String($0.dropFirst(3)) }), Set(expected.keys),
            "the reference: git status")
        let want = expected.keys.sorted().map { "\(expected[$0]!) \($0)" }
        for run in 1...2 {
            XCTAssertEqual(problems(try json(["repo", "verify", "many", "--deep"], status: 1)), want, "run \(run)")
        }
    }

    /// Changes the stat data cannot show alone, checked against `git status --porcelain` on the same copy:
    /// an edit staged with `git add` (the worktree matches the index, the index differs from HEAD), an
    /// executable bit, a file replaced by a symlink, a file in a new folder, and an ignored file (not listed).
    func testStagedModeTypeAndUntrackedFolderChangesMatchGitStatus() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let path = repos + "/master"
        let specs = try podspecs(path)
        try "{\"staged\": true}\n".write(toFile: path + "/" + specs[0], atomically: false, encoding: .utf8)
        _ = try git(path, ["add", specs[0]])
        XCTAssertEqual(chmod(path + "/" + specs[1], 0o755), 0)
        try FileManager.default.removeItem(atPath: path + "/" + specs[2])
        try FileManager.default.createSymbolicLink(atPath: path + "/" + specs[2], withDestinationPath: specs[3])
        try FileManager.default.createDirectory(
            atPath: path + "/Specs/f/f/f/New/1.0", withIntermediateDirectories: true)
        try "{}\n".write(toFile: path + "/Specs/f/f/f/New/1.0/New.podspec.json", atomically: false, encoding: .utf8)
        try "*.orig\n".write(toFile: path + "/.git/info/exclude", atomically: false, encoding: .utf8)
        try "x\n".write(toFile: path + "/" + specs[4] + ".orig", atomically: false, encoding: .utf8)
        let expected: Set<String> = [
            "worktree.modified \(specs[0])", "worktree.modified \(specs[1])", "worktree.typechange \(specs[2])",
            "worktree.added Specs/f/f/f/New/1.0/New.podspec.json",
        ]
        let status = try ProcessRunner.git(["-C", path, "status", "--porcelain", "--untracked-files=all"]).stdout
        XCTAssertEqual(
            Set(status.split(separator: "\n").map { String($0.dropFirst(3)) }),
            Set(expected.map { String($0.split(separator: " ")[1]) }), "the reference: git status")
        for flags in [[], ["--deep"]] {
            let out = try json(["repo", "verify", "master"] + flags, status: 1)
            XCTAssertEqual(Set(problems(out)), expected, "\(flags)")
        }
    }

    func testHeadOffOriginWrongExpectAndStaleLockAreNamed() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let path = repos + "/master"
        _ = try git(path, ["reset", "-q", "--hard", "HEAD~1"])
        _ = FileManager.default.createFile(atPath: path + "/.git/index.lock", contents: Data())
        let out = try json(["repo", "verify", "--expect", String(official.head.prefix(12))], status: 1)
        XCTAssertEqual(
            Set(problems(out)), ["head.not-at-origin -", "head.not-expected -", "git.lock \(path)/.git/index.lock"])
        XCTAssertEqual(try pm(["repo", "verify", "--expect", "nothex"]).status, 2)
        XCTAssertEqual(try pm(["repo", "verify", "missing"]).status, 1)
    }
}
