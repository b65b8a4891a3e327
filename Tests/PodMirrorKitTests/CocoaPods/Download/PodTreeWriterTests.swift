import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `PodTreeWriter` on real folders: lists of members built here, a sentinel folder beside the staging folder
/// that must stay as it was whatever the list holds.
final class PodTreeWriterTests: XCTestCase {
    var temp: TempDirectory!
    var stage: String { temp.sub("stage") }
    var sentinel: String { temp.sub("outside") }

    override func setUpWithError() throws {
        temp = TempDirectory("tree-writer")
        try FileManager.default.createDirectory(atPath: stage, withIntermediateDirectories: true)
        try temp.write("outside/victim", "keep\n")
        chmod(sentinel, 0o700)
    }

    override func tearDown() { temp = nil }

    typealias Member = (ArchiveEntry, [UInt8])

    static func file(_ path: String, _ text: String = "x") -> Member {
        (.init(path: path, kind: .file), Array(text.utf8))
    }
    static func dir(_ path: String) -> Member { (.init(path: path, kind: .directory), []) }
    static func link(_ path: String, _ target: String) -> Member {
        (.init(path: path, kind: .symlink, linkTarget: target), [])
    }

    /// Writes `members` into the staging folder; the failure, or nil.
    func write(_ members: [Member], limits: ArchiveLimits = .default, archiveBytes: Int64 = 1 << 20)
        -> PodTreeFailure?
    {
        do {
            let writer = try PodTreeWriter(root: stage, limits: limits, archiveBytes: archiveBytes)
            for (entry, data) in members {
                try writer.add(entry)
                try data.withUnsafeBytes { try writer.write($0) }
            }
            try writer.finish()
            return nil
        } catch let f as PodTreeFailure {
            return f
        } catch {
            XCTFail("not a PodTreeFailure: \(error)")
            return nil
        }
    }

    func problem(_ members: [Member]) -> ArchiveSafety.Problem? {
        guard case .unsafe(_, let p)? = write(members) else { return nil }
        return p
    }

    func mtime(_ path: String) -> timespec {
        var st = stat()
        lstat(path, &st)
        return st.st_mtim
    }

    func testNameRules() {
        XCTAssertNil(problem([Self.file("./Pod/a"), Self.link("Pod/l", "../Pod/a")]))
        XCTAssertNil(
            problem([
                Self.dir("Pod/Versions/A/Headers"), Self.link("Pod/Versions/Current", "A"),
                Self.link("Pod/Headers", "Versions/Current/Headers"),
            ]))
        XCTAssertEqual(problem([Self.file("/etc/x")]), .absolutePath)
        XCTAssertEqual(problem([Self.file("a/../../x")]), .parentReference)
        XCTAssertEqual(problem([Self.link("l", "..")]), .linkOutside)
        XCTAssertEqual(problem([Self.link("l2", "")]), .linkOutside)
        XCTAssertEqual(problem([Self.link("l3", "/etc")]), .linkOutside)
        XCTAssertEqual(problem([(.init(path: "h", kind: .hardlink, linkTarget: "../x"), [])]), .hardlink)
        XCTAssertEqual(problem([(.init(path: "d", kind: .device), [])]), .device)
        XCTAssertEqual(problem([(.init(path: "f", kind: .fifo), [])]), .special)
        XCTAssertEqual(problem([Self.link("t", "sub"), Self.file("t/x")]), .throughLink)
    }

    /// Issue #20 (1): a chain of links inside by name, outside on disk, then a file with the last link's name.
    func testSameNameFileAfterALinkChainIsRefusedAndNothingIsWrittenOutside() throws {
        let before = TreeSnapshot(sentinel)
        // a/b/c -> ../.. is the root by name; d -> a/b/c/../outside is outside once c is followed.
        let members = [
            Self.dir("a/b"), Self.link("a/b/c", "../.."), Self.link("victim", "a/b/c/../outside/victim"),
            Self.file("victim", "pwned\n"),
        ]
        XCTAssertEqual(problem(members), .duplicate)
        XCTAssertEqual(TreeSnapshot(sentinel).differences(to: before), [])
        XCTAssertEqual(try String(contentsOfFile: sentinel + "/victim", encoding: .utf8), "keep\n")
    }

    /// Issue #20 (2): a folder member through a link to an existing folder outside.
    func testFolderThroughALinkNeverTouchesTheFolderOutside() throws {
        let before = TreeSnapshot(sentinel)
        let time = mtime(sentinel)
        let members = [
            Self.link("x", "y"), Self.dir("x"), Self.dir("x/new"), (ArchiveEntry(path: "x", kind: .directory), []),
        ]
        XCTAssertNotNil(write(members))
        XCTAssertEqual(TreeSnapshot(sentinel).differences(to: before), [])
        XCTAssertEqual(mtime(sentinel).tv_sec, time.tv_sec)
        XCTAssertEqual(mtime(sentinel).tv_nsec, time.tv_nsec)
    }

