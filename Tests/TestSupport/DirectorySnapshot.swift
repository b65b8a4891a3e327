import Foundation

/// Every file, folder and symlink below a folder with its bytes: compare two snapshots to prove a
/// failed operation left a repo byte-for-byte as it was.
package struct DirectorySnapshot: Equatable {
    package var entries: [String: Data]

    package init(_ root: String) {
        var out: [String: Data] = [:]
        let fm = FileManager.default
        let e = fm.enumerator(atPath: root)
        while let rel = e?.nextObject() as? String {
            let p = root + "/" + rel
            if let dest = try? fm.destinationOfSymbolicLink(atPath: p) {
                out[rel] = Data(("symlink:" + dest).utf8)
                continue
            }
            var isDir: ObjCBool = false
            let exists = fm.fileExists(atPath: p, isDirectory: &isDir)
            out[rel] =
                exists && isDir.boolValue ? Data("dir".utf8) : (fm.contents(atPath: p) ?? Data("unreadable".utf8))
        }
        entries = out
    }

    /// Paths that differ (added, removed or changed), for assertion messages.
    package func differences(from other: DirectorySnapshot) -> [String] {
        Set(entries.keys).union(other.entries.keys).filter { entries[$0] != other.entries[$0] }.sorted()
    }
}

extension PodmirrorBinary {
    /// Starts podmirror without waiting (for signal and lock-contention tests); same environment as `run`.
    package func start(_ arguments: [String], home: String, extraEnvironment: [String: String] = [:]) throws -> Process
    {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CP_") }
        env["HOME"] = home
        env["NO_COLOR"] = "1"
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        for (k, v) in extraEnvironment { env[k] = v }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        p.environment = env
        p.currentDirectoryURL = URL(fileURLWithPath: home)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }
}
