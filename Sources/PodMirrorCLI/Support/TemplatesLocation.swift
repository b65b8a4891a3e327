import Foundation
import PodMirrorKit

/// Where this executable looks for `templates/`, in order: `$PODMIRROR_TEMPLATES_DIR`;
/// `<prefix>/share/podmirror/templates` next to the installed executable (`make install`, Homebrew);
/// `templates/` beside the executable; the source checkout the binary was built from (`swift run`).
enum TemplatesLocation {
    static func searchPath(environment: [String: String]) -> [String] {
        var candidates: [URL] = []
        if let dir = environment["PODMIRROR_TEMPLATES_DIR"], !dir.isEmpty {
            candidates.append(URL(fileURLWithPath: dir))
        }
        // argv[0] is a bare name when the binary is found through PATH; the executable's own path is not.
        let invoked = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        let exe = invoked.resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(exe.deletingLastPathComponent().appendingPathComponent("share/podmirror/templates"))
        candidates.append(exe.appendingPathComponent("templates"))
        // Sources/PodMirrorCLI/Support/TemplatesLocation.swift → <checkout>/templates
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(checkout.appendingPathComponent("templates"))
        return candidates.map(\.path)
    }
}
