import Foundation

extension Change {
    /// The same change, creating the folder of `path` (and missing parents) first when it is missing
    /// (e.g. `~/.config/gem/` for a new gemrc). Folders it created are removed again, when still
    /// empty, if the change fails or is undone, so a failed plan leaves no trace.
    package func creatingParentFolder(of path: String, fileSystem: any FileSystem) -> Change {
        var copy = self
        let apply = self.apply
        let undo = self.undo
        let folder = (path as NSString).deletingLastPathComponent
        let created = CreatedFolders()
        copy.apply = { context in
            var missing: [String] = []
            var f = folder
            while !f.isEmpty, f != "/", !fileSystem.fileExists(f) {
                missing.append(f)
                f = (f as NSString).deletingLastPathComponent
            }
            created.set(missing)
            do {
                if !missing.isEmpty { try fileSystem.createDirectory(folder) }
                return try apply(context)
            } catch {
                created.removeEmpty(fileSystem)
                throw error
            }
        }
        copy.undo = {
            try undo?()
            created.removeEmpty(fileSystem)
        }
        return copy
    }
}

/// The folders a change created, deepest first (set while applying, read when undoing).
// @unchecked: every access to `folders` holds `lock`.
private final class CreatedFolders: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: [String] = []

    func set(_ list: [String]) { lock.lock(); folders = list; lock.unlock() }

    /// Removes each created folder that is (still) empty, deepest first.
    func removeEmpty(_ fileSystem: any FileSystem) {
        lock.lock(); let list = folders; folders = []; lock.unlock()
        for f in list where fileSystem.isDirectory(f) {
            guard (try? fileSystem.contentsOfDirectory(f))?.isEmpty == true else { break }
            try? fileSystem.removeItem(f)
        }
    }
}
