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

/// Issue #20: hostile `:http` archives built here with Python's zipfile/tarfile. For each: the error code,
/// nothing published, and a sentinel folder beside the download (`outside`) exactly as it was: its entries,
/// modes and its own mtime.
extension HTTPSourceDownloaderTests {
    var outside: String { temp.sub("outside") }

    /// Makes the sentinel folder: one file, mode 0700, an old mtime.
    func makeOutside() throws {
        try temp.write("outside/keep", "keep\n")
        chmod(outside, 0o700)
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, outside, &times, 0)
    }

    func outsideState() -> (TreeSnapshot, Int, UInt32) {
        var st = stat()
        lstat(outside, &st)
        return (TreeSnapshot(outside), Int(st.st_mtim.tv_sec), UInt32(st.st_mode))
    }

    /// Serves `bytes`, fetches it and checks the refusal: `code` is the error code, `key` (when given) the
    /// message; nothing published, nothing left in scratch, the sentinel unchanged.
    func assertHostile(
        _ bytes: [UInt8], name: String, code: ErrorCode, key: String? = nil, limits: ArchiveLimits = .default,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try makeOutside()
        let before = outsideState()
        server.serve("/" + name, bytes)
        let e = catchError { _ = try fetch(HTTPSource(url: server.url + "/" + name), limits: limits) }
        let error = e as? HTTPSourceError
        XCTAssertEqual(error?.code, code, "\(name): \(String(describing: e))", file: file, line: line)
        if let key { XCTAssertEqual(error?.text?.key, key, name, file: file, line: line) }
        assertNothingLeft(file: file, line: line)
        let after = outsideState()
        XCTAssertEqual(after.0.differences(to: before.0), [], "\(name): outside changed", file: file, line: line)
        XCTAssertEqual(after.1, before.1, "\(name): outside's mtime changed", file: file, line: line)
        XCTAssertEqual(after.2, before.2, "\(name): outside's mode changed", file: file, line: line)
    }

    /// Python that writes a zip: `links` is a list of (name, target), then `body` runs with `z` open.
    static func zipScript(_ body: String) -> String {
        """
        import sys, zipfile, time
        def link(z, name, target):
            i = zipfile.ZipInfo(name); i.create_system = 3; i.external_attr = (0o120777 << 16); z.writestr(i, target)
        def folder(z, name):
            i = zipfile.ZipInfo(name + '/', date_time=(1990, 1, 1, 0, 0, 0)); i.create_system = 3
            i.external_attr = (0o40777 << 16) | 0x10; z.writestr(i, '')
        with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
        \(body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        """
    }

    // The staging folder is scratch/http-XXXXXX/out: `a/b/c/s -> ../../..` is its root by name and on
    // disk, so `a/b/c/s/../../../outside` stays inside by name (`a/outside`) but is temp/outside on disk.
    static let chain = "folder(z, 'a/b/c')\nlink(z, 'a/b/c/s', '../../..')"

    func testZipFileWithTheNameOfALinkChainIsNeverWrittenOutside() throws {
        let zip = try pythonArchive(
            Self.zipScript(
                Self.chain + "\nlink(z, 'evil', 'a/b/c/s/../../../outside/pwned')\nz.writestr('evil', 'pwned')"))
        try assertHostile(zip, name: "same-name.zip", code: .podsHTTPUnsafeArchive)
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside + "/pwned"))
    }

    func testZipFolderEntryThroughALinkChainLeavesTheFolderOutsideAsItWas() throws {
        let zip = try pythonArchive(
            Self.zipScript(Self.chain + "\nlink(z, 'd', 'a/b/c/s/../../../outside')\nfolder(z, 'd')"))
        try assertHostile(zip, name: "dir-through.zip", code: .podsHTTPUnsafeArchive)
    }

    func testTarFileWithTheNameOfALinkChainIsNeverWrittenOutside() throws {
        let tar = try pythonArchive(
            """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], 'w:gz') as t:
                i = tarfile.TarInfo('a/b/c'); i.type = tarfile.DIRTYPE; i.mode = 0o755; t.addfile(i)
                i = tarfile.TarInfo('a/b/c/s'); i.type = tarfile.SYMTYPE; i.linkname = '../../..'; t.addfile(i)
                i = tarfile.TarInfo('evil'); i.type = tarfile.SYMTYPE
                i.linkname = 'a/b/c/s/../../../outside/pwned'; t.addfile(i)
                i = tarfile.TarInfo('evil'); i.size = 5; t.addfile(i, io.BytesIO(b'pwned'))
                i = tarfile.TarInfo('d'); i.type = tarfile.SYMTYPE; i.linkname = 'a/b/c/s/../../../outside'
                t.addfile(i)
                i = tarfile.TarInfo('d'); i.type = tarfile.DIRTYPE; i.mode = 0o777; i.mtime = 0; t.addfile(i)
            """)
        try assertHostile(tar, name: "chain.tgz", code: .podsHTTPUnsafeArchive)
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside + "/pwned"))
    }

    func testTarFIFOAndDeviceAreRefused() throws {
        let fifo = try pythonArchive(
            """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], 'w') as t:
                i = tarfile.TarInfo('pod/ok'); i.size = 1; t.addfile(i, io.BytesIO(b'x'))
                i = tarfile.TarInfo('pod/pipe'); i.type = tarfile.FIFOTYPE; t.addfile(i)
            """)
        try assertHostile(fifo, name: "fifo.tar", code: .podsHTTPUnsafeArchive, key: "pods.http.unsafe-entry.special")
        let device = try pythonArchive(
            """
            import sys, tarfile
            with tarfile.open(sys.argv[1], 'w') as t:
                i = tarfile.TarInfo('pod/null'); i.type = tarfile.CHRTYPE; i.devmajor = 1; i.devminor = 3; t.addfile(i)
            """)
        try assertHostile(device, name: "dev.tar", code: .podsHTTPUnsafeArchive, key: "pods.http.unsafe-entry.device")
    }

    /// GNU tar's sparse members (old GNU 'S', pax 0.1 and 1.0) carry a map of holes, not the file's bytes: refused
    /// naming the member (before: written as a plain file holding the map and the data without its holes).
    func testSparseTarMembersAreRefusedNamingTheMember() throws {
        for format in [
            ["--format=gnu"], ["--format=pax", "--sparse-version=0.1"], ["--format=pax", "--sparse-version=1.0"],
        ] {
            let tar = try pythonArchive(
                """
                import os, subprocess, sys, tempfile
                d = tempfile.mkdtemp()
                os.makedirs(d + '/pod')
                open(d + '/pod/ok.txt', 'w').write('ok')
                with open(d + '/pod/sparse.bin', 'wb') as f:
                    f.write(b'start'); f.seek(1 << 20); f.write(b'end')
                subprocess.check_call(['tar', '--sparse', \(format.map { "'\($0)'" }.joined(separator: ", ")),
                    '-cf', sys.argv[1], '-C', d, 'pod'])
                """)
            try assertHostile(tar, name: "sparse.tar", code: .podsHTTPExtraction)
            server.serve("/sparse2.tar", tar)
            let e = fetchError(HTTPSource(url: server.url + "/sparse2.tar"))
            XCTAssertTrue(
                e?.message.contains("sparse member 'pod/sparse.bin'") ?? false, "\(format): \(e?.message ?? "nil")")
        }
    }

    func testDuplicateZipEntryIsRefusedNamingTheEntry() throws {
        let zip = try pythonArchive(
            """
            import sys, warnings, zipfile
            warnings.simplefilter('ignore')
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('Pod/a.h', 'one'); z.writestr('Pod/a.h', 'two')
            """)
        try assertHostile(zip, name: "dup.zip", code: .podsHTTPUnsafeArchive, key: "pods.http.unsafe-entry.duplicate")
        server.serve("/dup2.zip", zip)
        let e = fetchError(HTTPSource(url: server.url + "/dup2.zip"))
        XCTAssertTrue(e?.message.contains("'Pod/a.h'") ?? false, e?.message ?? "nil")
        XCTAssertFalse(e?.message.contains("516") ?? true, e?.message ?? "nil")
    }

    func testTarHardLinkOutsideIsRefusedAndOneInsideBecomesACopy() throws {
        let outward = try pythonArchive(
            """
            import sys, tarfile
            with tarfile.open(sys.argv[1], 'w') as t:
                i = tarfile.TarInfo('pod/h'); i.type = tarfile.LNKTYPE; i.linkname = '/etc/passwd'; t.addfile(i)
            """)
        try assertHostile(outward, name: "hard.tar", code: .podsHTTPUnsafeArchive)
        let inside = try pythonArchive(
            """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], 'w') as t:
                i = tarfile.TarInfo('pod/a'); i.size = 5; t.addfile(i, io.BytesIO(b'hello'))
                i = tarfile.TarInfo('pod/b'); i.type = tarfile.LNKTYPE; i.linkname = 'pod/a'; t.addfile(i)
            """)
        server.serve("/inside.tar", inside)
        _ = try fetch(HTTPSource(url: server.url + "/inside.tar"))
        XCTAssertEqual(listing(dest), ["a", "b"])
        XCTAssertEqual(try temp.read("dest/b"), Array("hello".utf8))
    }

    func testLinkToTheTopFolderParentIsRefusedOnceFlattened() throws {
        // Inside the archive by name (`pod/up -> ..` is the archive's root), outside the pod once `pod/` is
        // flattened away.
        let tar = try pythonArchive(
            """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], 'w:gz') as t:
                i = tarfile.TarInfo('pod/a'); i.size = 1; t.addfile(i, io.BytesIO(b'x'))
                i = tarfile.TarInfo('pod/up'); i.type = tarfile.SYMTYPE; i.linkname = '..'; t.addfile(i)
            """)
        try assertHostile(tar, name: "up.tgz", code: .podsHTTPUnsafeArchive, key: "pods.http.unsafe-entry.link-outside")
    }

    // MARK: bounds

    func testZipBombIsStoppedByTheRatio() throws {
        // 40 MiB of zeros deflate to ~40 KB: a ratio near 1000.
        let zip = try pythonArchive(
            Self.zipScript("z.writestr('pod/zeros', b'\\0' * (40 << 20))"))
        var limits = ArchiveLimits.default
        limits.maxRatio = 100
        try assertHostile(
            zip, name: "bomb.zip", code: .podsHTTPCompressionRatio, key: "pods.http.archive-limit.ratio",
            limits: limits)
    }

    func testExpandedSizeArchiveSizeAndEntryCountBounds() throws {
        let tgz = try pythonArchive(
            """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], 'w:gz') as t:
                for n in range(50):
                    data = b'y' * 4096; i = tarfile.TarInfo('pod/f%d' % n); i.size = len(data)
                    t.addfile(i, io.BytesIO(data))
            """)
        var expanded = ArchiveLimits.default
        expanded.maxExpandedBytes = 100_000
        try assertHostile(
            tgz, name: "expanded.tgz", code: .podsHTTPExpandedTooLarge, limits: expanded)
        var entries = ArchiveLimits.default
        entries.maxEntries = 20
        try assertHostile(tgz, name: "entries.tgz", code: .podsHTTPTooManyEntries, limits: entries)
        var size = ArchiveLimits.default
        size.maxArchiveBytes = Int64(tgz.count - 1)
        try assertHostile(tgz, name: "size.tgz", code: .podsHTTPArchiveTooLarge, limits: size)
        server.serve("/fine.tgz", tgz)
        _ = try fetch(HTTPSource(url: server.url + "/fine.tgz"))
        XCTAssertEqual(listing(dest).count, 50)
    }

    func testAnArchiveOverTheSizeBoundIsCutWhileItDownloads() throws {
        final class Seen: @unchecked Sendable {
            var most: Int64 = 0
        }
        let seen = Seen()
        var o = options(retries: 0)
        var limits = ArchiveLimits.default
        limits.maxArchiveBytes = 100_000
        o.progress = { seen.most = max(seen.most, $0) }
        let big = [UInt8](repeating: 0x41, count: 8 << 20)
        server.serve("/big.tgz", big)
        let e = fetchError(HTTPSource(url: server.url + "/big.tgz"), o, limits: limits)
        XCTAssertEqual(e?.code, .podsHTTPArchiveTooLarge, "\(String(describing: e))")
        XCTAssertTrue(e?.remedy?.contains("PODMIRROR_ARCHIVE_MAX_BYTES") ?? false, e?.remedy ?? "nil")
        XCTAssertLessThan(seen.most, Int64(big.count), "the transfer is cut, not finished")
        assertNothingLeft()
    }

    func testLimitsComeFromTheEnvironmentAndBadValuesAreRefused() throws {
        let limits = try ArchiveLimits.resolve(environment: [
            "PODMIRROR_ARCHIVE_MAX_BYTES": "10", "PODMIRROR_ARCHIVE_MAX_ENTRIES": "20",
            "PODMIRROR_ARCHIVE_MAX_EXPANDED_BYTES": "30", "PODMIRROR_ARCHIVE_MAX_RATIO": "40",
        ])
        XCTAssertEqual(limits, ArchiveLimits(maxArchiveBytes: 10, maxEntries: 20, maxExpandedBytes: 30, maxRatio: 40))
        XCTAssertEqual(try ArchiveLimits.resolve(environment: [:]), .default)
        for bad in ["0", "-1", "1e9", "many"] {
            XCTAssertThrowsError(try ArchiveLimits.resolve(environment: ["PODMIRROR_ARCHIVE_MAX_RATIO": bad])) {
                let e = $0 as? PodMirrorFailure
                XCTAssertEqual(e?.code, .usage)
                XCTAssertTrue(e?.message.contains("PODMIRROR_ARCHIVE_MAX_RATIO") ?? false)
                XCTAssertTrue(e?.message.contains("'\(bad)'") ?? false)
            }
        }
    }
}
