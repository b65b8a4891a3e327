import Foundation

/// Files shipped in `templates/` (mirrors.json, messages, Podfile templates).
///
/// The folder is the run's (`RunScope.templates`): the executable finds it from its own path and environment at
/// the start of each run (`first(of:fileSystem:)`). Outside a run (the Kit used as a library, the tests), the
/// folders above the running executable are searched: a binary built in a checkout (`.build/…/podmirror`, the
/// test bundle) finds the checkout's `templates/`.
package enum Templates {
    /// The templates folder of the current run, or nil when no folder holds `mirrors.json`.
    package static func directory() -> URL? { RunScope.current.templates }

    /// The file `name` (a path relative to the templates folder) when it exists.
    package static func url(for name: String, fileSystem: any FileSystem = LocalFileSystem()) -> URL? {
        guard let dir = directory() else { return nil }
        let u = dir.appendingPathComponent(name)
        return fileSystem.fileExists(u.path) ? u : nil
    }

    /// The first of `folders` that holds `mirrors.json`.
    package static func first(of folders: [String], fileSystem: any FileSystem) -> URL? {
        folders.first { !$0.isEmpty && fileSystem.fileExists($0 + "/mirrors.json") }.map {
            URL(fileURLWithPath: $0)
        }
    }

    /// `templates/` in each folder above `executable` (symlinks resolved), nearest first.
    static func ancestors(of executable: URL?) -> [String] {
        guard let executable else { return [] }
        var dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        var out: [String] = []
        while dir.path != "/" && !dir.path.isEmpty {
            out.append(dir.appendingPathComponent("templates").path)
            dir = dir.deletingLastPathComponent()
        }
        return out
    }
}
