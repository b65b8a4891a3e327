import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Issue #28, item 9 (the archive and download parts): member names with terminal control bytes are printed
/// escaped, a full disk during a download says the system's reason and the file, and an answer podmirror keeps in
/// memory (a ref advertisement) is bounded.
extension HTTPSourceDownloaderTests {
    func testMemberNamesWithControlBytesArePrintedEscaped() throws {
        let tar = try pythonArchive(
            """
            import sys, tarfile
            with tarfile.open(sys.argv[1], 'w') as t:
                i = tarfile.TarInfo('pod/\\x1b[31mred\\rfake\\nline\\x7f\\x9b'); i.type = tarfile.FIFOTYPE
                t.addfile(i)
            """)
        server.serve("/esc.tar", tar)
        let e = fetchError(HTTPSource(url: server.url + "/esc.tar"))
        let message = try XCTUnwrap(e?.message)
        XCTAssertEqual(e?.code, .podsHTTPUnsafeArchive)
        XCTAssertFalse(message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, message)
        XCTAssertTrue(message.contains(#"pod/\u001b[31mred\rfake\nline\u007f\u009b"#), message)
    }

    func testTerminalTextEscapesEveryControlAndKeepsTheRest() {
        XCTAssertEqual(TerminalText.escaped("a\u{1B}[2Jb\tc\u{0}d\u{85}é✓"), #"a\u001b[2Jb\tc\u0000d\u0085é✓"#)
        XCTAssertEqual(TerminalText.escaped("Pod/Sources/a.swift"), "Pod/Sources/a.swift")
    }

    /// A scratch folder on a 256 KiB tmpfs (root only; skipped elsewhere) and a 2 MiB archive: the error is a
    /// file-system one naming the file and "No space left on device". Before: "Failure writing output to
    /// destination", as a network error.
    func testAFullDiskDuringADownloadSaysTheSystemsReasonAndTheFile() throws {
        guard getuid() == 0,
            let r = try? ProcessRunner.run("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", scratch]),
            r.status == 0
        else { throw XCTSkip("cannot mount a tmpfs here (root and mount(2) needed) to fill a disk") }
        defer { _ = try? ProcessRunner.run("/bin/umount", [scratch]) }
        var rng = SystemRandomNumberGenerator()
        server.serve("/big.zip", (0..<(2 << 20)).map { _ in UInt8.random(in: 0...255, using: &rng) })
        let e = fetchError(HTTPSource(url: server.url + "/big.zip"), options(retries: 0))
        XCTAssertEqual(e?.kind, .fileSystem, "\(String(describing: e))")
        let message = e?.message ?? ""
        XCTAssertTrue(message.contains("No space left on device"), message)
        XCTAssertTrue(message.contains(scratch + "/http-"), message)
        XCTAssertFalse(message.contains("Failure writing output"), message)
        assertNothingLeft()
    }

    /// An answer kept in memory (`mirror test`'s ref advertisement, gem index) is cut at `maxBodyBytes`.
    func testAnAnswerLargerThanTheBoundIsCutNotKept() throws {
        server.serve("/info/refs", [UInt8](repeating: 0x41, count: 3 << 20))
        XCTAssertThrowsError(try HTTPGet(timeout: 10, maxBodyBytes: 1 << 20).fetch(server.url + "/info/refs")) {
            let message = ($0 as? HTTPFailure)?.message ?? "\($0)"
            XCTAssertTrue(message.contains("larger than 1048576 bytes"), message)
        }
        let whole = try HTTPGet(timeout: 10, maxBodyBytes: 4 << 20).fetch(server.url + "/info/refs")
        XCTAssertEqual(whole.body.count, 3 << 20)
        XCTAssertEqual(HTTPGet(timeout: 1).maxBodyBytes, 64 << 20)
    }
}
