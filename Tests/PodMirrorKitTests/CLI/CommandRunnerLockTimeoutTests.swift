import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// The run's lock timeout bounds the file-edit lock too: `--lock-timeout` as well as PODMIRROR_LOCK_TIMEOUT.
final class CommandRunnerLockTimeoutTests: XCTestCase {
    let home = TempDirectory("runner-lock-timeout")

    func runner(_ variables: [String: String]) throws -> CommandRunner {
        var variables = variables
        variables["HOME"] = home.path
        let console = Console(stdout: .init { _ in }, stderr: .init { _ in }, environment: variables)
        return CommandRunner(
            command: "repo use", options: try GlobalOptions.parse([]), arguments: [],
            environment: RuntimeEnvironment(variables: variables, currentDirectory: home.path), console: console,
            cancellation: CancellationToken())
    }

    func testTheLockTimeoutOptionReachesTheFileEditLock() throws {
        let runner = try runner(["PODMIRROR_LOCK_TIMEOUT": "7"])
        XCTAssertEqual(runner.context.fileLockTimeout, 7, "the variable, before any command reads its options")
        _ = try runner.network(timeout: nil, lockTimeout: 2)
        XCTAssertEqual(runner.context.fileLockTimeout, 2)
    }

    func testWithoutEitherTheFileEditLockWaitsTheDefault() throws {
        let runner = try runner([:])
        _ = try runner.network()
        XCTAssertEqual(runner.context.fileLockTimeout, FileEditLock.defaultTimeout)
    }
}
