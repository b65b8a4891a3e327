import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one name podmirror gives what it writes or removes beside a file or folder: `.<name>.podmirror-<pid>-<tag>`
/// (an atomic write's temporary file, `Pods/` renamed aside while it is deleted). The owner's pid in the
/// name lets a later run tell what a killed run left (its owner is gone) from what a running one is using.
package enum TempName {
    /// `.<name>.podmirror-<pid>-<tag>` beside `path`, owned by this process.
    package static func beside(_ path: String, tag: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return (folder.isEmpty ? "." : folder) + "/.\(name).podmirror-\(getpid())-\(tag)"
    }

    /// What killed runs left beside `path` (after symlinks, as atomic writes go beside the target): the
    /// entries named for it whose owner process is gone, oldest name first.
    package static func stale(beside path: String, fileSystem fs: any FileSystem) -> [String] {
        let target = LocalFileSystem.resolveSymlinks(path)
        let folder = (target as NSString).deletingLastPathComponent
        let prefix = ".\((target as NSString).lastPathComponent).podmirror-"
        return stale(in: folder.isEmpty ? "." : folder, fileSystem: fs).filter {
            ($0 as NSString).lastPathComponent.hasPrefix(prefix)
        }
    }

    /// Every entry of `folder` named `.<name>.podmirror-<pid>-<tag>` whose owner process is gone, oldest name
    /// first: what killed runs left in a folder whose files podmirror writes.
    package static func stale(in folder: String, fileSystem fs: any FileSystem) -> [String] {
        let names = (try? fs.contentsOfDirectory(folder)) ?? []
        return names.filter { name in
            guard name.hasPrefix("."), let marker = name.range(of: ".podmirror-", options: .backwards),
                marker.lowerBound > name.index(after: name.startIndex)
            else { return false }
            let rest = name[marker.upperBound...]
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]),
                !rest[dash...].dropFirst().isEmpty
            else { return false }
            return !isRunning(pid)
        }.sorted().map { folder + "/" + $0 }
    }

    /// True when a process with this pid exists (one of another user counts).
    package static func isRunning(_ pid: pid_t) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
