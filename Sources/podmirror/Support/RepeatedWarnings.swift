import Foundation
import PodMirrorKit

/// Text output's warnings, shown once per state: a run that changes nothing and would repeat the very
/// warnings the last run in the same state showed prints one line saying so instead. `--verbose` shows
/// them all; JSON always carries them all and never consults or updates the memory.
enum RepeatedWarnings {
    /// Prints `warnings` on stderr (or the "unchanged" line) for a plan report.
    static func show(_ report: PlanReport, verbose: Bool) {
        let environment = RuntimeEnvironment.process
        let state = WarningMemory.state(
            arguments: arguments, currentDirectory: environment.currentDirectory, report: report,
            fileSystem: environment.fileSystem)
        show(report.warnings, state: state, changed: report.changed, verbose: verbose, environment: environment)
    }

    /// Prints `warnings` on stderr (or the "unchanged" line) for a run in `state`; `changed` is true when
    /// the run changed (or would change) something, which always shows them.
    static func show(
        _ warnings: [Diagnostic], state: String, changed: Bool, verbose: Bool,
        environment: RuntimeEnvironment = .process
    ) {
        let console = Console.shared
        let memory = WarningMemory(environment: environment)
        guard !warnings.isEmpty else {
            memory.record(state: state, warnings: nil)
            return
        }
        let fingerprint = WarningMemory.warnings(warnings)
        if !verbose, !changed, memory.isRepeat(state: state, warnings: fingerprint) {
            console.err(unchangedLine(count: warnings.count))
            return
        }
        for w in warnings { console.err(Render.diagnosticLine(w)) }
        memory.record(state: state, warnings: fingerprint)
    }

    /// This run's arguments (without the executable), as the state and the hint see them.
    static var arguments: [String] { Array(CommandLine.arguments.dropFirst()) }

    /// "N warnings unchanged since the last run (`podmirror … --verbose` shows them)".
    static func unchangedLine(count: Int) -> String {
        let words = arguments.filter { $0 != "--verbose" && $0 != "-v" } + ["--verbose"]
        let command = CommandLineDisplay.render(["podmirror"] + words)
        let key = count == 1 ? "cli.warnings.unchanged.one" : "cli.warnings.unchanged.other"
        let text = Message(key, ["count": String(count), "command": command]).localized
        return Console.shared.paint(Message("cli.prefix.note").localized, .cyan, stderr: true) + text
    }
}
