import CLibgit2
import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// `statusScan` walks the index in consecutive ranges on separate threads and joins the folders two ranges
/// share. Whatever the number of ranges (so wherever the boundaries fall: inside a folder, between two
/// folders, at different depths), the tree it hashes is git's (`git write-tree`) and the changes it finds
/// are the one-range walk's and `git status --porcelain`'s.
final class GitIndexScanTests: XCTestCase {
    private let splits = [1, 2, 3, 4, 5, 7, 11, 16, 64]

    /// A working tree with files at every depth: top-level files, one folder of many files, Specs-shaped
    /// nesting, and a deep chain, so that some boundary falls in each kind of place.
    private func makeRepo(_ tmp: TempDirectory) throws -> GitRepository {
        let path = tmp.sub("repo")
        try ProcessRunner.git(["init", "-q", path])
        var files = ["README.md", "CocoaPods-version.yml", "z-last.txt"]
        files += (0..<40).map { "Flat/file\($0).txt" }
        for pod in 0..<30 {
            let shard = ["0", "3", "a", "f"][pod % 4]
            for version in ["1.0.0", "1.2.0"] {
                files.append("Specs/\(shard)/\(pod % 7)/Pod\(pod)/\(version)/Pod\(pod).podspec.json")
            }
        }
        files += (0..<5).map { "Deep/a/b/c/d/e/f\($0)" }
        for (k, file) in files.enumerated() {
            _ = try tmp.write("repo/" + file, "{\"n\": \(k)}\n")
        }
        try ProcessRunner.git(["-C", path, "add", "-A"])
        try ProcessRunner.git(["-C", path, "commit", "-q", "-m", "fixture"])
        return try GitRepository.open(path)
    }

    private func changes(_ repo: GitRepository, deep: Bool, segments: Int) throws -> [String] {
        let head = try ProcessRunner.git(["-C", repo.path, "rev-parse", "HEAD"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try repo.statusScan(commit: head, deep: deep, segments: segments, cancellation: CancellationToken())
            .map { "\($0.kind.rawValue) \($0.path)" }
    }

    func testTreeHashedInAnyNumberOfRangesIsGitsTree() throws {
        let tmp = TempDirectory("pm-index-scan")
        let repo = try makeRepo(tmp)
        // A staged edit: the index's tree is no longer HEAD's, and git write-tree names it.
        _ = try tmp.write("repo/Specs/a/2/Pod2/1.2.0/Pod2.podspec.json", "{\"staged\": true}\n")
        try ProcessRunner.git(["-C", repo.path, "add", "Specs/a/2/Pod2/1.2.0/Pod2.podspec.json"])
        let want = try ProcessRunner.git(["-C", repo.path, "write-tree"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let head = try ProcessRunner.git(["-C", repo.path, "rev-parse", "HEAD^{tree}"]).stdout
        XCTAssertNotEqual(want, head.trimmingCharacters(in: .whitespacesAndNewlines))
        for segments in splits {
            XCTAssertEqual(
                try repo.indexTreeID(segments: segments, cancellation: CancellationToken()), want, "\(segments)")
        }
    }

    func testChangesFoundInAnyNumberOfRangesAreGitStatus() throws {
        let tmp = TempDirectory("pm-index-scan")
        let repo = try makeRepo(tmp)
        XCTAssertEqual(try changes(repo, deep: true, segments: 16), [])
        _ = try tmp.write("repo/Flat/file7.txt", "{\"n\": 99}\n")
        try FileManager.default.removeItem(atPath: tmp.sub("repo/Specs/3/1/Pod1/1.0.0/Pod1.podspec.json"))
        // Untracked: a file beside tracked ones (in folders any boundary may split), a new folder, a top file.
        _ = try tmp.write("repo/Flat/new.txt", "x\n")
        _ = try tmp.write("repo/Specs/f/3/Pod3/1.0.0/extra.json", "x\n")
        _ = try tmp.write("repo/Specs/0/New/9.9.9/New.podspec.json", "x\n")
        _ = try tmp.write("repo/Deep/a/b/c/d/e/f9", "x\n")
        _ = try tmp.write("repo/top.txt", "x\n")
        XCTAssertEqual(chmod(tmp.sub("repo/Specs/0/0/Pod0/1.2.0/Pod0.podspec.json"), 0o755), 0)
        _ = try tmp.write("repo/Specs/a/6/Pod6/1.0.0/Pod6.podspec.json", "{\"staged\": 1}\n")
        try ProcessRunner.git(["-C", repo.path, "add", "Specs/a/6/Pod6/1.0.0/Pod6.podspec.json"])
        let status = try ProcessRunner.git(["-C", repo.path, "status", "--porcelain", "--untracked-files=all"])
        let reference = Set(status.stdout.split(separator: "\n").map { String($0.dropFirst(3)) })
        let one = try changes(repo, deep: false, segments: 1)
        XCTAssertEqual(Set(one.map { String($0.split(separator: " ")[1]) }), reference)
        XCTAssertEqual(one.count, reference.count)
        for deep in [false, true] {
            for segments in splits {
                XCTAssertEqual(try changes(repo, deep: deep, segments: segments), one, "deep \(deep), \(segments)")
            }
        }
    }

    /// An edit that keeps the size and the stat data git compares (ctime not trusted, an old mtime put
    /// back): only `deep` reads the content, in any number of ranges.
    func testDeepFindsAHiddenEditInAnyNumberOfRanges() throws {
        let tmp = TempDirectory("pm-index-scan")
        let repo = try makeRepo(tmp)
        try ProcessRunner.git(["-C", repo.path, "config", "core.trustctime", "false"])
        let file = tmp.sub("repo/Specs/f/3/Pod3/1.2.0/Pod3.podspec.json")
        let old = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file)
        try ProcessRunner.git(["-C", repo.path, "update-index", "--refresh"])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "{", with: "[").write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file)
        for segments in splits {
            XCTAssertEqual(try changes(repo, deep: false, segments: segments), [], "\(segments)")
            XCTAssertEqual(
                try changes(repo, deep: true, segments: segments),
                ["modified Specs/f/3/Pod3/1.2.0/Pod3.podspec.json"], "\(segments)")
        }
    }
}

/// `GitIndexFile` reads the index files git writes as libgit2 reads them, and declines the ones it does
/// not take (the scan then reads them through libgit2, with the same results).
final class GitIndexFileTests: XCTestCase {
    private func repo(_ tmp: TempDirectory) throws -> String {
        let path = tmp.sub("repo")
        try ProcessRunner.git(["init", "-q", path])
        for k in 0..<50 { _ = try tmp.write("repo/d\(k % 4)/e\(k % 3)/f\(k).json", "{\"k\": \(k)}\n") }
        try ProcessRunner.git(["-C", path, "add", "-A"])
        try ProcessRunner.git(["-C", path, "commit", "-q", "-m", "x"])
        return path
    }

