import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

/// How `reinstall` shows its prefetch (`pods fetch` before `pod install`): skipped, failed or fetched, with the
/// prefetch's warnings remembered per state as the other steps' are.
enum ReinstallPrefetchRenderer {
    /// Shows what the prefetch did: a failure with every warning (a failed run changes nothing yet must show
    /// why), else its warnings for text output (nil with `json`), shown by the caller with the other steps'.
    static func show(_ prefetched: ReinstallPrefetch, runner: CommandRunner) throws -> WarningStep? {
        let console = runner.console
        let json = runner.options.json
        switch prefetched {
        case .skipped(_, let skipped):
            if json { console.err(Render.diagnosticLine(skipped, console: console)) }
        case .failed(let report, let error):
            console.endProgress()
            for w in report.warnings where !json { console.err(Render.diagnosticLine(w, console: console)) }
            throw error
        case .fetched:
            console.endProgress()
        }
        return json ? nil : prefetched.warningStep(arguments: runner.arguments, environment: runner.environment)
    }
}
