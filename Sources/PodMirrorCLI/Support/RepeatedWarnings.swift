import Foundation
import PodMirrorFoundation
import PodMirrorKit

/// Text output's warnings, shown once per state: a run that changes nothing and would repeat the very
/// warnings the last run in the same state showed prints one line saying so instead. `--verbose` shows
/// them all; JSON always carries them all and never consults or updates the memory.
enum RepeatedWarnings {
    /// Prints `warnings` on stderr (or the "unchanged" line) for a plan report.
    static func show(_ report: PlanReport, runner: CommandRunner) {
        show(
            [WarningMemory.step(arguments: runner.arguments, environment: runner.environment, report: report)],
            runner: runner)
    }

    /// What `show` decided to remember; `commit()` writes it to the memory.
    struct Records {
        fileprivate let memory: WarningMemory
        fileprivate let sifted: WarningMemory.Sifted

        func commit() { memory.record(sifted) }
    }

    /// Prints the warnings `WarningMemory.sift` keeps on stderr, and sums up the repeats it leaves out in one
    /// "unchanged" line. The memory is updated at once, unless `deferred`: then the caller commits the returned
    /// records once its changes are made, so a run that fails or is interrupted afterwards leaves no trace of itself.
    @discardableResult
    static func show(_ steps: [WarningStep], runner: CommandRunner, deferred: Bool = false) -> Records {
        let console = runner.console
        let memory = WarningMemory(environment: runner.environment)
        let sifted = memory.sift(steps, verbose: runner.options.verbose)
        for w in sifted.shown { console.err(Render.diagnosticLine(w, console: console)) }
        if sifted.unchanged > 0 { console.err(unchangedLine(count: sifted.unchanged, runner: runner)) }
        let records = Records(memory: memory, sifted: sifted)
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
