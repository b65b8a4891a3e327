import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// The trace seam `--verbose` renders: what the Kit reports for HTTP requests and child processes, and
/// how command lines are shown.
final class TraceTests: XCTestCase {

    func testCommandLinesAreQuotedLikeAShellAndRedacted() {
        XCTAssertEqual(
            CommandLineDisplay.render(["/usr/bin/pod", "install", "--repo-update"]),
            "/usr/bin/pod install --repo-update")
        XCTAssertEqual(
            CommandLineDisplay.render(["/my tools/pod", "it's", "", "a$b", "https://u:pw@h.example/x.git"]),
            #"'/my tools/pod' 'it'\''s' '' 'a$b' 'https://***@h.example/x.git'"#)
        XCTAssertEqual(CommandLineDisplay.quote("--source=https://h.example/x"), "--source=https://h.example/x")
        XCTAssertEqual(CommandLineDisplay.quote("中文"), "'中文'")
    }

    func testHTTPRequestAndAnswerAreTracedWithRedactedURL() throws {
        let server = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes())
        defer { server.stop() }
        let recorder = RecordingTrace()
        try RunScope.current.with(trace: recorder).run {
            let url = "http://robot:s3cret@127.0.0.1:\(server.port)/versions"
            let answer = try HTTPGet(timeout: 5).fetch(url)
            XCTAssertEqual(answer.status, 200)
            let shown = "http://***@127.0.0.1:\(server.port)/versions"
            XCTAssertEqual(recorder.events.first, .httpRequest(method: "GET", url: shown, range: nil, proxy: nil))
            guard case .httpResponse(let method, let u, let status, let bytes, _)? = recorder.events.last else {
                return XCTFail("\(recorder.events)")
            }
            XCTAssertEqual(
                [method, u, String(status), String(bytes)], ["GET", shown, "200", String(answer.body.count)])
        }
    }

    func testChildProcessesAreTracedOnlyWithASink() throws {
        _ = try ChildProcess.run(
            "/bin/echo", ["a b"], environment: [:], cancellation: CancellationToken(), output: .capture { _ in })
        let recorder = RecordingTrace()
        try RunScope.current.with(trace: recorder).run {
            _ = try ChildProcess.run(
                "/bin/echo", ["a b"], environment: [:], cancellation: CancellationToken(), output: .capture { _ in })
            XCTAssertEqual(recorder.events, [.command(commandLine: "/bin/echo 'a b'")])
        }
    }

    func testWarningMemoryRemembersTheLastWarningsPerState() throws {
        let home = TempDirectory("warning-memory")
        let env = RuntimeEnvironment(variables: ["HOME": home.path], currentDirectory: home.path)
        let memory = WarningMemory(environment: env)
        XCTAssertEqual(memory.path, home.sub(".local/state/podmirror/shown-warnings"))
        let a = String(repeating: "a", count: 64)
        let b = String(repeating: "b", count: 64)
        XCTAssertFalse(memory.isRepeat(state: a, warnings: b))
        memory.record(state: a, warnings: b)
        XCTAssertTrue(memory.isRepeat(state: a, warnings: b))
        XCTAssertFalse(memory.isRepeat(state: a, warnings: a))
        memory.record(state: a, warnings: nil)
        XCTAssertFalse(memory.isRepeat(state: a, warnings: b))
        for i in 0..<(WarningMemory.capacity + 5) {
            memory.record(state: Digest.hex(.sha256, Array("\(i)".utf8)), warnings: b)
        }
        XCTAssertEqual(memory.entries().count, WarningMemory.capacity)

        // The state follows the bytes of the files a plan is about.
        let file = try home.write("Podfile", "one\n")
        let report = PlanReport(
            title: "t", mode: .apply, changed: false, changes: [],
            warnings: [Diagnostic(.warning, code: .podfileSourceAbsent, "m", file: file)],
            error: nil, rolledBack: [])
        let before = WarningMemory.state(
            arguments: ["x"], currentDirectory: home.path, report: report, fileSystem: LocalFileSystem())
        XCTAssertEqual(
            before,
            WarningMemory.state(
                arguments: ["x", "--verbose"], currentDirectory: home.path, report: report,
                fileSystem: LocalFileSystem()))
        try home.write("Podfile", "two\n")
        XCTAssertNotEqual(
            before,
            WarningMemory.state(
                arguments: ["x"], currentDirectory: home.path, report: report, fileSystem: LocalFileSystem()))
    }
}