    /// A link left on disk by someone else (not by the archive) is not followed either.
    func testALinkAlreadyInTheStagingFolderIsNeverWrittenThrough() throws {
        XCTAssertEqual(symlink(sentinel, stage + "/pre"), 0)
        let before = TreeSnapshot(sentinel)
        XCTAssertEqual(problem([Self.file("pre/victim", "pwned")]), .throughLink)
        XCTAssertEqual(problem([Self.dir("pre/sub")]), .throughLink)
        XCTAssertEqual(TreeSnapshot(sentinel).differences(to: before), [])
    }

    func testDuplicateFilesAndLinksAreRefusedButFoldersMayRepeat() {
        XCTAssertNil(problem([Self.dir("a"), Self.file("a/x"), Self.dir("a"), Self.dir("a/")]))
        try? FolderWalk.empty(stage)
        XCTAssertEqual(problem([Self.file("p/x"), Self.file("p/x")]), .duplicate)
        try? FolderWalk.empty(stage)
        XCTAssertEqual(problem([Self.file("q"), Self.dir("q")]), .duplicate)
        try? FolderWalk.empty(stage)
        XCTAssertEqual(problem([Self.link("r", "s"), Self.link("r", "t")]), .duplicate)
    }

    func testHardLinkIsACopyOfAFileInside() throws {
        XCTAssertNil(
            problem([Self.file("Pod/a", "hello"), (.init(path: "Pod/b", kind: .hardlink, linkTarget: "Pod/a"), [])]))
        var a = stat()
        var b = stat()
        lstat(stage + "/Pod/a", &a)
        lstat(stage + "/Pod/b", &b)
        XCTAssertEqual(b.st_mode & S_IFMT, S_IFREG)
        XCTAssertNotEqual(a.st_ino, b.st_ino, "a copy, not a second name of the same file")
        XCTAssertEqual(try String(contentsOfFile: stage + "/Pod/b", encoding: .utf8), "hello")
    }

    func testLinkLoopIsRefused() {
        XCTAssertEqual(problem([Self.link("a", "b"), Self.link("b", "a")]), .linkOutside)
    }

    func testBounds() {
        let small = ArchiveLimits(maxArchiveBytes: 1 << 30, maxEntries: 3, maxExpandedBytes: 100, maxRatio: 10)
        XCTAssertEqual(
            write((0..<4).map { Self.file("f\($0)") }, limits: small), .limit(.entries, limit: 3))
        try? FolderWalk.empty(stage)
        XCTAssertEqual(
            write([Self.file("big", String(repeating: "a", count: 101))], limits: small),
            .limit(.expandedBytes, limit: 100))
        try? FolderWalk.empty(stage)
        let ratio = ArchiveLimits(maxArchiveBytes: 1 << 30, maxEntries: 10, maxExpandedBytes: 1 << 40, maxRatio: 10)
        let zeros = [UInt8](repeating: 0, count: Int(ArchiveLimits.ratioFloor) + 1)
        XCTAssertEqual(
            write([(.init(path: "bomb", kind: .file), zeros)], limits: ratio, archiveBytes: 1000),
            .limit(.ratio, limit: 10))
    }

    func testVerifyAndReadNeverFollowLinks() throws {
        try temp.write("stage/Pod.podspec.json", "{}")
        XCTAssertEqual(symlink("/dev/zero", stage + "/zero"), 0)
        XCTAssertEqual(symlink("Pod.podspec.json", stage + "/inside"), 0)
        XCTAssertEqual(mkfifo(stage + "/fifo", 0o644), 0)
        let tree = try PodTree(stage)
        XCTAssertEqual(try tree.readRegularFile("Pod.podspec.json", limit: 10).get(), Array("{}".utf8))
        XCTAssertEqual(tree.readRegularFile("Pod.podspec.json", limit: 1), .failure(.tooLarge))
        XCTAssertEqual(tree.readRegularFile("zero", limit: 10), .failure(.link))
        XCTAssertEqual(tree.readRegularFile("inside", limit: 10), .failure(.link))
        XCTAssertEqual(tree.readRegularFile("fifo", limit: 10), .failure(.notRegular))
        XCTAssertEqual(tree.readRegularFile("missing", limit: 10), .failure(.missing))
        XCTAssertThrowsError(try tree.verify()) { error in
            XCTAssertEqual(error as? PodTreeFailure, .unsafe(entry: "fifo", .special))
        }
        unlink(stage + "/fifo")
        XCTAssertThrowsError(try tree.verify()) { error in
            XCTAssertEqual(error as? PodTreeFailure, .unsafe(entry: "zero", .linkOutside))
        }
        unlink(stage + "/zero")
        XCTAssertNoThrow(try tree.verify())
    }
}
