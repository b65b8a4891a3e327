import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

final class FileEditLockTests: XCTestCase {
    func testAHeldLockMakesAnEditWaitThenFailWithExit5() throws {
        let dir = TempDirectory("edit-lock")
        let path = try dir.write("Podfile", "platform :ios, '13.0'\n")
        // Another holder: a separate open file description of the folder, as another process has.
        let fd = open(dir.path, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
        let start = Date()
        XCTAssertThrowsError(try FileEditLock.withLock(path, timeout: 0.3) { XCTFail("ran without the lock") }) {
            let error = $0 as? any PodMirrorError
            XCTAssertEqual(error?.code, .fileLocked)
            XCTAssertEqual(error?.code.exitStatus, .lockHeld)
            XCTAssertTrue(error?.message.contains(path) == true, error?.message ?? "")
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.3)
        flock(fd, LOCK_UN)
        XCTAssertEqual(try FileEditLock.withLock(path, timeout: 0.3) { 42 }, 42)
    }

    func testAFileEditRefusesBytesThatChangedSinceThePlanReadThem() throws {
        let dir = TempDirectory("edit-lock")
        let path = try dir.write("gemrc", "a\n")
        let change = Change.fileEdit(
            id: "x", kind: .gemrcEdit, path: path, old: Array("a\n".utf8), new: Array("b\n".utf8), summary: "",
            fileSystem: LocalFileSystem())
        try dir.write("gemrc", "c\n")
        XCTAssertThrowsError(try change.apply(ApplyContext())) {
            XCTAssertEqual(($0 as? any PodMirrorError)?.code.exitStatus, .lockHeld)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "c\n")
    }
}
