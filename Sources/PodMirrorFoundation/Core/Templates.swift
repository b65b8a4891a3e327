import Foundation

/// Files shipped in `templates/` (mirrors.json, messages, Podfile templates).
///
/// The folders to look in are given once at start-up by the executable (`configure(searchPath:)`),
/// which knows its own path and environment; the first folder holding `mirrors.json` is used. Until
/// then (the Kit used as a library, the tests), the folders above the running executable are searched:
/// a binary built in a checkout (`.build/…/podmirror`, the test bundle) finds the checkout's `templates/`.
package enum Templates {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var found: URL??

    /// Sets the folders to look in, in order. Call it before the first message or catalog is read.
    package static func configure(searchPath folders: [String], fileSystem: any FileSystem = LocalFileSystem()) {
        lock.lock(); defer { lock.unlock() }
        found = .some(first(of: folders, fileSystem: fileSystem))
    }

    /// The templates folder, or nil when no folder holds `mirrors.json`.
    package static func directory() -> URL? {
        lock.lock(); defer { lock.unlock() }
        if let found { return found }
        let fallback = first(of: ancestors(of: Bundle.main.executableURL), fileSystem: LocalFileSystem())
        found = .some(fallback)
        return fallback
    }

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
