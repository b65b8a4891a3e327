import Foundation
import PodMirrorFoundation
import PodMirrorKit

/// Text output's warnings, shown once per state: a run that changes nothing and would repeat the very
/// warnings the last run in the same state showed prints one line saying so instead. `--verbose` shows
/// them all; JSON always carries them all and never consults or updates the memory.
enum RepeatedWarnings {
    /// Prints `warnings` on stderr (or the "unchanged" line) for a plan report.
    static func show(_ report: PlanReport, runner: CommandRunner) {
        let environment = runner.environment
        let state = WarningMemory.state(
            arguments: runner.arguments, currentDirectory: environment.currentDirectory, report: report,
            fileSystem: environment.fileSystem)
        show(report.warnings, state: state, changed: report.changed, runner: runner)
    }

    /// Prints `warnings` on stderr (or the "unchanged" line) for a run in `state`; `changed` is true when
    /// the run changed (or would change) something, which always shows them.
    static func show(_ warnings: [Diagnostic], state: String, changed: Bool, runner: CommandRunner) {
        show([Group(warnings: warnings, state: state, changed: changed)], runner: runner)
    }

    /// The warnings of one step of a run, the state that step found and whether it changed (or would
    /// change) something. A command made of steps (`reinstall`: the prefetch, then deintegrate) judges
    /// each step by its own changes.
    struct Group {
        var warnings: [Diagnostic]
        var state: String
        var changed: Bool
    }

    /// What `show` remembers about the warnings it printed; `commit()` writes it to the memory.
    struct Records {
        fileprivate let memory: WarningMemory
        fileprivate var entries: [(state: String, warnings: String?)] = []

        func commit() {
            for entry in entries { memory.record(state: entry.state, warnings: entry.warnings) }
        }
    }

    /// Prints each group's warnings on stderr unless the group is a repeat (changed nothing, same state,
    /// same warnings as last shown, not `verbose`); repeats are summed up in one "unchanged" line. The
    /// memory is updated at once, unless `deferred`: then the caller commits the returned records once its
    /// changes are made, so a run that fails or is interrupted afterwards leaves no trace of itself.
    @discardableResult
    static func show(_ groups: [Group], runner: CommandRunner, deferred: Bool = false) -> Records {
        let console = runner.console
        let verbose = runner.options.verbose
        var records = Records(memory: WarningMemory(environment: runner.environment))
        var unchanged = 0
        for group in groups {
            guard !group.warnings.isEmpty else {
                records.entries.append((group.state, nil))
                continue
            }
            let fingerprint = WarningMemory.warnings(group.warnings)
            if !verbose, !group.changed, records.memory.isRepeat(state: group.state, warnings: fingerprint) {
                unchanged += group.warnings.count
                continue
            }
            for w in group.warnings { console.err(Render.diagnosticLine(w, console: console)) }
            records.entries.append((group.state, fingerprint))
        }
        if unchanged > 0 { console.err(unchangedLine(count: unchanged, runner: runner)) }
        if !deferred { records.commit() }
        return records
    }

    /// "N warnings unchanged since the last run (`podmirror … --verbose` shows them)".
    static func unchangedLine(count: Int, runner: CommandRunner) -> String {
        let words = runner.arguments.filter { $0 != "--verbose" && $0 != "-v" } + ["--verbose"]
        let command = CommandLineDisplay.render(["podmirror"] + words)
        let key = count == 1 ? "cli.warnings.unchanged.one" : "cli.warnings.unchanged.other"
        let text = Message(key, ["count": String(count), "command": command]).localized
        return runner.console.paint(Message("cli.prefix.note").localized, .cyan, stderr: true) + text
    }
}
