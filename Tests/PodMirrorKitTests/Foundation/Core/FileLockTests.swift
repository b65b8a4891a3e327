import Foundation
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// `FileLock`, the one flock every podmirror lock waits with: another process holding the file makes the wait end at
/// the timeout or at cancellation, naming that process when its owner file does; a shared holder admits shared ones.
final class FileLockTests: XCTestCase {
    func testAWaitForAHeldLockEndsAtTheTimeoutUnlockedThenTakesItOnceFree() throws {
        let dir = TempDirectory("file-lock")
        let path = dir.sub("Spec_Lock")
        let other = try FlockHolder(path)
        let lock = try FileLock(path: path, flags: O_RDWR | O_CREAT)
        let start = Date()
        XCTAssertThrowsError(try lock.lock(timeout: 0.3, poll: 0.01, cancellation: .init())) {
            let timedOut = $0 as? FileLockTimeout
            XCTAssertEqual(timedOut?.path, path)
            XCTAssertEqual(timedOut?.timeout, 0.3)
            XCTAssertNil(timedOut?.holder, "a lock without an owner file names nobody")
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.3)
        XCTAssertTrue(FileLock.isHeld(path))
        other.release()
        XCTAssertFalse(FileLock.isHeld(path))
        try lock.lock(timeout: 5, poll: 0.01, cancellation: .init())
        XCTAssertTrue(FileLock.isHeld(path), "another open file description sees it held")
        lock.release()
        XCTAssertFalse(FileLock.isHeld(path))
    }

    func testCancellationEndsTheWaitLongBeforeTheTimeout() throws {
        let dir = TempDirectory("file-lock")
        let other = try FlockHolder(dir.path)
        defer { other.release() }
        let lock = try FileLock(path: dir.path, flags: O_RDONLY | O_DIRECTORY)
        let token = CancellationToken()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { token.cancel() }
        let start = Date()
        XCTAssertThrowsError(try lock.lock(timeout: 30, poll: 0.01, cancellation: token)) {
            XCTAssertTrue($0 is InterruptedError, "\($0)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testTheTimeoutNamesTheHolderItsOwnerFileNamesWhileThatProcessRuns() throws {
        let dir = TempDirectory("file-lock")
        let path = dir.sub("Spec_Lock")
        let other = try FlockHolder(path)
        defer { other.release() }
        try Data("pid \(other.pid) podmirror repo update\n".utf8).write(
            to: URL(fileURLWithPath: path + ".podmirror-owner"))
        let lock = try FileLock(path: path, flags: O_RDWR | O_CREAT, namesHolder: true)
        XCTAssertThrowsError(try lock.lock(timeout: 0.2, poll: 0.01, cancellation: .init())) {
            XCTAssertEqual(
                ($0 as? FileLockTimeout)?.holder, FileLock.Holder(pid: other.pid, command: "podmirror repo update"))
        }
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: path + ".podmirror-owner"), "a waiter leaves the holder's file")
        other.release()
        XCTAssertNil(FileLock.Holder(ownerPath: path + ".podmirror-owner"), "a process that ended holds nothing")
    }

    func testAHolderNamesItselfInTheOwnerFileAndRemovesItOnRelease() throws {
        let dir = TempDirectory("file-lock")
        let path = dir.sub("Spec_Lock")
        let lock = try FileLock(path: path, flags: O_RDWR | O_CREAT, namesHolder: true)
        try lock.lock(timeout: 1, poll: 0.01, cancellation: .init(), command: "podmirror repo add")
        XCTAssertEqual(
            FileLock.Holder(ownerPath: path + ".podmirror-owner"),
            FileLock.Holder(pid: getpid(), command: "podmirror repo add"))
        lock.release()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".podmirror-owner"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "the lock file itself stays, as CocoaPods keeps it")
    }

    func testSharedHoldersAdmitEachOtherButNotAnExclusiveOne() throws {
        let dir = TempDirectory("file-lock")
        let path = dir.sub("cache.lock")
        let first = try FileLock(path: path, flags: O_RDONLY | O_CREAT)
        let second = try FileLock(path: path, flags: O_RDONLY)
        try first.lock(.shared, timeout: 1, poll: 0.01, cancellation: .init())
        try second.lock(.shared, timeout: 1, poll: 0.01, cancellation: .init())
        XCTAssertFalse(FileLock.isHeld(path, conflictingWith: .shared))
        XCTAssertTrue(FileLock.isHeld(path, conflictingWith: .exclusive))
        let writer = try FileLock(path: path, flags: O_RDONLY)
        XCTAssertThrowsError(try writer.lock(.exclusive, timeout: 0.1, poll: 0.01, cancellation: .init()))
    }

    func testAFileThatCannotBeOpenedThrowsTheReason() {
        XCTAssertThrowsError(try FileLock(path: "/nonexistent-\(UUID())/Spec_Lock", flags: O_RDWR | O_CREAT)) {
            XCTAssertEqual(($0 as? FileLock.OpenFailure)?.reason.english, String(cString: strerror(ENOENT)))
        }
        XCTAssertFalse(FileLock.isHeld("/nonexistent-\(UUID())"), "a missing file is held by nobody")
    }
}
