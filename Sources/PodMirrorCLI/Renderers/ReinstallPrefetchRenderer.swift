import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

/// How `reinstall` shows its prefetch (`pods fetch` before `pod install`): skipped, failed or fetched, with the
/// prefetch's warnings remembered per state as the other steps' are.
enum ReinstallPrefetchRenderer {
    /// Shows what the prefetch did: a failure with every warning (a failed run changes nothing yet must show
    /// why), else its warnings for text output (nil with `json`), shown by the caller with the other steps'.
    static func show(_ prefetched: ReinstallPrefetch, runner: CommandRunner) throws -> RepeatedWarnings.Group? {
        let console = runner.console
        let json = runner.options.json
        switch prefetched {
        case .skipped(let lockfile, let skipped):
            if json {
                console.err(Render.diagnosticLine(skipped, console: console))
                return nil
            }
            return RepeatedWarnings.Group(
                warnings: [skipped], state: prefetchState(["skipped"], lockfile: lockfile, [skipped], runner: runner),
                changed: false)
        case .failed(let report, let error):
            console.endProgress()
            for w in report.warnings where !json { console.err(Render.diagnosticLine(w, console: console)) }
            throw error
        case .fetched(let report):
            console.endProgress()
            if json { return nil }
            let facts = report.pods.map { "\($0.name) \($0.version) \($0.status)" }
            return RepeatedWarnings.Group(
                warnings: report.warnings,
                state: prefetchState(facts, lockfile: report.lockfile, report.warnings, runner: runner),
                changed: report.changed)
        }
    }

    /// The prefetch step's state: this command line, what it found per pod, the Podfile.lock's bytes.
    static func prefetchState(
        _ facts: [String], lockfile: String, _ warnings: [Diagnostic], runner: CommandRunner
    ) -> String {
        let env = runner.environment
        return WarningMemory.state(
            arguments: runner.arguments, currentDirectory: env.currentDirectory,
            facts: ["reinstall-prefetch"] + facts, files: [lockfile] + warnings.compactMap(\.file),
            fileSystem: env.fileSystem)
    }
}
