import Foundation
import PodMirrorKit

/// `--version` with `--verbose` or `--json`: libgit2's version and features, the platform and the build
/// commit (plain `--version` prints the version alone, through ArgumentParser).
enum VersionOutput {
    /// `--version --verbose` or `--version --json`: prints the build's facts and returns 0; nil when not asked.
    static func printIfAsked(_ arguments: [String], console: Console) -> Int32? {
        guard arguments.contains("--version"),
            arguments.contains(where: { $0 == "--verbose" || $0 == "-v" || $0 == "--json" })
        else { return nil }
        let info = BuildInfo.current
        if arguments.contains("--json") {
            Render.json(info.json, console: console)
        } else {
            info.lines.forEach { console.out($0.localized) }
        }
        return 0
    }
}
