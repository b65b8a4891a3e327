import Foundation

/// The process environment podmirror reads (HOME, CP_* variables, PATH). The executable builds it
/// from the process once and passes it in; the Kit never reads the process environment itself.
public struct RuntimeEnvironment: Sendable {
    public var variables: [String: String]
    public var currentDirectory: String
    public var fileSystem: any FileSystem

    public init(
        variables: [String: String],
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        fileSystem: any FileSystem = LocalFileSystem()
    ) {
        self.variables = variables
        self.currentDirectory = currentDirectory
        self.fileSystem = fileSystem
    }

    /// `$HOME`, or the current user's home folder.
    public var home: String {
        if let h = variables["HOME"], !h.isEmpty { return h }
        return NSHomeDirectory()
    }

    /// Expands `~` and makes a path absolute against the current directory (Ruby's `expand_path`).
    public func expandPath(_ path: String) -> String {
        var p = path
        if p == "~" { p = home } else if p.hasPrefix("~/") { p = home + p.dropFirst(1) }
        if !p.hasPrefix("/") { p = (currentDirectory as NSString).appendingPathComponent(p) }
        return (p as NSString).standardizingPath
    }
}
