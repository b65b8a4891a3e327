import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// `FolderEntryCount` reads folders with `getdents64` on Linux and with `readdir` on macOS: both readers run
/// the same checks here, so the one macOS uses is tested on Linux too.
final class FolderEntryCountTests: XCTestCase {
    private func count(_ path: String, root: Bool, portable: Bool) -> Int? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0, path)
        return FolderEntryCount(portable: portable).countAndClose(fd, root: root)
    }

    func testBothReadersCountTheSameNames() throws {
        let tmp = TempDirectory()
        // Names that look like the skipped ones; `.git` is skipped in the top folder only.
        let tricky = [".a", "..b", "...", ".gi", ".gitx", ".git2", "g", "plain"]
        for name in tricky { _ = try tmp.write("top/" + name, "x") }
        try FileManager.default.createDirectory(atPath: tmp.sub("top/.git"), withIntermediateDirectories: true)
        _ = try tmp.write("top/sub/.git", "gitdir: elsewhere\n")
        _ = try tmp.write("top/sub/file", "x")
        try FileManager.default.createDirectory(atPath: tmp.sub("empty"), withIntermediateDirectories: true)
        // More entries than one 32 KiB read holds, with long names, so the reader goes on past one buffer.
        for i in 0..<1500 { _ = try tmp.write("many/" + String(repeating: "n", count: 40) + "\(i)", "") }

        for portable in [false, true] {
            let reader = portable ? "readdir" : "getdents64"
            XCTAssertEqual(count(tmp.sub("top"), root: true, portable: portable), tricky.count + 1, reader)
            XCTAssertEqual(count(tmp.sub("top"), root: false, portable: portable), tricky.count + 2, reader)
            XCTAssertEqual(count(tmp.sub("top/sub"), root: false, portable: portable), 2, reader)
            XCTAssertEqual(count(tmp.sub("top/sub"), root: true, portable: portable), 1, reader)
            XCTAssertEqual(count(tmp.sub("empty"), root: true, portable: portable), 0, reader)
            XCTAssertEqual(count(tmp.sub("many"), root: false, portable: portable), 1500, reader)
        }
    }

    func testTheReadersAreTheOnesAsked() {
        XCTAssertFalse(FolderEntryCount(portable: true).readsRawEntries)
        XCTAssertEqual(FolderEntryCount().readsRawEntries, PlatformShims.linuxDirents)
    }
}
