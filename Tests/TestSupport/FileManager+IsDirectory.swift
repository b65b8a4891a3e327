import Foundation

extension FileManager {
    /// True when `path` is a folder (after symlinks).
    package func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}
