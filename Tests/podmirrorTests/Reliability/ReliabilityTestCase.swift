import Foundation
import PodMirrorTestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// The checks every fault-matrix case makes: the documented exit code, a message naming the cause,
/// the previous state byte-identical (TreeSnapshot before/after), nothing temporary left behind.
class ReliabilityTestCase: XCTestCase {
    let bin = PodmirrorBinary()
    private var immutable: [String] = []

    override func tearDown() {
        // Immutable files would make the temporary folders impossible to remove.
        for path in immutable.reversed() { _ = try? ProcessRunner.run(Self.chattr ?? "/usr/bin/chattr", ["-i", path]) }
        immutable = []
        super.tearDown()
    }

    static let chattr = ProcessRunner.which("chattr")
    static var isRoot: Bool { getuid() == 0 }

    /// Makes `path` impossible to change, even for root (`chattr +i`), undone in tearDown. Skips the
    /// test where the file system or the tool does not support it.
    func makeImmutable(_ path: String) throws {
        guard let chattr = Self.chattr else {
            throw XCTSkip("chattr is not installed: cannot make \(path) unwritable for root")
        }
        let r = try ProcessRunner.run(chattr, ["+i", path])
        guard r.status == 0 else {
            throw XCTSkip(
                "chattr +i is not supported here (\(r.stderr.trimmingCharacters(in: .whitespacesAndNewlines)))")
        }
        immutable.append(path)
    }

    /// Makes a file or folder read-only the way a user would: mode 0444/0555 when not root, else
    /// `chattr +i` (root ignores modes).
    func makeReadOnly(_ path: String) throws {
        if Self.isRoot { return try makeImmutable(path) }
        var isDir: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
        chmod(path, exists && isDir.boolValue ? 0o555 : 0o444)
    }

    /// Runs podmirror under `ulimit -f blocks` (512-byte blocks, POSIX sh), so a write past the limit fails.
    func runWithFileSizeLimit(blocks: Int, _ arguments: [String], home: String) throws -> ProcessResult {
        try ProcessRunner.run(
            "/bin/sh", ["-c", "ulimit -f \(blocks) && exec \"$0\" \"$@\"", bin.path] + arguments,
            cwd: home, environment: bin.environment(home: home))
    }

    /// Asserts the failure contract: exit code, a message naming the cause, nothing changed, nothing left.
    func assertFailedCleanly(
        _ result: ProcessResult, status: Int32, mentions: [String], before: TreeSnapshot,
        allowing allowed: Set<String> = [], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(
            result.status, status, "exit code; stdout: \(result.stdout) stderr: \(result.stderr)", file: file,
            line: line)
        let text = result.stdout + result.stderr
        for word in mentions {
            XCTAssertTrue(text.contains(word), "the message should name \(word): \(text)", file: file, line: line)
        }
        assertUnchanged(before, allowing: allowed, file: file, line: line)
    }

    /// Asserts the folder is byte-identical to the snapshot and holds no temporary leftovers; paths in
    /// `allowed` (relative) may differ.
    func assertUnchanged(
        _ before: TreeSnapshot, allowing allowed: Set<String> = [], file: StaticString = #filePath, line: UInt = #line
    ) {
        let after = TreeSnapshot(before.root)
        let differences = before.differences(to: after).filter { d in !allowed.contains { d.contains(" \($0): ") } }
        XCTAssertEqual(differences, [], "previous state of \(before.root) must be intact", file: file, line: line)
        XCTAssertEqual(after.leftovers, [], "temporary files left in \(before.root)", file: file, line: line)
    }
}

/// A HOME, a Specs-shaped repo (`specs.git`, a few hundred KB of pack so faults land mid-transfer)
/// and the real git smart-HTTP server on 127.0.0.1 serving it.
class GitServerTestCase: ReliabilityTestCase {
    var home: TempDirectory!
    var served: TempDirectory!
    var server: GitHTTPServer!
    var specs: SpecsFixture!
    var repos: String { home.sub(".cocoapods/repos") }
    /// CocoaPods creates `<repos>/Spec_Lock` (and the repos dir) to lock, and leaves it; so does podmirror.
    let lockFile: Set<String> = [".cocoapods", ".cocoapods/repos", ".cocoapods/repos/Spec_Lock"]

    override func setUpWithError() throws {
        home = TempDirectory("rel-home")
        served = TempDirectory("rel-served")
        specs = try SpecsFixture(root: served.path, name: "specs", pods: 40, commits: 3, seed: "rel", padding: 6_000)
        server = try GitHTTPServer(root: served.path)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }
}

/// A podmirror process started in the background, for signalling it mid-way.
final class RunningPodmirror {
    let process = Process()
    private let out = Pipe(), err = Pipe()
    private let outData = PipeData(), errData = PipeData()
    private let group = DispatchGroup()

    init(_ bin: PodmirrorBinary, _ arguments: [String], home: String, cwd: String? = nil, extra: [String: String] = [:])
        throws
    {
        process.executableURL = URL(fileURLWithPath: bin.path)
        process.arguments = arguments
        process.environment = bin.environment(home: home, extra: extra)
        process.currentDirectoryURL = URL(fileURLWithPath: cwd ?? home)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let (out, err, outData, errData, group) = (self.out, self.err, self.outData, self.errData, self.group)
        group.enter()
        DispatchQueue.global().async {
            outData.set(out.fileHandleForReading.readDataToEndOfFile()); group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData.set(err.fileHandleForReading.readDataToEndOfFile()); group.leave()
        }
    }

    func signal(_ sig: Int32) { kill(process.processIdentifier, sig) }

    /// Waits for the exit (killing the process after `timeout` seconds, which fails the caller's checks).
    func wait(timeout: Double = 30) -> (result: ProcessResult, seconds: Double) {
        let start = Date()
        while process.isRunning && Date().timeIntervalSince(start) < timeout { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        group.wait()
        let result = ProcessResult(
            status: process.terminationReason == .uncaughtSignal
                ? 128 + process.terminationStatus : process.terminationStatus,
            stdout: String(decoding: outData.data, as: UTF8.self), stderr: String(decoding: errData.data, as: UTF8.self)
        )
        return (result, Date().timeIntervalSince(start))
    }
}
