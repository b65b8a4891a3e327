import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// Commands run in-process through `PodmirrorMain.run`, the path the executable takes: the arguments parsed, one
/// `CommandRunner`, output on an injected `Console`, the exit status returned instead of exiting.
final class InProcessCommandTests: XCTestCase {
    /// What a run wrote and returned.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Bytes written by one run's console, from any thread.
    final class Capture: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.lock(); data.append(more); lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
    }

    let home = TempDirectory()

    func run(_ arguments: [String], in folder: String? = nil, variables: [String: String]? = nil) -> Outcome {
        Self.run(arguments, home: home.path, in: folder, variables: variables)
    }

    /// One run with `home` as HOME, from any thread.
    static func run(
        _ arguments: [String], home: String, in folder: String? = nil, variables: [String: String]? = nil
    ) -> Outcome {
        let out = Capture()
        let err = Capture()
        let variables = variables ?? ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C"]
        let console = Console(
            stdout: .init { out.append($0) }, stderr: .init { err.append($0) }, environment: variables)
        let environment = RuntimeEnvironment(variables: variables, currentDirectory: folder ?? home)
        let status = PodmirrorMain.run(arguments, environment: environment, console: console)
        return Outcome(status: status, stdout: out.text, stderr: err.text)
    }

    func testPodfileEditDescribedCheckedAndAppliedInProcess() throws {
        let podfile = try home.write("App/Podfile", "target 'App' do\n  pod 'A'\nend\n")
        let before = try String(contentsOfFile: podfile, encoding: .utf8)
        let app = home.sub("App")

        let dry = run(["podfile", "platform", "ios", "13.0", "--dry-run"], in: app)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("+platform :ios, '13.0'"), dry.stdout)
        XCTAssertEqual(try String(contentsOfFile: podfile, encoding: .utf8), before, "a dry run writes nothing")

        XCTAssertEqual(run(["podfile", "platform", "ios", "13.0", "--check"], in: app).status, 3, "drift exits 3")

        let applied = run(["podfile", "platform", "ios", "13.0"], in: app)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertTrue(try String(contentsOfFile: podfile, encoding: .utf8).hasPrefix("platform :ios, '13.0'\n"))
        XCTAssertEqual(run(["podfile", "platform", "ios", "13.0", "--check"], in: app).status, 0, "now compliant")
    }

    func testJSONGoesToTheInjectedConsoleAsOneDocument() throws {
        let listed = run(["mirror", "list", "--json"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any], listed.stdout)
        XCTAssertEqual(object["command"] as? String, "mirror list")
        XCTAssertEqual(object["ok"] as? Bool, true)
        XCTAssertFalse((object["specs"] as? [Any] ?? []).isEmpty)
    }

    func testErrorsAreRenderedAndTheirStatusReturned() throws {
        let unknown = run(["repo", "frobnicate"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("frobnicate"), unknown.stderr)
        XCTAssertEqual(unknown.stdout, "")

        let missing = run(["podfile", "platform", "ios", "13.0", "--json"], in: home.sub("nowhere"))
        XCTAssertNotEqual(missing.status, 0)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(missing.stdout.utf8)) as? [String: Any], missing.stdout)
        XCTAssertEqual(object["ok"] as? Bool, false)
        XCTAssertNotNil(object["error"] as? [String: Any])
    }

    func testHelpGoesToStdoutAndReturnsZero() {
        let help = run(["repo", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE"), help.stdout)
        XCTAssertEqual(help.stderr, "")
    }
}
