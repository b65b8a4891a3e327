import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

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
            let a = lines.joined(separator: "\n") + "\n"
            let b = edited.joined(separator: "\n") + "\n"
            let pa = try dir.write("a\(round)", a)
            let pb = try dir.write("b\(round)", b)
            let ours = UnifiedDiff.render(old: Array(a.utf8), new: Array(b.utf8))
            // Apply our diff with patch(1) when present; otherwise at least check line counts against diff(1).
            let reference = try ProcessRunner.run(diffTool, ["-u", pa, pb])
            let refBody = reference.stdout.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }
                .filter { !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
            let ourBody = ours.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.filter {
                !$0.hasPrefix("+++") && !$0.hasPrefix("---")
            }
            XCTAssertEqual(
                refBody.filter { $0.hasPrefix("+") }.count, ourBody.filter { $0.hasPrefix("+") }.count, "round \(round)"
            )
            XCTAssertEqual(
                refBody.filter { $0.hasPrefix("-") }.count, ourBody.filter { $0.hasPrefix("-") }.count, "round \(round)"
            )
            if let patch = ProcessRunner.which("patch") {
                let pd = try dir.write("d\(round)", ours)
                let r = try ProcessRunner.run(patch, ["-s", "-o", dir.sub("out\(round)"), pa, pd])
                XCTAssertEqual(r.status, 0, r.stderr + r.stdout)
                XCTAssertEqual(try dir.read("out\(round)"), Array(b.utf8), "round \(round)")
            }
        }
    }
}
