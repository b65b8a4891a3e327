import Foundation
import PodMirrorTestSupport
import XCTest

/// Terminal manners, with the binary's stdout and stderr on a pseudo-terminal (python3's `pty` module
/// runs it; a test reference only).
final class TerminalCLITests: XCTestCase {
    let bin = PodmirrorBinary()

    static let ptyRunner = #"""
        import os, pty, subprocess, sys
        master, slave = pty.openpty()
        p = subprocess.Popen(sys.argv[1:], stdin=slave, stdout=slave, stderr=slave)
        os.close(slave)
        out = b''
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            out += data
        sys.stdout.buffer.write(out)
        sys.exit(p.wait())
        """#

    /// Runs podmirror on a pty; returns everything it wrote there.
    func runOnPTY(_ args: [String], home: TempDirectory, env: [String: String]) throws -> (
        status: Int32, output: String
    ) {
        guard let python = ProcessRunner.which("python3") else {
            throw XCTSkip("python3 is not installed (pty reference only)")
        }
        let script = try home.write("run_on_terminal.py", Self.ptyRunner)
        var environment = bin.environment(home: home.path, extra: env)
        if env["TERM"] == nil { environment["TERM"] = "xterm-256color" }
        if env["NO_COLOR"] == nil { environment.removeValue(forKey: "NO_COLOR") }
        let r = try ProcessRunner.run(python, [script, bin.path] + args, cwd: home.path, environment: environment)
        return (r.status, r.stdout + r.stderr)
    }

    func testNoColorAndDumbTerminalWriteNoEscapeSequencesOnATerminal() throws {
        let served = TempDirectory("tty-specs")
        let specs = try SpecsFixture(root: served.path, name: "specs", pods: 20, commits: 2, seed: "tty")
        for (n, env) in [["NO_COLOR": "1"], ["TERM": "dumb"]].enumerated() {
            let home = TempDirectory()
            let r = try runOnPTY(["repo", "add", "master\(n)", "file://" + specs.bare], home: home, env: env)
            XCTAssertEqual(r.status, 0, r.output)
            XCTAssertFalse(r.output.contains("\u{1B}"), "\(env): \(r.output.debugDescription)")
            XCTAssertFalse(
                r.output.replacingOccurrences(of: "\r\n", with: "\n").contains("\r"),
                "\(env): \(r.output.debugDescription)")
        }
        // The same run on a colour terminal does paint (so the pty is really a terminal to podmirror).
        let home = TempDirectory()
        let r = try runOnPTY(["repo", "add", "master", "file://" + specs.bare], home: home, env: [:])
        XCTAssertEqual(r.status, 0, r.output)
        XCTAssertTrue(r.output.contains("\u{1B}["), r.output.debugDescription)
    }
}
