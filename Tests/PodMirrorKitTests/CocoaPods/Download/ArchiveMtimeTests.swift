import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// Member mtimes: CocoaPods extracts with `tar xf` and `unzip`, which restore them, and copies into its cache with
/// `rsync -a`, which keeps them (shared/spec/cocoapods-download-cache.md §6, §7). podmirror's files get the same
/// times as those tools give them (checked against the tools themselves), also after flattening.
extension HTTPSourceDownloaderTests {
    /// Seconds and nanoseconds of the last modification of every regular file below `root`, by relative path.
    func fileTimes(_ root: String) -> [String: String] {
        var out: [String: String] = [:]
        for rel in listing(root) {
            var st = stat()
            guard lstat(root + "/" + rel, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            let (seconds, nanoseconds) = PlatformShims.mtime(st)
            out[rel] = "\(seconds).\(nanoseconds)"
        }
        return out
    }

    /// Extracts `archive` with `tool` (argv) into a new folder; returns it.
    func referenceExtraction(_ tool: [String]) throws -> String {
        let folder = temp.sub("reference-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let r = try ProcessRunner.run("/usr/bin/env", tool + [folder])
        XCTAssertEqual(r.status, 0, r.stderr)
        return folder
    }

    func testTarMemberMtimesAreKeptAsTarRestoresThem() throws {
        // ustar (whole seconds), pax with a fraction, a hard link, in one top folder (flattened).
        let tgz = try pythonArchive(
            """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], "w:gz", format=tarfile.PAX_FORMAT) as t:
                for name, when in [("pod/LICENSE", 1500000000), ("pod/Sources/a.swift", 1600000123.25),
                                   ("pod/Sources/b.swift", 1234567890)]:
                    data = name.encode()
                    i = tarfile.TarInfo(name); i.size = len(data); i.mtime = when
                    t.addfile(i, io.BytesIO(data))
                h = tarfile.TarInfo("pod/Sources/linked.swift"); h.type = tarfile.LNKTYPE
                h.linkname = "pod/Sources/b.swift"; h.mtime = 1700000000
                t.addfile(h)
            """)
        let archive = temp.sub("pod.tgz")
        try Data(tgz).write(to: URL(fileURLWithPath: archive))
        let reference = try referenceExtraction(["tar", "xzf", archive, "-C"])
        server.serve("/PMTimes.tgz", tgz)
        _ = try fetch(HTTPSource(url: server.url + "/PMTimes.tgz", sha256: sha256(tgz)))
        let expected = fileTimes(reference + "/pod")
        XCTAssertEqual(expected["LICENSE"], "1500000000.0")
        XCTAssertEqual(fileTimes(dest), expected)
    }

    func testZipMemberMtimesAreKeptAsUnzipRestoresThem() throws {
        let zip = try pythonArchive(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                for name, when in [("PMZip-1.0/LICENSE", (2017, 7, 14, 2, 40, 0)),
                                   ("PMZip-1.0/Sources/a.swift", (2020, 9, 13, 12, 26, 40))]:
                    z.writestr(zipfile.ZipInfo(name, when), name)
            """)
        let archive = temp.sub("pod.zip")
        try Data(zip).write(to: URL(fileURLWithPath: archive))
        let reference = try referenceExtraction(["unzip", "-q", archive, "-d"])
        server.serve("/PMZip.zip", zip)
        _ = try fetch(HTTPSource(url: server.url + "/PMZip.zip", sha256: sha256(zip)))
        let expected = fileTimes(reference)
        XCTAssertEqual(expected.count, 2)
        XCTAssertEqual(fileTimes(dest), expected)
    }
}
