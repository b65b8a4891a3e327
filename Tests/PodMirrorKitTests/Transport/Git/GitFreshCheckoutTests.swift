import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// A clone's files are written by `GitFreshCheckout` on several threads. What git reads afterwards must be
/// what `git clone` leaves: the same files and modes (`git status` clean against HEAD), an index naming
/// every path with HEAD's ids and modes (`git ls-files -s` = `git ls-tree -r HEAD`), and stat data that
/// matches the files (`git diff-files` reports nothing). Trees with names git refuses are not written.
final class GitFreshCheckoutTests: XCTestCase {
    private func git(_ path: String, _ args: [String]) throws -> String {
        let r = try ProcessRunner.git(["-C", path] + args)
        XCTAssertEqual(r.status, 0, "git \(args): \(r.stderr)")
        return r.stdout
    }

    func testCloneMatchesWhatGitReadsFilesModesSymlinksAndIndex() throws {
        let served = TempDirectory("pm-fresh-served")
        let tmp = TempDirectory("pm-fresh")
        let work = served.sub("work")
        try ProcessRunner.git(["init", "-q", work])
        for k in 0..<300 {
            _ = try served.write(
                "work/Specs/\(k % 5)/\(k % 11)/Pod\(k)/1.0.\(k % 3)/Pod\(k).podspec.json", "{\"k\": \(k)}\n")
        }
        _ = try served.write("work/README.md", "readme\n")
        _ = try served.write("work/empty.txt", "")
        _ = try served.write("work/bin/run.sh", "#!/bin/sh\necho hi\n")
        XCTAssertEqual(chmod(work + "/bin/run.sh", 0o755), 0)
        try FileManager.default.createSymbolicLink(atPath: work + "/latest", withDestinationPath: "Specs/0")
        _ = try git(work, ["add", "-A"])
        _ = try git(work, ["commit", "-q", "-m", "fixture"])
        try ProcessRunner.git(["clone", "-q", "--bare", work, served.sub("repo.git")])
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }

        let path = tmp.sub("clone")
        _ = try GitTransfer.clone(
            url: server.url("repo.git"), into: path, branch: nil, options: TransferOptions(network: .test()))
        XCTAssertEqual(try git(path, ["status", "--porcelain", "--untracked-files=all", "--ignored"]), "")
        XCTAssertEqual(try git(path, ["diff-files"]), "", "the index's stat data matches every file")
        let listed = try git(path, ["ls-files", "-s"]).split(separator: "\n").map { line -> String in
            let fields = line.split(separator: " ", maxSplits: 2)  // mode id stage\tpath
            return "\(fields[0]) \(fields[1]) \(fields[2].split(separator: "\t")[1])"
        }
        let tree = try git(path, ["ls-tree", "-r", "HEAD"]).split(separator: "\n").map { line -> String in
            let parts = line.split(separator: "\t")
            let fields = parts[0].split(separator: " ")  // mode type id
            return "\(fields[0]) \(fields[2]) \(parts[1])"
        }
        XCTAssertEqual(listed, tree)
        XCTAssertEqual(listed.count, 304)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path + "/latest"), "Specs/0")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: path + "/bin/run.sh"))
        XCTAssertFalse(FileManager.default.isExecutableFile(atPath: path + "/README.md"))
        let head = try git(path, ["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(
            try GitRepository.open(path).statusScan(commit: head, deep: true, cancellation: CancellationToken()), [])
    }

    /// A tree entry git would refuse (`.GIT`: on a case-insensitive file system, the repository's own
    /// folder; `..`; `.git` with an HFS+ ignorable code point) fails the checkout before it is written.
    func testNamesGitRefusesAreNotCheckedOut() throws {
        let served = TempDirectory("pm-fresh-served")
        let tmp = TempDirectory("pm-fresh")
        let bare = served.sub("evil.git")
        try ProcessRunner.git(["init", "-q", "--bare", bare])
        let blob = try ProcessRunner.run(
            ProcessRunner.which("git")!, ["-C", bare, "hash-object", "-w", "--stdin"], stdin: "x\n"
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(blob.isEmpty)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        for name in [".GIT", "..", ".g\u{200C}it", ".git. "] {
            let input = "100644 blob \(blob)\tREADME\n100644 blob \(blob)\t\(name)\n"
            let tree = try ProcessRunner.run(
                ProcessRunner.which("git")!, ["-C", bare, "mktree"], stdin: input
            ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let commit = try git(bare, ["commit-tree", tree, "-m", "evil"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try git(bare, ["update-ref", "refs/heads/master", commit])
            _ = try git(bare, ["symbolic-ref", "HEAD", "refs/heads/master"])
            let path = tmp.sub("clone-\(name.unicodeScalars.count)-\(name.hashValue)")
            XCTAssertThrowsError(
                try GitTransfer.clone(
                    url: server.url("evil.git"), into: path, branch: nil, options: TransferOptions(network: .test())),
                name
            ) { error in
                XCTAssertEqual((error as? GitError)?.causeText?.key, "git.cause.unsafe-path", "\(name): \(error)")
            }
        }
    }

    func testSafeNamesAreTheOnesGitAccepts() {
        for name in ["Specs", ".gitignore", ".github", "git", "a.git", "..a", "...", ".git~1x"] {
            XCTAssertTrue(name.withCString { GitFreshCheckout.isSafe($0) }, name)
        }
        for name in ["", ".", "..", ".git", ".GIT", ".Git.", ".git ", "git~1", "GIT~1", ".g\u{200D}it", "a/b"] {
            XCTAssertFalse(name.withCString { GitFreshCheckout.isSafe($0) }, name)
        }
    }
}
