import Foundation
import PodMirrorTestSupport
import XCTest

/// A ~/.gemrc that belongs to another user in a sticky folder (HOME under /tmp, mode 1777): writable, yet the rename
/// that replaces it is refused (#29 item 14). podmirror says why, naming the folder and the owners, not a bare
/// "Operation not permitted", and keeps every byte. Run as a normal user (nobody, through setpriv) on a gemrc root
/// owns; root itself ignores the sticky bit.
final class StickyFolderCLITests: XCTestCase {
    let bin = PodmirrorBinary()

    func testAGemrcOfAnotherUserInAStickyFolderIsRefusedWithTheRenameExplained() throws {
        guard getuid() == 0, let setpriv = ProcessRunner.which("setpriv") else {
            throw XCTSkip("needs root to hand the folder to another user, and setpriv")
        }
        let home = TempDirectory("sticky-home")
        let gemrc = ":sources:\n- https://rubygems.org/\n"
        try home.write(".gemrc", gemrc)
        XCTAssertEqual(chmod(home.path, 0o1777), 0)
        XCTAssertEqual(chmod(home.sub(".gemrc"), 0o666), 0)
        let args = ["gems", "source", "use", "https://gems.example.invalid/"]
        func run(_ extra: [String]) throws -> ProcessResult {
            try ProcessRunner.run(
                setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", bin.path] + args + extra,
                cwd: home.path, environment: bin.environment(home: home.path))
        }
        let r = try run([])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let said =
            "cannot replace \(home.sub(".gemrc")): podmirror writes a new copy beside it and renames it over the file, "
            + "and its folder \(home.path) has the sticky bit (owned by root), which lets only the file's owner (root)"
        XCTAssertTrue(r.stderr.contains(said), r.stderr)
        XCTAssertTrue(
            r.stderr.contains("hint: run podmirror as root, or have \(home.sub(".gemrc")) given to you"), r.stderr)
        XCTAssertFalse(r.stderr.contains("Operation not permitted"), r.stderr)
        XCTAssertEqual(try home.read(".gemrc"), Array(gemrc.utf8), "every byte kept")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
            $0.contains("podmirror-")
        }
        XCTAssertEqual(leftovers, [], "no temp file left")
        let json = try PodmirrorBinary.json(try run(["--json"]))
        let error = try XCTUnwrap(json["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? String, "file.write")
        XCTAssertTrue((error["message"] as? String ?? "").hasPrefix(said), "\(error)")
        let zh = try run(["--lang", "zh-Hans"])
        XCTAssertTrue(zh.stderr.contains("设置了粘滞位"), zh.stderr)
    }
}
