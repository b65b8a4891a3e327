import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

final class AtomicWriteTests: XCTestCase {
    func testWriteKeepsModeAndFollowsSymlink() throws {
        let dir = TempDirectory()
        let real = try dir.write("real/Podfile", "old\n")
        XCTAssertEqual(chmod(real, 0o640), 0)
        XCTAssertNoThrow(
            try FileManager.default.createSymbolicLink(atPath: dir.sub("Podfile"), withDestinationPath: "real/Podfile"))
        let fs = LocalFileSystem()
        XCTAssertTrue(try fs.writeIfChanged(Array("new\n".utf8), to: dir.sub("Podfile")))
        XCTAssertEqual(try dir.read("real/Podfile"), Array("new\n".utf8))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.sub("Podfile")), "real/Podfile")
        let attrs = try FileManager.default.attributesOfItem(atPath: real)
        XCTAssertEqual((attrs[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(dir.listing().filter { $0.contains("podmirror-") }, [], "no temp file left")
    }

    /// The one atomic write (`AtomicFile`, which `writeAtomically` and `repo export` use): written in chunks beside
    /// the file, which stays the old one until `commit()`; `discard()` leaves it as it was and no temporary file.
    func testAnAtomicFileReplacesTheFileOnlyWhenCommitted() throws {
        let dir = TempDirectory()
        let p = try dir.write("f", "old\n")
        let temporaries = { dir.listing().filter { $0.contains("podmirror-") } }
        let dropped = try AtomicFile(p, mode: 0o600)
        try dropped.write(Array("dropped".utf8))
        XCTAssertEqual(temporaries().count, 1)
        dropped.discard()
        XCTAssertEqual(try dir.read("f"), Array("old\n".utf8))
        XCTAssertEqual(temporaries(), [])
        let file = try AtomicFile(p, mode: 0o600)
        try file.write(Array("ne".utf8))
        try file.write(Data("w\n".utf8))
        XCTAssertEqual(file.written, 4)
        XCTAssertEqual(try dir.read("f"), Array("old\n".utf8), "the old file until the commit")
        try file.commit()
        XCTAssertEqual(try dir.read("f"), Array("new\n".utf8))
        let attrs = try FileManager.default.attributesOfItem(atPath: p)
        XCTAssertEqual((attrs[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(temporaries(), [])
    }

    func testUnchangedBytesAreNotWritten() throws {
        let dir = TempDirectory()
        let p = try dir.write("f", "same\n")
        let before = try FileManager.default.attributesOfItem(atPath: p)[.systemFileNumber] as? NSNumber
        XCTAssertFalse(try LocalFileSystem().writeIfChanged(Array("same\n".utf8), to: p))
        let after = try FileManager.default.attributesOfItem(atPath: p)[.systemFileNumber] as? NSNumber
        XCTAssertEqual(before, after, "same inode: the file was not replaced")
    }

    func testWriteIntoReadOnlyFolderFailsNamingPathAndLeavesFile() throws {
        if getuid() == 0 { throw XCTSkip("root ignores folder permissions") }
        let dir = TempDirectory()
        let p = try dir.write("ro/f", "old\n")
        chmod(dir.sub("ro"), 0o555)
        defer { chmod(dir.sub("ro"), 0o755) }
        XCTAssertThrowsError(try LocalFileSystem().writeAtomically(Array("new\n".utf8), to: p, defaultMode: 0o644)) {
            XCTAssertTrue(String(describing: $0).contains(p))
        }
        XCTAssertEqual(try dir.read("ro/f"), Array("old\n".utf8))
    }
}
