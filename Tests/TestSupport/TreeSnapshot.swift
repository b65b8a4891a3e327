import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything observable about a folder (or one file): each entry's kind, mode, a hash of a file's
/// bytes, a symlink's target. Taken before and after an operation that must leave state intact;
/// `differences(to:)` names what changed. Symlinks are recorded, never followed.
package struct TreeSnapshot: Equatable, Sendable {
    package enum Entry: Equatable, Sendable, CustomStringConvertible {
        case file(mode: UInt32, size: Int, hash: UInt64)
        case directory(mode: UInt32)
        case symlink(target: String)
        case other(mode: UInt32)

        package var description: String {
            switch self {
            case .file(let mode, let size, let hash):
                return "file mode \(String(mode, radix: 8)) \(size) bytes #\(String(hash, radix: 16))"
            case .directory(let mode): return "directory mode \(String(mode, radix: 8))"
            case .symlink(let target): return "symlink -> \(target)"
            case .other(let mode): return "special mode \(String(mode, radix: 8))"
            }
        }
    }

    package let root: String
    /// Relative path ("" for the root itself) → entry.
    package let entries: [String: Entry]

    /// Walks `root` (a folder, file or symlink). A missing root gives an empty snapshot.
    package init(_ root: String) {
        self.root = root
        var out: [String: Entry] = [:]
        Self.walk(root, relative: "", into: &out)
        entries = out
    }

    /// Paths whose entry differs (added, removed or changed), each with a short reason.
    package func differences(to other: TreeSnapshot) -> [String] {
        var out: [String] = []
        for key in Set(entries.keys).union(other.entries.keys).sorted() {
            let a = entries[key]
            let b = other.entries[key]
            if a == b { continue }
            let name = key.isEmpty ? "." : key
            switch (a, b) {
            case (nil, let b?): out.append("added \(name): \(b)")
            case (let a?, nil): out.append("removed \(name): \(a)")
            case (let a?, let b?): out.append("changed \(name): \(a) → \(b)")
            default: break
            }
        }
        return out
    }

    /// Entries whose name looks like a temporary file or folder left behind by an interrupted write
    /// or clone (podmirror's `.<name>.podmirror-XXXXXX`, anything with `podmirror-tmp`, `.tmp`,
    /// git's `*.lock` in a `.git` folder or beside a git config, libgit2's `tmp_pack_*`/`tmp_idx_*`).
    package var leftovers: [String] {
        entries.keys.filter { key in
            let name = (key as NSString).lastPathComponent
            return name.contains(".podmirror-") || name.contains("podmirror-tmp") || name.hasSuffix(".tmp")
                || (name.hasSuffix(".lock")
                    && (key.contains(".git/") || name.hasPrefix(".git") || name == "config.lock"))
                || name.hasPrefix("tmp_pack_") || name.hasPrefix("tmp_idx_")
                || name.hasPrefix(".podmirror")
        }.sorted()
    }

    private static func walk(_ path: String, relative: String, into out: inout [String: Entry]) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        let mode = UInt32(st.st_mode) & 0o7777
        switch st.st_mode & S_IFMT {
        case S_IFLNK:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            out[relative] = .symlink(target: target)
        case S_IFDIR:
            out[relative] = .directory(mode: mode)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for name in names {
                walk(path + "/" + name, relative: relative.isEmpty ? name : relative + "/" + name, into: &out)
            }
        case S_IFREG:
            let (size, hash) = fileHash(path)
            out[relative] = .file(mode: mode, size: size, hash: hash)
        default:
            out[relative] = .other(mode: mode)
        }
    }

    /// FNV-1a 64 over the file's bytes (enough to tell any change in a test).
    static func fileHash(_ path: String) -> (Int, UInt64) {
        guard let data = FileManager.default.contents(atPath: path) else { return (-1, 0) }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { raw in
            for b in raw { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        }
        return (data.count, h)
    }
}
