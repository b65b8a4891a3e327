import Foundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A pack file's pages read through a mapping stop counting as the process's memory once dropped, and the bytes
/// read again afterwards are the same; mappings of other files are left as they are.
final class PackPagesTests: XCTestCase {
    func testReadPackPagesLeaveTheProcessAndReadBackTheSame() throws {
        #if os(Linux)
            let dir = TempDirectory()
            let size = 32 << 20
            var bytes = [UInt8](repeating: 0, count: size)
            for i in stride(from: 0, to: size, by: 4096) { bytes[i] = UInt8(truncatingIfNeeded: i >> 12) }
            try FileManager.default.createDirectory(atPath: dir.sub("objects/pack"), withIntermediateDirectories: true)
            let pack = try map(bytes, at: dir.sub("objects/pack/pack-1.pack"))
            let other = try map(bytes, at: dir.sub("other.bin"))
            defer { munmap(pack, size); munmap(other, size) }
            let before = fileResidentKB()
            let packSum = touch(pack, size)
            let otherSum = touch(other, size)
            let read = fileResidentKB()
            XCTAssertGreaterThan(read - before, 60_000, "both files read: \(before) → \(read) KB")

            Libgit2.dropPackPages()
            let dropped = fileResidentKB()
            XCTAssertGreaterThan(read - dropped, 28_000, "the pack's 32 MB left: \(read) → \(dropped) KB")
            XCTAssertLessThan(read - dropped, 36_000, "the other file stays: \(read) → \(dropped) KB")
            XCTAssertEqual(touch(pack, size), packSum, "the pack reads back the same bytes")
            XCTAssertEqual(touch(other, size), otherSum)
        #else
            throw XCTSkip("the pages are dropped on Linux only")
        #endif
    }

    #if os(Linux)
        func map(_ bytes: [UInt8], at path: String) throws -> UnsafeMutableRawPointer {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            guard let p = mmap(nil, bytes.count, PROT_READ, MAP_SHARED, fd, 0), p != MAP_FAILED else {
                throw POSIXError(.EIO)
            }
            return p
        }

        func touch(_ p: UnsafeMutableRawPointer, _ size: Int) -> Int {
            var sum = 0
            for i in stride(from: 0, to: size, by: 4096) { sum &+= Int(p.load(fromByteOffset: i, as: UInt8.self)) }
            return sum
        }

        func fileResidentKB() -> Int {
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("RssFile:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
    #endif
}
