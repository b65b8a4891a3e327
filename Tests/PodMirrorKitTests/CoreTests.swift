import Foundation
import PodMirrorTestSupport
import XCTest
@testable import PodMirrorKit

final class TextEditTests: XCTestCase {
    func testEditsApplyOutOfOrderAndKeepOtherBytes() throws {
        let original = Array("abc\r\ndef\r\n".utf8)
        let out = try original.applying([.insert("X", at: 5), .delete(0..<1)])
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "bc\r\nXdef\r\n")
    }

    func testOverlappingEditsAreRejected() {
        XCTAssertThrowsError(try Array("abcdef".utf8).applying([.delete(0..<3), .delete(2..<4)]))
    }
}

final class UnifiedDiffTests: XCTestCase {
    func testDiffMatchesDiffUFormat() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\n"
        let new = "a\nb\nc\nD\ne\nf\ng\nh\n"
        let diff = UnifiedDiff.render(old: Array(old.utf8), new: Array(new.utf8), oldName: "a/x", newName: "b/x")
        XCTAssertEqual(diff, "--- a/x\n+++ b/x\n@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n")
    }

    func testInsertAtTopAndMissingFinalNewline() {
        let diff = UnifiedDiff.render(old: Array("x\ny".utf8), new: Array("s\nx\ny".utf8))
        XCTAssertEqual(diff, "--- a\n+++ b\n@@ -1,2 +1,3 @@\n+s\n x\n y\n\\ No newline at end of file\n")
    }

    func testIdenticalInputsGiveNoDiff() {
        XCTAssertEqual(UnifiedDiff.render(old: Array("same\n".utf8), new: Array("same\n".utf8)), "")
    }

    func testDiffAgreesWithDiffCommandOnRandomEdits() throws {
        guard let diffTool = ProcessRunner.which("diff") else { throw XCTSkip("no diff(1)") }
        let dir = TempDirectory()
        var rng = SystemRandomNumberGenerator()
        for round in 0..<20 {
            let lines = (0..<40).map { "line \($0 % 7)" }
            var edited = lines
            for _ in 0..<4 {
                let i = Int.random(in: 0..<edited.count, using: &rng)
                if Bool.random(using: &rng) { edited.remove(at: i) } else { edited.insert("new \(round)", at: i) }
            }
            let a = lines.joined(separator: "\n") + "\n", b = edited.joined(separator: "\n") + "\n"
            let pa = try dir.write("a\(round)", a), pb = try dir.write("b\(round)", b)
            let ours = UnifiedDiff.render(old: Array(a.utf8), new: Array(b.utf8))
            // Apply our diff with patch(1) when present; otherwise at least check line counts against diff(1).
            let reference = try ProcessRunner.run(diffTool, ["-u", pa, pb])
            let refBody = reference.stdout.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.filter { !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
            let ourBody = ours.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.filter { !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
            XCTAssertEqual(refBody.filter { $0.hasPrefix("+") }.count, ourBody.filter { $0.hasPrefix("+") }.count, "round \(round)")
            XCTAssertEqual(refBody.filter { $0.hasPrefix("-") }.count, ourBody.filter { $0.hasPrefix("-") }.count, "round \(round)")
            if let patch = ProcessRunner.which("patch") {
                let pd = try dir.write("d\(round)", ours)
                let r = try ProcessRunner.run(patch, ["-s", "-o", dir.sub("out\(round)"), pa, pd])
                XCTAssertEqual(r.status, 0, r.stderr + r.stdout)
                XCTAssertEqual(try dir.read("out\(round)"), Array(b.utf8), "round \(round)")
            }
        }
    }
}

final class AtomicWriteTests: XCTestCase {
    func testWriteKeepsModeAndFollowsSymlink() throws {
        let dir = TempDirectory()
        let real = try dir.write("real/Podfile", "old\n")
        XCTAssertEqual(chmod(real, 0o640), 0)
        XCTAssertNoThrow(try FileManager.default.createSymbolicLink(atPath: dir.sub("Podfile"), withDestinationPath: "real/Podfile"))
        let fs = LocalFileSystem()
        XCTAssertTrue(try fs.writeIfChanged(Array("new\n".utf8), to: dir.sub("Podfile")))
        XCTAssertEqual(try dir.read("real/Podfile"), Array("new\n".utf8))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.sub("Podfile")), "real/Podfile")
        let attrs = try FileManager.default.attributesOfItem(atPath: real)
        XCTAssertEqual((attrs[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(dir.listing().filter { $0.contains("podmirror-") }, [], "no temp file left")
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

final class PlanRunnerTests: XCTestCase {
    func testDryRunAndCheckDoNotApplyAndApplyDoes() throws {
        let dir = TempDirectory()
        let p = try dir.write("Podfile", "a\n")
        let plan = Plan(title: "t", changes: [
            .fileEdit(id: "x", kind: .podfileEdit, path: p, old: Array("a\n".utf8), new: Array("b\n".utf8),
                      summary: "edit", fileSystem: LocalFileSystem()),
        ])
        let dry = try PlanRunner().run(plan, mode: .dryRun)
        XCTAssertTrue(dry.changed)
        XCTAssertEqual(try dir.read("Podfile"), Array("a\n".utf8))
        XCTAssertTrue(dry.changes[0].diff?.contains("+b") ?? false)
        let check = try PlanRunner().run(plan, mode: .check)
        XCTAssertTrue(check.hasDrift)
        let applied = try PlanRunner().run(plan, mode: .apply)
        XCTAssertTrue(applied.changes[0].applied)
        XCTAssertEqual(try dir.read("Podfile"), Array("b\n".utf8))
    }

    func testFailureUndoesEarlierStepsAndReportsThem() throws {
        let dir = TempDirectory()
        let p = try dir.write("Podfile", "a\n")
        struct Boom: PodMirrorError { var message = "boom"; var code = "boom" }
        let plan = Plan(title: "t", changes: [
            .fileEdit(id: "edit", kind: .podfileEdit, path: p, old: Array("a\n".utf8), new: Array("b\n".utf8),
                      summary: "edit", fileSystem: LocalFileSystem()),
            Change(id: "fail", kind: .podfileEdit, subject: "x", summary: "fails", isNeeded: true, apply: { _ in throw Boom() }),
        ])
        XCTAssertThrowsError(try PlanRunner().run(plan, mode: .apply)) { error in
            guard let failure = error as? PlanFailure else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.report.rolledBack, ["edit"])
            XCTAssertEqual(failure.report.error, "boom")
        }
        XCTAssertEqual(try dir.read("Podfile"), Array("a\n".utf8))
    }

    func testIrreversibleChangesRunLastAndStayListedAfterAFailure() throws {
        let dir = TempDirectory()
        let p = try dir.write("Podfile", "a\n")
        let log = StepLog()
        struct Boom: PodMirrorError { var message = "boom"; var code = "boom" }
        let plan = Plan(title: "t", changes: [
            Change(id: "install", kind: .installCocoaPods, subject: "x", summary: "install", isNeeded: true,
                   apply: { _ in log.append("install"); return nil }),
            .fileEdit(id: "edit", kind: .podfileEdit, path: p, old: Array("a\n".utf8), new: Array("b\n".utf8),
                      summary: "edit", fileSystem: LocalFileSystem()),
            Change(id: "boom", kind: .podInstall, subject: "x", summary: "fails", isNeeded: true,
                   apply: { _ in log.append("boom"); throw Boom() }),
        ])
        XCTAssertEqual(plan.runOrder.map(\.id), ["edit", "install", "boom"])
        XCTAssertEqual(try PlanRunner().run(plan, mode: .dryRun).changes.map(\.id), ["edit", "install", "boom"])
        XCTAssertThrowsError(try PlanRunner().run(plan, mode: .apply)) { error in
            guard let failure = error as? PlanFailure else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.report.rolledBack, ["edit"])
            XCTAssertEqual(failure.report.stayedChanged.map(\.id), ["install"])
            XCTAssertEqual(failure.report.changes.map(\.reversible), [true, false, false])
        }
        XCTAssertEqual(log.entries, ["install", "boom"])
        XCTAssertEqual(try dir.read("Podfile"), Array("a\n".utf8))
    }

    func testCommitRunsOnlyWhenEveryStepSucceeded() throws {
        let log = StepLog()
        struct Boom: PodMirrorError { var message = "boom"; var code = "boom" }
        func keeping(_ id: String) -> Change {
            Change(id: id, kind: .specRepoUse, subject: id, summary: id, isNeeded: true, apply: { _ in nil },
                   undo: { log.append("undo \(id)") }, commit: { log.append("commit \(id)"); return ["committed": true] })
        }
        let ok = try PlanRunner().run(Plan(title: "t", changes: [keeping("a")]), mode: .apply)
        XCTAssertEqual(log.entries, ["commit a"])
        XCTAssertEqual(ok.changes[0].details, ["committed": true])
        let failing = Plan(title: "t", changes: [keeping("b"), Change(id: "c", kind: .podfileEdit, subject: "c", summary: "c",
                                                                      isNeeded: true, apply: { _ in throw Boom() }, undo: {})])
        XCTAssertThrowsError(try PlanRunner().run(failing, mode: .apply))
        XCTAssertEqual(log.entries, ["commit a", "undo b"])
    }

    func testFileChangedUnderneathIsNotOverwritten() throws {
        let dir = TempDirectory()
        let p = try dir.write("Podfile", "a\n")
        let change = Change.fileEdit(id: "e", kind: .podfileEdit, path: p, old: Array("a\n".utf8), new: Array("b\n".utf8),
                                     summary: "s", fileSystem: LocalFileSystem())
        try dir.write("Podfile", "edited by someone\n")
        XCTAssertThrowsError(try PlanRunner().run(Plan(title: "t", changes: [change]), mode: .apply))
        XCTAssertEqual(try dir.read("Podfile"), Array("edited by someone\n".utf8))
    }
}

final class RedactionTests: XCTestCase {
    func testCredentialsAreRedacted() {
        XCTAssertEqual(Redaction.redactURL("https://user:s3cret@example.com/Specs.git"), "https://***@example.com/Specs.git")
        XCTAssertEqual(Redaction.redactURL("https://token@example.com/x"), "https://***@example.com/x")
        XCTAssertEqual(Redaction.redactURL("ssh://git@example.com/x"), "ssh://git@example.com/x")
        XCTAssertEqual(Redaction.redactURL("https://example.com/a@b"), "https://example.com/a@b")
        XCTAssertEqual(Redaction.redactText("failed to fetch 'https://u:p@h/x.git': 500"), "failed to fetch 'https://***@h/x.git': 500")
    }
}

final class MirrorCatalogTests: XCTestCase {
    func testCatalogHasTheNamedMirrors() throws {
        let catalog = try MirrorCatalog.bundled()
        XCTAssertEqual(catalog.specs.map(\.name), ["trunk", "github", "tuna", "bfsu", "nju", "nyist"])
        XCTAssertEqual(catalog.gems.map(\.name), ["rubygems", "ruby-china", "ustc", "tuna"])
        XCTAssertEqual(catalog.specsMirror(named: "tuna")?.url, "https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git")
        XCTAssertEqual(try catalog.resolve("tuna", gems: true).url, "https://mirrors.tuna.tsinghua.edu.cn/rubygems/")
        XCTAssertEqual(try catalog.resolve("https://example.com/specs.git", gems: false).name, "")
        XCTAssertThrowsError(try catalog.resolve("nope", gems: false)) {
            XCTAssertTrue(($0 as? MirrorError)?.message.contains("'nope'") ?? false)
        }
    }
}

/// Steps in the order a plan ran them.
// @unchecked: every access to `list` holds `lock`.
final class StepLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    var entries: [String] { lock.lock(); defer { lock.unlock() }; return list }
    func append(_ entry: String) { lock.lock(); list.append(entry); lock.unlock() }
}
