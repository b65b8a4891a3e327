import Foundation
import PodMirrorFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes an archive's members into an empty folder so that nothing can land outside it, by construction:
/// every member is created relative to an open descriptor of the folder, each path component opened with
/// `O_NOFOLLOW` and files with `O_CREAT|O_EXCL|O_NOFOLLOW`, so no link is ever followed; links are created
/// only after every file and folder, then each is resolved on disk and must stay inside. Only regular files,
/// folders and links are written (a hard link becomes a copy of the file it names); FIFOs and devices are
/// refused. A member whose name was already written is refused (`duplicate`). Counts entries and expanded
/// bytes against `limits`.
final class PodTreeWriter {
    let tree: PodTree
    let limits: ArchiveLimits
    /// The archive's size, for the compression ratio.
    let archiveBytes: Int64
    private(set) var entries = 0
    private(set) var expandedBytes: Int64 = 0
    /// Each member written, by its path below the folder.
    private var written: [String: ArchiveEntry.Kind] = [:]
    private var links: [(parts: [String], name: String, target: String)] = []

    init(root: String, limits: ArchiveLimits, archiveBytes: Int64) throws {
        tree = try PodTree(root)
        self.limits = limits
        self.archiveBytes = archiveBytes
    }

    deinit { closeFile() }

    /// Adds one member; a file's content follows through `write` until the next member or `finish`.
    /// `mode` is the member's permission bits; only the executable bit is kept.
    func add(_ entry: ArchiveEntry, mode: UInt32 = 0o644) throws {
        closeFile()
        entries += 1
        if entries > limits.maxEntries { throw PodTreeFailure.limit(.entries, limit: limits.value(of: .entries)) }
        let parts = try PodTree.components(entry.path)
        switch entry.kind {
        case .device: throw PodTreeFailure.unsafe(entry: entry.path, .device)
        case .fifo: throw PodTreeFailure.unsafe(entry: entry.path, .special)
        default: break
        }
        if parts.isEmpty {
            // `./` names the folder itself.
            if entry.kind == .directory { return }
            throw PodTreeFailure.unsafe(entry: entry.path, .badName)
        }
        try checkName(parts, entry)
        switch entry.kind {
        case .directory:
            let fd = try tree.openFolder(parts[...], entry: entry.path, create: true)
            close(fd)
        case .file:
            try openFile(parts, entry.path, executable: mode & 0o111 != 0, modified: entry.modified.map(Self.fileTime))
        case .hardlink:
            try copy(parts, entry)
        case .symlink:
            let target = entry.linkTarget ?? ""
            guard !target.isEmpty, !target.hasPrefix("/"), !target.utf8.contains(0),
                ArchiveSafety.resolvesInside(target, from: Array(parts.dropLast()))
            else { throw PodTreeFailure.unsafe(entry: entry.path, .linkOutside) }
            links.append((parts, entry.path, target))
        case .device, .fifo: break
        }
        written[parts.joined(separator: "/")] = entry.kind
    }

    /// Refuses a name written before (folders may repeat) and one below a link member.
    private func checkName(_ parts: [String], _ entry: ArchiveEntry) throws {
        let key = parts.joined(separator: "/")
        if let before = written[key], before != .directory || entry.kind != .directory {
            throw PodTreeFailure.unsafe(entry: entry.path, .duplicate)
        }
        for n in 1..<parts.count where written[parts[0..<n].joined(separator: "/")] == .symlink {
            throw PodTreeFailure.unsafe(entry: entry.path, .throughLink)
        }
    }

    /// The file being written: its descriptor, path, and the modification time it gets once written.
    private var current: (fd: Int32, path: String, modified: timespec?)?

    private func openFile(_ parts: [String], _ name: String, executable: Bool, modified: timespec?) throws {
        let dir = try tree.openFolder(parts.dropLast(), entry: name, create: true)
        defer { close(dir) }
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        let fd = openat(dir, parts.last!, flags, executable ? 0o755 : 0o644)
        if fd < 0 {
            if errno == EEXIST { throw PodTreeFailure.unsafe(entry: name, .duplicate) }
            throw PodTreeFailure.io(path: tree.display(parts[...]), errno: errno)
        }
        current = (fd, tree.display(parts[...]), modified)
    }

    /// Closes the file written last, giving it the member's modification time first (as `tar xf` and `unzip` do,
    /// and CocoaPods' `rsync -a` keeps in the cache). A time the file system refuses leaves the time of extraction.
    private func closeFile() {
        if let current {
            if let modified = current.modified {
                var times = [modified, modified]  // access and modification, as unzip sets them
                _ = futimens(current.fd, &times)
            }
            close(current.fd)
        }
        current = nil
    }

