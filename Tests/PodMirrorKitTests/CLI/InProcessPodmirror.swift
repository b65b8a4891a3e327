import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorFoundation
import PodMirrorTestSupport

/// podmirror run in-process through `PodmirrorMain.run`, with what `PodmirrorBinary.run` gives the binary (the
/// arguments, HOME, the filtered environment, the current folder): for tests of what a command does, where the
/// process itself (signals, kills, stdin, a terminal) is not under test. Its output is what the binary's would be.
struct InProcessPodmirror: Sendable {
    /// The built binary, for the few tests of a suite that run the process itself (stdin, signals).
    var path: String { PodmirrorBinary().path }

    /// Runs podmirror with HOME set to `home` and no CP_* variables leaking from the host.
    @discardableResult
    func run(
        _ arguments: [String], home: String, cwd: String? = nil, extraEnvironment: [String: String] = [:]
    ) throws -> ProcessResult {
        let variables = PodmirrorBinary().environment(home: home, extra: extraEnvironment)
        let outcome = InProcessCommandTests.run(arguments, home: home, in: cwd ?? home, variables: variables)
        return ProcessResult(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
    }

    /// Starts the built binary: for the tests of a suite where the process is under test (signals, kills).
    func start(_ arguments: [String], home: String, extraEnvironment: [String: String] = [:]) throws -> Process {
        try PodmirrorBinary().start(arguments, home: home, extraEnvironment: extraEnvironment)
    }

    /// The environment `run` gives podmirror.
    func environment(home: String, extra: [String: String] = [:]) -> [String: String] {
        PodmirrorBinary().environment(home: home, extra: extra)
    }
}
