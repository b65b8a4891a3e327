import Foundation

extension Change {
    /// The same change, creating the folder of `path` first when it is missing (e.g. `~/.config/gem/`
    /// for a new gemrc). The folder is left in place on undo.
    public func creatingParentFolder(of path: String, fileSystem: any FileSystem) -> Change {
        var copy = self
        let apply = self.apply
        let folder = (path as NSString).deletingLastPathComponent
        copy.apply = { context in
            if !folder.isEmpty, !fileSystem.isDirectory(folder) { try fileSystem.createDirectory(folder) }
            return try apply(context)
        }
        return copy
    }
}
