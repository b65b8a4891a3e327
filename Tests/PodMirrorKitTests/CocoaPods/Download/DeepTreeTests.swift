import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` on a thread with the stack `pods fetch` gives its workers (1 MiB), and waits for it.
func onFetchWorker(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
    done.wait()
}

/// What a worker thread hands back.
final class WorkerOutcome: @unchecked Sendable {
    var error: Error?
}

/// Issue #28, item 2: a tree thousands of folders deep (a 191-byte tar.gz) crashed the run with SIGSEGV (the tree
/// check recursed once per level on a 1 MiB worker thread), and a failed extraction deeper than PATH_MAX left a
/// staging folder no run could remove. Walks and removals now go through descriptors, without recursion.
extension HTTPSourceDownloaderTests {
    /// A tar.gz holding one file `depth` folders of `component` deep, then `tail` (Python statements with `t`).
    func deepTar(depth: Int, component: String = "a", tail: String = "") throws -> [UInt8] {
        try pythonArchive(
            """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], 'w:gz', format=tarfile.PAX_FORMAT) as t:
                i = tarfile.TarInfo('top/' + '\(component)/' * \(depth) + 'f'); i.size = 1
                t.addfile(i, io.BytesIO(b'x'))
            \(tail.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            """)
    }

    func testTwoThousandFoldersDeepIsCheckedWithoutExhaustingAWorkerStack() throws {
        let tgz = try deepTar(depth: 2000)
        XCTAssertLessThan(tgz.count, 1000, "a small archive")
        server.serve("/deep.tgz", tgz)
        let outcome = WorkerOutcome()
        let url = server.url + "/deep.tgz"
        let (dest, scratch, options) = (self.dest, self.scratch, self.options())
        onFetchWorker {
            do {
                _ = try HTTPSourceDownloader.fetch(HTTPSource(url: url), into: dest, scratch: scratch, options: options)
            } catch { outcome.error = error }
        }
        XCTAssertNil(outcome.error)
        // The file is there, 2,000 folders down (reached through descriptors: the path is longer than PATH_MAX).
        var fd = open(dest, O_RDONLY | O_DIRECTORY)
        for _ in 0..<2000 {
            let next = openat(fd, "a", O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
            close(fd)
            fd = next
            XCTAssertGreaterThanOrEqual(fd, 0)
            if fd < 0 { break }
        }
        var st = stat()
        XCTAssertEqual(fstatat(fd, "f", &st, AT_SYMLINK_NOFOLLOW), 0)
        close(fd)
        try FolderWalk.empty(dest)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dest), [])
    }

    /// A failed extraction whose folders go beyond PATH_MAX: everything is removed, nothing is left in scratch.
    func testAFailedExtractionDeeperThanPathMaxLeavesNothing() throws {
        let tgz = try deepTar(
            depth: 2100, component: "aa",
            tail: "i = tarfile.TarInfo('top/pipe'); i.type = tarfile.FIFOTYPE; t.addfile(i)")
        let outcome = WorkerOutcome()
        try makeOutside()
        server.serve("/deep-fifo.tgz", tgz)
        let url = server.url + "/deep-fifo.tgz"
        let (dest, scratch, options) = (self.dest, self.scratch, self.options())
        onFetchWorker {
            do {
                _ = try HTTPSourceDownloader.fetch(HTTPSource(url: url), into: dest, scratch: scratch, options: options)
            } catch { outcome.error = error }
        }
        let code = (outcome.error as? HTTPSourceError)?.code
        XCTAssertEqual(code, .podsHTTPUnsafeArchive, "\(String(describing: outcome.error))")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], "scratch is empty")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dest), [], "dest is empty")
    }

    /// `LocalFileSystem.removeItem` (what removes a pod's staging folder) takes a tree deeper than PATH_MAX with a
    /// folder closed to writing.
    func testRemovingATreeDeeperThanPathMaxWithAClosedFolder() throws {
        let root = temp.sub("deep-remove")
        XCTAssertEqual(mkdir(root, 0o755), 0)
        var fd = open(root, O_RDONLY | O_DIRECTORY)
        for level in 0..<2100 {
            XCTAssertEqual(mkdirat(fd, "aa", 0o755), 0)
            let next = openat(fd, "aa", O_RDONLY | O_DIRECTORY)
            if level == 1000 {
                let file = openat(fd, "file", O_WRONLY | O_CREAT, 0o644)
                close(file)
                fchmod(fd, 0o555)
            }
            close(fd)
            fd = next
        }
        close(fd)
        XCTAssertNoThrow(try LocalFileSystem().removeItem(root))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root))
    }
}