    static func fileTime(of st: stat) -> timespec {
        let (seconds, nanoseconds) = PlatformShims.mtime(st)
        return timespec(tv_sec: seconds, tv_nsec: nanoseconds)
    }

    /// The earliest and latest seconds a member's time is clamped to (about ±146 billion years): any time an
    /// archive declares becomes a file time without overflow; the file system then keeps what it can hold.
    static let timeRange: ClosedRange<Double> = -4.6e18...4.6e18

    /// `date` as a file time (whole seconds, nanoseconds), clamped to `timeRange` as GNU tar clamps an
    /// out-of-range time; a time that is not a number is the Epoch.
    static func fileTime(_ date: Date) -> timespec {
        let time = date.timeIntervalSince1970
        guard time.isFinite || time.isInfinite else { return timespec(tv_sec: 0, tv_nsec: 0) }
        let clamped = min(max(time, timeRange.lowerBound), timeRange.upperBound)
        let seconds = clamped.rounded(.down)
        let nanoseconds = max(0, min(999_999_999, Int(((clamped - seconds) * 1e9).rounded())))
        return timespec(tv_sec: Int(seconds), tv_nsec: nanoseconds)
    }

    /// Appends `chunk` to the file member added last (nothing else takes content).
    func write(_ chunk: UnsafeRawBufferPointer) throws {
        guard let current else { return }
        try count(chunk.count)
        var offset = 0
        while offset < chunk.count {
            let n = systemWrite(current.fd, chunk.baseAddress! + offset, chunk.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw PodTreeFailure.io(path: current.path, errno: errno)
            }
            offset += n
        }
    }

    /// Adds `bytes` to the expanded size; throws when a bound is passed.
    private func count(_ bytes: Int) throws {
        expandedBytes += Int64(bytes)
        if expandedBytes > limits.maxExpandedBytes {
            throw PodTreeFailure.limit(.expandedBytes, limit: limits.maxExpandedBytes)
        }
        let (allowed, overflow) = max(archiveBytes, 1).multipliedReportingOverflow(by: limits.maxRatio)
        if expandedBytes > ArchiveLimits.ratioFloor && !overflow && expandedBytes > allowed {
            throw PodTreeFailure.limit(.ratio, limit: limits.maxRatio)
        }
    }

    /// A hard link: a copy of the regular file it names, which must have been written before.
    private func copy(_ parts: [String], _ entry: ArchiveEntry) throws {
        guard let target = entry.linkTarget, let targetParts = try? PodTree.components(target),
            let targetName = targetParts.last, [.file, .hardlink].contains(written[targetParts.joined(separator: "/")])
        else { throw PodTreeFailure.unsafe(entry: entry.path, .hardlink) }
        let dir = try tree.openFolder(targetParts.dropLast(), entry: entry.path, create: false)
        defer { close(dir) }
        let source = openat(dir, targetName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if source < 0 { throw PodTreeFailure.io(path: tree.display(targetParts[...]), errno: errno) }
        defer { close(source) }
        var st = stat()
        guard fstat(source, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            throw PodTreeFailure.unsafe(entry: entry.path, .hardlink)
        }
        // A hard link shares its file's time.
        try openFile(parts, entry.path, executable: st.st_mode & 0o111 != 0, modified: Self.fileTime(of: st))
        defer { closeFile() }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(source, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw PodTreeFailure.io(path: tree.display(targetParts[...]), errno: errno) }
            if n == 0 { return }
            try buffer.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
    }

    /// Creates the links (after every file and folder, so none is ever written through) and checks that each
    /// resolves inside the folder on disk.
    func finish() throws {
        closeFile()
        for link in links {
            let dir = try tree.openFolder(link.parts.dropLast(), entry: link.name, create: true)
            defer { close(dir) }
            if symlinkat(link.target, dir, link.parts.last!) != 0 {
                if errno == EEXIST { throw PodTreeFailure.unsafe(entry: link.name, .duplicate) }
                throw PodTreeFailure.io(path: tree.display(link.parts[...]), errno: errno)
            }
        }
        for link in links where !tree.resolvesInside(link: link.parts) {
            throw PodTreeFailure.unsafe(entry: link.name, .linkOutside)
        }
    }
}

/// `write(2)` and `read(2)`, named apart from the closures above that are called `write`.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
private func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, bytes, count) }