    private func fields(_ e: UnsafePointer<git_index_entry>) -> String {
        let v = e.pointee
        var id = v.id
        return [
            String(cString: v.path), GitOID.hex(&id), String(v.mode, radix: 8), "\(v.flags)", "\(v.flags_extended)",
            "\(v.ctime.seconds).\(v.ctime.nanoseconds)", "\(v.mtime.seconds).\(v.mtime.nanoseconds)",
            "\(v.dev) \(v.ino) \(v.uid) \(v.gid) \(v.file_size)",
        ].joined(separator: " ")
    }

    func testReadsTheEntriesLibgit2ReadsWithExtendedFlags() throws {
        let tmp = TempDirectory("pm-index-file")
        let path = try repo(tmp)
        // Intent-to-add and skip-worktree set extended flags: git writes a version 3 index.
        _ = try tmp.write("repo/new.json", "{}\n")
        try ProcessRunner.git(["-C", path, "add", "-N", "new.json"])
        try ProcessRunner.git(["-C", path, "update-index", "--skip-worktree", "d1/e1/f1.json"])
        let file = try XCTUnwrap(GitIndexFile.read(path + "/.git/index"))
        var index: OpaquePointer?
        XCTAssertEqual(git_index_open(&index, path + "/.git/index"), 0)
        defer { git_index_free(index) }
        XCTAssertEqual(file.count, git_index_entrycount(index))
        XCTAssertEqual(file.count, 51)
        for i in 0..<file.count {
            XCTAssertEqual(fields(file.entries + i), fields(git_index_get_byindex(index, i)!), "entry \(i)")
        }
    }

    func testDeclinesVersion4ACorruptChecksumAndASplitIndexAndTheScanStillAgreesWithGit() throws {
        let tmp = TempDirectory("pm-index-file")
        let path = try repo(tmp)
        XCTAssertNotNil(GitIndexFile.read(path + "/.git/index"))
        _ = try tmp.write("repo/d0/e0/f0.json", "{\"edited\": 1}\n")
        _ = try tmp.write("repo/d2/extra.json", "x\n")
        let head = try ProcessRunner.git(["-C", path, "rev-parse", "HEAD"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let want = ["modified d0/e0/f0.json", "added d2/extra.json"].sorted {
            $0.split(separator: " ")[1] < $1.split(separator: " ")[1]
        }
        let scan = {
            try GitRepository.open(path).statusScan(commit: head, deep: true, cancellation: CancellationToken())
                .map { "\($0.kind.rawValue) \($0.path)" }
        }
        XCTAssertEqual(try scan(), want)
        try ProcessRunner.git(["-C", path, "update-index", "--index-version", "4"])
        XCTAssertNil(GitIndexFile.read(path + "/.git/index"), "version 4")
        XCTAssertEqual(try scan(), want)
        try ProcessRunner.git(["-C", path, "update-index", "--index-version", "2"])
        try ProcessRunner.git(["-C", path, "update-index", "--split-index"])
        XCTAssertNil(GitIndexFile.read(path + "/.git/index"), "split index")
        try ProcessRunner.git(["-C", path, "update-index", "--no-split-index"])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path + "/.git/index"))
        XCTAssertNotNil(GitIndexFile.read(path + "/.git/index"))
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path + "/.git/index"))
        XCTAssertNil(GitIndexFile.read(path + "/.git/index"), "checksum")
        XCTAssertThrowsError(try scan(), "libgit2 names the bad checksum")
    }
}
