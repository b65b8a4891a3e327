import Foundation
import PodMirrorKit

/// `--version` with `--verbose` or `--json`: libgit2's version and features, the platform and the build
/// commit (plain `--version` prints the version alone, through ArgumentParser).
enum VersionOutput {
    static func exitIfAsked(_ arguments: [String]) {
        guard arguments.contains("--version"),
            arguments.contains(where: { $0 == "--verbose" || $0 == "-v" || $0 == "--json" })
        else { return }
        let info = BuildInfo.current
        if arguments.contains("--json") {
            if case .object(let o) = info.json { Render.json(o) }
        } else {
            info.lines.forEach { Console.shared.out($0) }
        }
        exit(0)
    }
}
