import Foundation
import PodMirrorTestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// A full disk (`ENOSPC`), made with a small tmpfs (root only; skipped where `mount` is not allowed) and a
/// filler file that leaves a chosen number of bytes free: the error says "No space left on device" naming what
/// was written, and nothing is changed or left behind.
final class DiskFullTests: ReliabilityTestCase {
    private var mounts: [String] = []

    override func tearDown() {
        for m in mounts.reversed() {
            _ = try? ProcessRunner.run("/bin/umount", [m])
            try? FileManager.default.removeItem(atPath: m)
        }
        mounts = []
        super.tearDown()
    }

    /// Mounts a tmpfs of `kilobytes` at `path` (created), or skips the test.
    private func mountTmpfs(_ path: String, kilobytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.isRoot,
            let r = try? ProcessRunner.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]),
            r.status == 0
        else { throw XCTSkip("cannot mount a tmpfs here (root and mount(2) needed) to fill a disk") }
        mounts.append(path)
    }

    private func freeBytes(_ path: String) -> Int {
        var s = statvfs()
        return statvfs(path, &s) == 0 ? Int(s.f_bavail) * Int(s.f_frsize) : 0
    }

    /// Writes `filler` (a file on the tmpfs at `mount`) anew so that `free` bytes are left.
    private func leave(_ free: Int, on mount: String, filler: String) throws {
        try? FileManager.default.removeItem(atPath: filler)
        let want = freeBytes(mount) - free
        XCTAssertTrue(FileManager.default.createFile(atPath: filler, contents: Data(count: max(0, want))))
        XCTAssertLessThanOrEqual(abs(freeBytes(mount) - free), 4_096, "free space as asked")
    }

    func testRepoAddOnAFullDiskSaysSoAtEveryPointAndLeavesNothing() throws {
        let home = TempDirectory("full-home")
        let served = TempDirectory("full-served")
        let specs = try SpecsFixture(root: served.path, name: "specs", pods: 60, commits: 1, padding: 3_000)
        let url = "file://" + specs.bare
        // How much a clone keeps, measured on a roomy tmpfs (while indexing the pack it needs more).
        let repos = home.sub(".cocoapods/repos")
        try mountTmpfs(repos, kilobytes: 16_384)
        let empty = freeBytes(repos)
        XCTAssertEqual(try bin.run(["repo", "add", "specs", url], home: home.path).status, 0)
        let needed = empty - freeBytes(repos)
        let packs = repos + "/specs/.git/objects/pack"
        let pack = try FileManager.default.contentsOfDirectory(atPath: packs).filter { $0.hasSuffix(".pack") }.reduce(0)
        {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: "\(packs)/\($1)")[.size] as? Int) ?? 0)
        }
        XCTAssertEqual(try bin.run(["repo", "remove", "specs"], home: home.path).status, 0)
        let filler = repos + "/filler.bin"
        var failures = 0
        var reasons: Set<String> = []
        var unexplained: [Int] = []
        // Every 8 KiB; every 2 KiB once the pack is written (its index is written next, inside git_clone); every
        // page near the end (the work tree's index is written last).
        let points = Set(
            Array(stride(from: 0, through: needed * 2, by: 8_192))
                + Array(stride(from: pack, through: pack + 65_536, by: 2_048))
                + Array(stride(from: needed - 131_072, through: needed + 32_768, by: 4_096)))
        for free in points.sorted() where free >= 0 {
            try leave(free, on: repos, filler: filler)
            let r = try bin.run(["repo", "add", "specs", url], home: home.path)
            let names = Set(try FileManager.default.contentsOfDirectory(atPath: repos))
            if r.status == 0 {
                XCTAssertEqual(try bin.run(["repo", "verify", "specs"], home: home.path).status, 0)
                XCTAssertEqual(try bin.run(["repo", "remove", "specs"], home: home.path).status, 0)
                continue
            }
            failures += 1
            // libgit2's indexer (1.5 to 1.9) fails writing the pack's index without an error ("libgit2 error -1", on
            // 1.9 "no error", before); errno says why.
            if !r.stderr.contains("No space left on device") { unexplained.append(free) }
            XCTAssertEqual(names, ["Spec_Lock", "filler.bin"], "\(free) bytes free: nothing left")
            reasons.insert(String(r.stderr.prefix(while: { $0 != "/" })))
        }
        XCTAssertGreaterThan(failures, 3, "the disk was full at several points")
        let last = try bin.run(["repo", "add", "specs", url], home: home.path)
        XCTAssertEqual(last.status, 0, "with \(needed * 2) bytes free (a clone keeps \(needed)): \(last.stderr)")
        XCTAssertGreaterThan(reasons.count, 1, "failed at more than one step: \(reasons)")
        XCTAssertEqual(unexplained, [], "failures without 'No space left on device' (bytes free)")
    }

    func testPodfileEditOnAFullDiskNamesTheFileAndKeepsItsBytes() throws {
        let project = TempDirectory("full-project")
        try mountTmpfs(project.path, kilobytes: 512)
        let podfile = try project.write(
            "Podfile", "platform :ios, '13.0'\n" + String(repeating: "# padding\n", count: 20_000))
        try leave(8_192, on: project.path, filler: project.sub("filler.bin"))
        let before = TreeSnapshot(project.path)
        let r = try bin.run(["podfile", "build-setting", "KEY=YES"], home: project.path)
        assertFailedCleanly(r, status: 1, mentions: [podfile, "No space left on device"], before: before)
    }
}
