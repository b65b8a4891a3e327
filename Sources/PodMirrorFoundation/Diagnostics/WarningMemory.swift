import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Remembers which warnings a text run showed in a given state, so that the next run in the same state
/// that changes nothing and would show the same warnings can say "N warnings unchanged" instead.
///
/// The state of a run is its command line (without `--verbose`), the folder it ran in, each change's id,
/// summary and outcome, and the bytes of every file a change or a warning names. The memory is one file,
/// `$XDG_STATE_HOME/podmirror/shown-warnings` (`~/.local/state/podmirror/shown-warnings` by default):
/// one `<state hash> <warnings hash>` line per state, most recent last. It is podmirror's own
/// bookkeeping, never part of a plan: writing it changes no report, and a failure to write it
/// (read-only HOME) is ignored.
package struct WarningMemory: Sendable {
    /// The memory file.
    package let path: String
    let fileSystem: any FileSystem
    /// States remembered; the oldest are forgotten first.
    static let capacity = 200
    /// Files larger than this are represented by their size and modification time instead of a hash.
    static let hashLimit = 16 << 20

    package init(environment: RuntimeEnvironment) {
        path = environment.stateDirectory + "/shown-warnings"
        fileSystem = environment.fileSystem
    }

    /// The hash of one run's state (see the type's description) for a plan report.
    package static func state(
        arguments: [String], currentDirectory: String, report: PlanReport, fileSystem: any FileSystem
    ) -> String {
        state(
            arguments: arguments, currentDirectory: currentDirectory,
            facts: report.changes.map { "\($0.id)\u{0}\($0.summary)\u{0}\($0.changed)" },
            files: report.changes.map(\.subject) + report.warnings.compactMap(\.file), fileSystem: fileSystem)
    }

    /// The hash of one run's state: the command line (without `--verbose`), the folder, what the run
    /// found (`facts`, one line each) and the bytes of `files` (relative paths are taken from the folder;
    /// names that are not regular files count as absent).
    package static func state(
        arguments: [String], currentDirectory: String, facts: [String], files: [String], fileSystem: any FileSystem
    ) -> String {
        var text = "podmirror-warning-state 1\n"
        text += arguments.filter { $0 != "--verbose" && $0 != "-v" }.joined(separator: "\u{0}") + "\n"
        text += currentDirectory + "\n"
        for fact in facts { text += fact + "\n" }
        for file in Set(files.map { absolute($0, in: currentDirectory) }).sorted() {
            text += file + "\u{0}" + fileStamp(file, fileSystem: fileSystem) + "\n"
        }
        return Digest.hex(.sha256, Array(text.utf8))
    }

    /// The hash of a set of warnings: code, message, file and line of each, in order.
    package static func warnings(_ warnings: [Diagnostic]) -> String {
        let text = warnings.map { w in
            [w.severity.rawValue, w.code.rawValue, w.message, w.file ?? "", w.line.map(String.init) ?? ""]
                .joined(separator: "\u{0}")
        }.joined(separator: "\n")
        return Digest.hex(.sha256, Array(text.utf8))
    }

    /// True when the last run remembered for `state` showed exactly the warnings hashed as `warnings`.
    func isRepeat(state: String, warnings: String) -> Bool {
        entries().last { $0.state == state }?.warnings == warnings
    }

    /// Remembers that `warnings` were shown in `state` (nil: none were, so forget the state). Written
    /// atomically and only when the bytes change; never throws.
    package func record(state: String, warnings: String?) {
        var list = entries().filter { $0.state != state }
        if let warnings { list.append((state, warnings)) }
        list = Array(list.suffix(Self.capacity))
        let bytes = Array(list.map { "\($0.state) \($0.warnings)\n" }.joined().utf8)
        if list.isEmpty && !fileSystem.fileExists(path) { return }
        do {
            try fileSystem.createDirectory((path as NSString).deletingLastPathComponent)
            try fileSystem.writeIfChanged(bytes, to: path, defaultMode: 0o600)
        } catch {
            // Bookkeeping only: a read-only or full HOME must not fail the command.
        }
    }

    func entries() -> [(state: String, warnings: String)] {
        guard let bytes = try? fileSystem.readFile(path) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2, parts.allSatisfy({ $0.count == 64 }) else { return nil }
            return (String(parts[0]), String(parts[1]))
        }
    }

    static func absolute(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
    }

    /// A regular file's content hash (size and mtime when large); "-" when it is not a regular file.
    static func fileStamp(_ path: String, fileSystem: any FileSystem) -> String {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return "-" }
        if Int(st.st_size) > hashLimit {
            let (seconds, nanoseconds) = PlatformShims.mtime(st)
            return "\(st.st_size)@\(seconds).\(nanoseconds)"
        }
        guard let bytes = try? fileSystem.readFile(path) else { return "?" }
        return Digest.hex(.sha256, bytes)
    }
}
