@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// The tar member listing against archives written by Python's tarfile in each format.
final class TarListingTests: XCTestCase {
    /// ustar holds the long name in its prefix field but has no room for a long link target.
    func linkTarget(_ format: String, _ long: String) -> String { format == "USTAR_FORMAT" ? "a.txt" : long }

    func archive(_ format: String, _ temp: TempDirectory) throws -> [UInt8] {
        let out = temp.sub("t.tar")
        let long = String(repeating: "d", count: 120) + "/" + String(repeating: "f", count: 90) + ".swift"
        let script = """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], 'w', format=tarfile.\(format)) as t:
                i = tarfile.TarInfo('Pod'); i.type = tarfile.DIRTYPE; t.addfile(i)
                data = b'hello' * 300; i = tarfile.TarInfo('Pod/a.txt'); i.size = len(data); \
            t.addfile(i, io.BytesIO(data))
                data = b'x'; i = tarfile.TarInfo('\(long)'); i.size = 1; t.addfile(i, io.BytesIO(data))
                i = tarfile.TarInfo('Pod/link'); i.type = tarfile.SYMTYPE; \
            i.linkname = '\(linkTarget(format, long))'; t.addfile(i)
                i = tarfile.TarInfo('Pod/hard'); i.type = tarfile.LNKTYPE; i.linkname = 'Pod/a.txt'; t.addfile(i)
            """
        let r = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, out])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try temp.read("t.tar")
    }

    func testEveryFormatListsLongNamesLinksAndKinds() throws {
        let temp = TempDirectory("tar-listing")
        let long = String(repeating: "d", count: 120) + "/" + String(repeating: "f", count: 90) + ".swift"
        for format in ["GNU_FORMAT", "PAX_FORMAT", "USTAR_FORMAT"] {
            let bytes = try archive(format, temp)
            for chunk in [1, 7, 512, 100_000] {
                var listing = TarListing()
                var i = 0
                while i < bytes.count {
                    try listing.feed(bytes[i..<min(bytes.count, i + chunk)])
                    i += chunk
                }
                try listing.finish()
                // Python's tarfile writes mtime 0 unless told otherwise.
                XCTAssertEqual(Set(listing.entries.map(\.modified)), [Date(timeIntervalSince1970: 0)])
                XCTAssertEqual(
                    listing.entries.map { ArchiveEntry(path: $0.path, kind: $0.kind, linkTarget: $0.linkTarget) },
                    [
                        ArchiveEntry(path: "Pod/", kind: .directory),
                        ArchiveEntry(path: "Pod/a.txt", kind: .file),
                        ArchiveEntry(path: long, kind: .file),
                        ArchiveEntry(path: "Pod/link", kind: .symlink, linkTarget: linkTarget(format, long)),
                        ArchiveEntry(path: "Pod/hard", kind: .hardlink, linkTarget: "Pod/a.txt"),
                    ], "\(format), chunks of \(chunk)")
            }
        }
    }

    func testTruncatedAndGarbageStreamsFail() throws {
        let temp = TempDirectory("tar-listing")
        let bytes = try archive("PAX_FORMAT", temp)
        var cut = TarListing()
        try cut.feed(bytes.prefix(1000))
        XCTAssertThrowsError(try cut.finish())
        var garbage = TarListing()
        XCTAssertThrowsError(try garbage.feed([UInt8](repeating: 0x41, count: 1024)))
    }
}
