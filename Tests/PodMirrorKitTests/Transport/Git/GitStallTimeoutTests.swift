import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libgit2 transfers through podmirror's socket stream: a server that accepts the connection and never
/// answers is cut after the stall timeout (or on cancellation), on that transfer's own socket only.
final class GitStallTimeoutTests: XCTestCase {
    /// A listening socket nobody accepts from: the kernel completes the handshake, then no byte ever comes.
    func silentListener() throws -> (fd: Int32, port: Int) {
        try LoopbackListener.open(owner: "silent")
    }

    /// Clones `url` with `stallTimeout`; returns the error thrown (nil on success) and the seconds taken.
    static func clone(_ url: String, into path: String, stall: TimeInterval, cancellation: CancellationToken = .init())
        -> (error: Error?, seconds: Double)
    {
        let start = Date()
        do {
            _ = try GitTransfer.clone(
                url: url, into: path, branch: nil,
                options: TransferOptions(network: .test(stallTimeout: stall), cancellation: cancellation))
            return (nil, Date().timeIntervalSince(start))
        } catch {
            return (error, Date().timeIntervalSince(start))
        }
    }

    func assertTimeout(
        _ outcome: (error: Error?, seconds: Double), stall: Double, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let error = outcome.error as? GitError
        XCTAssertEqual(error?.kind, .timeout, "\(String(describing: outcome.error))", file: file, line: line)
        XCTAssertEqual(error?.code, .gitTimeout, file: file, line: line)
        XCTAssertGreaterThanOrEqual(outcome.seconds, stall - 0.2, file: file, line: line)
        XCTAssertLessThan(outcome.seconds, stall + 8, file: file, line: line)
    }

    func testSilentServerTimesOutWhileAParallelCloneFromAHealthyServerCompletes() throws {
        let served = TempDirectory("pm-kit-served")
        let tmp = TempDirectory("pm-kit")
        let fixture = try SpecsFixture(root: served.path, name: "specs", pods: 30, commits: 3, seed: "stall")
        let healthy = try GitHTTPServer(root: served.path)
        defer { healthy.stop() }
        let silent = try silentListener()
        defer { close(silent.fd) }

        final class Box: @unchecked Sendable { var outcome: (error: Error?, seconds: Double)? }
        let stalled = Box()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            stalled.outcome = Self.clone(
                "http://127.0.0.1:\(silent.port)/specs.git", into: tmp.sub("stalled"), stall: 3)
            done.signal()
        }
        // The healthy clone runs on this thread while the other one is blocked on its silent socket.
        usleep(200_000)
        let good = Self.clone(healthy.url("specs.git"), into: tmp.sub("good"), stall: 30)
        XCTAssertNil(good.error, "\(String(describing: good.error))")
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        let head = try ProcessRunner.git(["-C", tmp.sub("good"), "rev-parse", "HEAD"])
        XCTAssertEqual(head.stdout.trimmingCharacters(in: .whitespacesAndNewlines), fixture.head)
        assertTimeout(try XCTUnwrap(stalled.outcome), stall: 3)
        XCTAssertTrue(
            (stalled.outcome?.error as? GitError)?.message.contains("no data from the server") ?? false,
            "\(String(describing: stalled.outcome?.error))")
    }

    func testTLSHandshakeWithASilentServerTimesOut() throws {
        // libgit2's TLS stream wraps the registered socket stream, so the handshake read is bounded too.
        let tmp = TempDirectory("pm-kit")
        let silent = try silentListener()
        defer { close(silent.fd) }
        assertTimeout(Self.clone("https://127.0.0.1:\(silent.port)/specs.git", into: tmp.sub("r"), stall: 2), stall: 2)
    }

    func testGitProtocolToASilentServerTimesOut() throws {
        let tmp = TempDirectory("pm-kit")
        let silent = try silentListener()
        defer { close(silent.fd) }
        assertTimeout(Self.clone("git://127.0.0.1:\(silent.port)/specs.git", into: tmp.sub("r"), stall: 2), stall: 2)
    }

    func testSSHToASilentServerTimesOut() throws {
        // libssh2 reads the socket itself: the session's watchdog cuts that socket (and only it).
        let tmp = TempDirectory("pm-kit")
        let silent = try silentListener()
        defer { close(silent.fd) }
        assertTimeout(
            Self.clone("ssh://git@127.0.0.1:\(silent.port)/specs.git", into: tmp.sub("r"), stall: 2), stall: 2)
    }

    func testCancellationEndsAnSSHCloneBlockedOnASilentServer() throws {
        try assertCancellationEndsClone { "ssh://git@127.0.0.1:\($0)/specs.git" }
    }

    func testCancellationEndsACloneBlockedOnASilentServer() throws {
        try assertCancellationEndsClone { "http://127.0.0.1:\($0)/specs.git" }
    }

    /// A clone of `url(port)` from a server that never answers, cancelled after 0.5 s with a 120 s stall
    /// timeout: it ends with `InterruptedError` within a few seconds.
    func assertCancellationEndsClone(
        _ url: (Int) -> String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let tmp = TempDirectory("pm-kit")
        let silent = try silentListener()
        defer { close(silent.fd) }
        let token = CancellationToken()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { token.cancel() }
        let outcome = Self.clone(url(silent.port), into: tmp.sub("r"), stall: 120, cancellation: token)
        XCTAssertTrue(
            outcome.error is InterruptedError, "\(String(describing: outcome.error))", file: file, line: line)
        XCTAssertLessThan(outcome.seconds, 5, file: file, line: line)
    }
}
