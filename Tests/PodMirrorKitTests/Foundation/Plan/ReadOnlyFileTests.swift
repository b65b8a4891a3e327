import Foundation
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// A file whose mode gives no write permission (0444 in a writable folder) is never replaced by a file edit,
/// as a normal user or as root (the decision reads the mode bits, not `access()`), unless the run says `--force`.
final class ReadOnlyFileTests: XCTestCase {
    func testTheModeDecidesNotAccess() throws {
        let dir = TempDirectory()
        let path = try dir.write("Podfile", "a\n")
        XCTAssertNil(ReadOnlyFile.mode(path), "0644 is writable")
        chmod(path, 0o444)
        XCTAssertEqual(ReadOnlyFile.mode(path), 0o444, "0444 is read-only, for root too")
        XCTAssertNil(ReadOnlyFile.mode(dir.sub("missing")), "a new file is not read-only")
        let link = dir.sub("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        XCTAssertEqual(ReadOnlyFile.mode(link), 0o444, "a symlink's target decides")
        XCTAssertThrowsError(try ReadOnlyFile.check(path, force: false)) { error in
            XCTAssertEqual((error as? ReadOnlyFileError)?.code, .fileReadOnly)
            XCTAssertEqual((error as? ReadOnlyFileError)?.message.contains("mode 0444"), true, "\(error)")
        }
        XCTAssertNoThrow(try ReadOnlyFile.check(path, force: true))
    }

    func testAReadOnlyFileStopsThePlanBeforeItsFirstChange() throws {
        let dir = TempDirectory()
        let path = try dir.write("Podfile", "a\n")
        chmod(path, 0o444)
        let log = StepLog()
        let plan = Plan(
            title: "t",
            changes: [
                Change(
                    id: "clone", kind: .specRepoClone, subject: "repo", summary: "a long clone", isNeeded: true,
                    apply: { _ in
                        log.append("clone"); return nil
                    }, undo: {}),
                .fileEdit(
                    id: "edit", kind: .podfileEdit, path: path, old: Array("a\n".utf8), new: Array("b\n".utf8),
                    summary: "edit", fileSystem: LocalFileSystem()),
            ])
        XCTAssertThrowsError(try PlanRunner().run(plan, mode: .apply)) { error in
            guard let failure = error as? PlanFailure else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.code, .fileReadOnly)
            XCTAssertEqual(failure.exitStatus, .failure)
            XCTAssertTrue(failure.message.contains(path), failure.message)
            XCTAssertEqual(failure.report.changes.map(\.id), ["edit"])
            XCTAssertEqual(failure.report.changes.first?.applied, false)
        }
        XCTAssertEqual(log.entries, [], "nothing ran before the refusal")
        XCTAssertEqual(try dir.read("Podfile"), Array("a\n".utf8))
        XCTAssertEqual(ReadOnlyFile.mode(path), 0o444)

        let forced = try PlanRunner(context: ApplyContext(force: true)).run(plan, mode: .apply)
        XCTAssertTrue(forced.changed)
        XCTAssertEqual(log.entries, ["clone"])
        XCTAssertEqual(try dir.read("Podfile"), Array("b\n".utf8))
        XCTAssertEqual(ReadOnlyFile.mode(path), 0o444, "--force keeps the file's mode")
    }

    func testTheEditItselfRefusesAFileMadeReadOnlyAfterPlanning() throws {
        let dir = TempDirectory()
        let path = try dir.write("Podfile", "a\n")
        let edit = Change.fileEdit(
            id: "edit", kind: .podfileEdit, path: path, old: Array("a\n".utf8), new: Array("b\n".utf8),
            summary: "edit", fileSystem: LocalFileSystem())
        chmod(path, 0o444)
        XCTAssertThrowsError(try edit.apply(ApplyContext())) { XCTAssertTrue($0 is ReadOnlyFileError, "\($0)") }
        XCTAssertEqual(try dir.read("Podfile"), Array("a\n".utf8))
    }
}
