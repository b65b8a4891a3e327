import Foundation
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// `FileSystem.readFile`, the one read every project, lock and config file goes through: a regular file only
/// (a symlink is followed), never waiting on a FIFO, never reading a device or a file without end.
final class BoundedReadTests: XCTestCase {
    /// Runs `read` on another thread: a read that blocks fails the test after 5 s instead of hanging the run.
    func readWithin5Seconds(_ path: String) -> Result<[UInt8], Error>? {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.result = Result { try LocalFileSystem().readFile(path) }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + 5) == .success else { return nil }
        return box.result
    }

    final class ResultBox: @unchecked Sendable { var result: Result<[UInt8], Error>? }

    func refusal(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> FileError? {
        guard let result = readWithin5Seconds(path) else {
            XCTFail("reading \(path) blocked", file: file, line: line)
            return nil
        }
        guard case .failure(let error) = result, let fileError = error as? FileError else {
            XCTFail("reading \(path) should fail with a FileError: \(result)", file: file, line: line)
            return nil
        }
        XCTAssertEqual(fileError.path, path, file: file, line: line)
        XCTAssertEqual(fileError.code, .fileRead, file: file, line: line)
        return fileError
    }

    func testAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let dir = TempDirectory("bounded-read")
        let fifo = dir.sub("Podfile.lock")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let error = refusal(fifo)
        XCTAssertEqual(error?.refusal, .notRegular(kind: "FIFO"))
        XCTAssertEqual(error?.message, "cannot read \(fifo): it is a FIFO, not a regular file")
        XCTAssertNotNil(error?.remedy)
        // A symlink to a FIFO: the target is what counts.
        let link = dir.sub("Podfile")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        XCTAssertEqual(refusal(link)?.refusal, .notRegular(kind: "FIFO"))
    }

    func testALinkToADeviceIsRefusedBeforeAnyByteIsRead() throws {
        let dir = TempDirectory("bounded-read")
        for device in ["/dev/zero", "/dev/urandom"] {
            let link = dir.sub("project.pbxproj")
            try? FileManager.default.removeItem(atPath: link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: device)
            let error = refusal(link)
            XCTAssertEqual(error?.refusal, .notRegular(kind: "character device"), device)
            XCTAssertEqual(error?.message, "cannot read \(link): it is a character device, not a regular file")
        }
    }

    func testAFileLargerThanTheLimitIsRefusedNamingTheLimit() throws {
        let dir = TempDirectory("bounded-read")
        let path = dir.sub("Podfile.lock")
        // Sparse: no disk used, only the size says 1 GiB past the limit.
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        XCTAssertEqual(truncate(path, off_t(LocalFileSystem.readLimit) + (1 << 30)), 0)
        let error = refusal(path)
        XCTAssertEqual(error?.refusal, .tooLarge(limit: LocalFileSystem.readLimit))
        XCTAssertEqual(error?.message, "cannot read \(path): it is larger than 512 MiB, the most podmirror reads")
    }

    func testRegularFilesAndLinksToThemAreReadAsBefore() throws {
        let dir = TempDirectory("bounded-read")
        let path = try dir.write("Podfile", "platform :ios, '13.0'\n")
        let link = dir.sub("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        for p in [path, link] {
            guard case .success(let bytes) = readWithin5Seconds(p) else { return XCTFail(p) }
            XCTAssertEqual(bytes, Array("platform :ios, '13.0'\n".utf8))
        }
        XCTAssertEqual(try LocalFileSystem().readFile(try dir.write("empty", "")), [])
        XCTAssertThrowsError(try LocalFileSystem().readFile(dir.path)) { error in
            XCTAssertEqual((error as? FileError)?.reason, "is a directory")
        }
        XCTAssertNoThrow(try LocalFileSystem.checkRegularFile(path))
        XCTAssertThrowsError(try LocalFileSystem.checkRegularFile("/dev/zero"))
    }

    /// `GIT_CONFIG_GLOBAL=/dev/null` is how git's documentation says to read no global config (bench scripts and
    /// CI images set it): the null device is read as the empty file it is, directly or through a link.
    func testTheNullDeviceIsAnEmptyFile() throws {
        let dir = TempDirectory("bounded-read")
        let link = dir.sub("gitconfig")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        for p in ["/dev/null", link] {
            XCTAssertEqual(try LocalFileSystem().readFile(p), [], p)
            XCTAssertNoThrow(try LocalFileSystem.checkRegularFile(p), p)
        }
    }
}
