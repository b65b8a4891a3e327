import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File errors: always name the path, the operation and the system's reason.
package struct FileError: PodMirrorError {
    /// What podmirror was doing with the file.
    package enum Operation: String, Sendable {
        case read, write, list, remove, move, update
        case createDirectory = "create directory"
    }

    package var path: String
    package var operation: Operation
    /// The system's reason (`strerror`), in English.
    package var reason: String
    /// `reason` as a sentence in the reader's language (`SystemReason`), when it is the system's or podmirror's.
    package var reasonText: Message?
    /// `reason` as a sentence, in the reader's language where podmirror knows it.
    package var reasonMessage: Message { reasonText ?? SystemReason.words(reason) }
    /// For `move`: where the file was going.
    var destination: String?
    /// Why `readFile` refused the file, when it did (`reason` says it in English).
    package var refusal: ReadRefusal?
    /// A write whose rename over the file a sticky folder refused: the folder and who owns what.
    var sticky: StickyRefusal?

    /// The rename that replaces a file refused by its folder's sticky bit (mode `+t`, as /tmp): only the file's
    /// owner, the folder's or root may replace or remove a file there.
    package struct StickyRefusal: Equatable, Sendable {
        package var folder: String
        /// The user names (or uids) of the file's owner and the folder's.
        var fileOwner: String
        var folderOwner: String
    }

    /// A file `readFile` refuses to read: not a regular file (a FIFO would block, a device never ends), or
    /// larger than the limit.
    package enum ReadRefusal: Equatable, Sendable {
        /// What it is instead: `FIFO`, `character device`, `block device`, `socket`.
        case notRegular(kind: String)
        case tooLarge(limit: Int)
    }

    package var text: Message? {
        if let sticky {
            return Message(
                "file.error.write.sticky",
                ["path": path, "folder": sticky.folder, "owner": sticky.fileOwner, "folderOwner": sticky.folderOwner])
        }
        switch refusal {
        case .notRegular(let kind): return Message("file.error.not-regular", ["path": path, "kind": kind])
        case .tooLarge(let limit):
            return Message("file.error.too-large", ["path": path, "limit": String(limit >> 20)])
        case nil: break
        }
        let key =
            switch operation {
            case .read: "file.error.read"
            case .write: "file.error.write"
            case .list: "file.error.list"
            case .remove: "file.error.remove"
            case .move: "file.error.move"
            case .update: "file.error.update"
            case .createDirectory: "file.error.create-directory"
            }
        return Message(
            key, ["path": path, "reason": reason, "destination": destination ?? ""],
            parts: reasonText.map { ["reason": $0] } ?? [:])
    }
    package var remedyText: Message? {
        if case .notRegular = refusal { return Message("file.error.not-regular.remedy") }
        if let sticky { return Message("file.error.write.sticky.remedy", ["path": path, "owner": sticky.fileOwner]) }
        // EPERM on the rename that replaces a file: a sticky folder (like /tmp) lets only the file's owner do it.
        if operation == .write, reason.contains("not permitted") {
            return Message("file.error.rename.remedy", ["path": path])
        }
        return reason.contains("ermission") || reason.contains("Read-only")
            ? Message("file.error.permission.remedy") : nil
    }
    package var message: String { text?.english ?? reason }
    package var remedy: String? { remedyText?.english }
    package var code: ErrorCode {
        switch operation {
        case .read: .fileRead
        case .write: .fileWrite
        case .list: .fileList
        case .remove: .fileRemove
        case .move: .fileMove
        case .update: .fileUpdate
        case .createDirectory: .fileCreateDirectory
        }
    }

    package init(path: String, operation: Operation, reason: String, destination: String? = nil) {
        self.path = path
        self.operation = operation
        self.reason = reason
        self.destination = destination
    }

    /// A failure podmirror words itself: `reason` is the English of `text`.
    package init(path: String, operation: Operation, reason text: Message, destination: String? = nil) {
        self.init(path: path, operation: operation, reason: text.english, destination: destination)
        reasonText = text
    }

    package static func errno(_ path: String, _ operation: Operation, _ code: Int32 = Glibc_errno()) -> FileError {
        FileError(path: path, operation: operation, reason: SystemReason.message(errno: code))
    }

    /// A failure Foundation reported: its POSIX cause when it has one, else Foundation's own words.
    static func foundation(_ path: String, _ operation: Operation, _ error: any Error) -> FileError {
        let ns = error as NSError
        let underlying = (ns.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap {
            $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil
        }
        let posix = underlying ?? (error as? CocoaError).flatMap { Self.posixCodes[$0.code] }
        guard let posix else { return FileError(path: path, operation: operation, reason: ns.localizedDescription) }
        return FileError(
            path: path, operation: operation, reason: SystemReason.message(errno: posix, said: ns.localizedDescription))
    }

    /// Foundation's file errors that carry no POSIX cause on Linux, by the one they stand for.
    static let posixCodes: [CocoaError.Code: Int32] = [
        .fileNoSuchFile: ENOENT, .fileReadNoSuchFile: ENOENT, .fileReadNoPermission: EACCES,
        .fileWriteNoPermission: EACCES, .fileWriteOutOfSpace: ENOSPC, .fileWriteVolumeReadOnly: EROFS,
        .fileWriteFileExists: EEXIST,
    ]

    /// The rename of a new copy over `path` in `folder` refused with `code`: said as the sticky folder's refusal
    /// when the folder has the sticky bit and the file belongs to another user, else as the system says it.
    static func renameRefused(_ path: String, folder: String, _ code: Int32) -> FileError {
        var error = errno(path, .write, code)
        var dir = stat()
        var file = stat()
        guard code == EPERM || code == EACCES, stat(folder.isEmpty ? "." : folder, &dir) == 0,
            dir.st_mode & mode_t(S_ISVTX) != 0, lstat(path, &file) == 0, file.st_uid != geteuid()
        else { return error }
        func user(_ uid: uid_t) -> String {
            guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
            return String(cString: name)
        }
        error.sticky = StickyRefusal(
            folder: folder.isEmpty ? "." : folder, fileOwner: user(file.st_uid), folderOwner: user(dir.st_uid))
        return error
    }

    /// A read of `path` refused before reading (see `ReadRefusal`).
    static func refused(_ path: String, _ refusal: ReadRefusal) -> FileError {
        let reason =
            switch refusal {
            case .notRegular(let kind): "it is a \(kind), not a regular file"
            case .tooLarge(let limit): "it is larger than \(limit >> 20) MiB, the most podmirror reads"
            }
        var error = FileError(path: path, operation: .read, reason: reason)
        error.refusal = refusal
        return error
    }
}

@inline(__always) func Glibc_errno() -> Int32 { errno }

/// File system access behind a protocol, so tests can inject faults.
public protocol FileSystem: Sendable {
    /// The bytes of the regular file at `path` (a symlink is followed), at most `LocalFileSystem.readLimit`:
    /// a FIFO, a device, a socket or a larger file is refused with a `FileError` naming it, never waited on.
    func readFile(_ path: String) throws -> [UInt8]
    /// True when something is at `path` (a symlink counts, even one whose target is missing).
    func fileExists(_ path: String) -> Bool
    /// True when `path` is a folder, or a symlink to one.
    func isDirectory(_ path: String) -> Bool
    /// True when `path` is a file this process may execute.
    func isExecutableFile(_ path: String) -> Bool
    func contentsOfDirectory(_ path: String) throws -> [String]
    /// Every path below `path`, relative to it, folders included; empty when it cannot be read.
    func subpaths(_ path: String) -> [String]
    /// The path a symlink holds (not resolved).
    func destinationOfSymbolicLink(_ path: String) throws -> String
    /// Writes bytes atomically: a temporary file in the same folder, fsync, rename. A symlink is
    /// followed (its target is replaced, the link kept); the file's mode is kept.
    func writeAtomically(_ bytes: [UInt8], to path: String, defaultMode: mode_t) throws
    func removeItem(_ path: String) throws
    func moveItem(_ source: String, to destination: String) throws
    /// Creates `path` and any missing parent folders; an existing folder is fine.
    func createDirectory(_ path: String) throws
}

extension FileSystem {
    /// Writes only when the bytes differ from what is on disk. Returns whether it wrote.
    @discardableResult
    public func writeIfChanged(_ bytes: [UInt8], to path: String, defaultMode: mode_t = 0o644) throws -> Bool {
        if fileExists(path), let current = try? readFile(path), current == bytes { return false }
        try writeAtomically(bytes, to: path, defaultMode: defaultMode)
        return true
    }

    /// The file's bytes, or nil when it cannot be read (missing, a folder, no permission).
    public func contents(_ path: String) -> Data? { (try? readFile(path)).map { Data($0) } }

    public func readText(_ path: String) throws -> String {
        let bytes = try readFile(path)
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw FileError(path: path, operation: .read, reason: Message("file.reason.not-utf8"))
        }
        return text
    }
}

/// The real file system.
public struct LocalFileSystem: FileSystem {
    public init() {}

    /// The most bytes `readFile` reads: far above any Podfile, lock, project or config file (and a Specs repo's
    /// git index), far below what a file that never ends (a link to `/dev/zero`) would make it allocate.
    static let readLimit = 512 << 20

    public func readFile(_ path: String) throws -> [UInt8] {
        let fd = try Self.openRegularFile(path, limit: Self.readLimit)
        defer { close(fd) }
        var out = [UInt8]()
        var st = stat()
        if fstat(fd, &st) == 0 { out.reserveCapacity(Int(st.st_size)) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError.errno(path, .read)
            }
            if n == 0 { break }
            out.append(contentsOf: buffer[0..<n])
            // A file may grow after fstat, and some (in /proc) say 0 bytes and have more.
            if out.count > Self.readLimit { throw FileError.refused(path, .tooLarge(limit: Self.readLimit)) }
        }
        return out
    }

    /// Opens `path` for reading (following a symlink) when it is a regular file of at most `limit` bytes; the
    /// caller closes the descriptor. What `stat` calls something else is refused without being opened (opening a
    /// device may act on it); the open is `O_NONBLOCK`, so a FIFO put there meanwhile is refused rather than
    /// waited on (no writer may ever come), and the type is checked again on the opened descriptor.
    static func openRegularFile(_ path: String, limit: Int) throws -> Int32 {
        var st = stat()
        if stat(path, &st) == 0 { try requireRegular(path, st, limit: limit) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileError.errno(path, .read) }
        do {
            guard fstat(fd, &st) == 0 else { throw FileError.errno(path, .read) }
            try requireRegular(path, st, limit: limit)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// `/dev/null`'s device number: the one device read as what it is, an empty file (`GIT_CONFIG_GLOBAL=/dev/null`
    /// is how git's own documentation says to read no global config).
    private static let nullDevice: dev_t? = {
        var st = stat()
        return stat("/dev/null", &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR ? st.st_rdev : nil
    }()

    private static func requireRegular(_ path: String, _ st: stat, limit: Int) throws {
        let kind: String? =
            switch st.st_mode & S_IFMT {
            case S_IFREG: nil
            case S_IFCHR where st.st_rdev == nullDevice: nil
            case S_IFDIR: "directory"
            case S_IFIFO: "FIFO"
            case S_IFCHR: "character device"
            case S_IFBLK: "block device"
            case S_IFSOCK: "socket"
            default: "special file"
            }
        if kind == "directory" {
            throw FileError(path: path, operation: .read, reason: Message("file.reason.is-directory"))
        }
        if let kind { throw FileError.refused(path, .notRegular(kind: kind)) }
        guard st.st_size <= off_t(limit) else { throw FileError.refused(path, .tooLarge(limit: limit)) }
    }

    /// Throws unless `path` is a regular file `readFile` would read (`openRegularFile`): for files another
    /// library (libgit2) opens itself, which would wait on a FIFO or read a device forever.
    package static func checkRegularFile(_ path: String) throws {
        close(try openRegularFile(path, limit: readLimit))
    }

    public func fileExists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    public func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    public func isExecutableFile(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    public func contentsOfDirectory(_ path: String) throws -> [String] {
        do { return try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw FileError.foundation(path, .list, error)
        }
    }

    public func subpaths(_ path: String) -> [String] {
        var out: [String] = []
        let e = FileManager.default.enumerator(atPath: path)
        while let rel = e?.nextObject() as? String { out.append(rel) }
        return out
    }

    public func destinationOfSymbolicLink(_ path: String) throws -> String {
        do { return try FileManager.default.destinationOfSymbolicLink(atPath: path) } catch {
            throw FileError.foundation(path, .read, error)
        }
    }

    public func writeAtomically(_ bytes: [UInt8], to path: String, defaultMode: mode_t = 0o644) throws {
        let target = Self.resolveSymlinks(path)
        var mode = defaultMode
        var st = stat()
        if stat(target, &st) == 0 { mode = st.st_mode & 0o7777 }
        let file = try AtomicFile(target, mode: mode)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    public func removeItem(_ path: String) throws {
        do { try FileManager.default.removeItem(atPath: path) } catch {
            // A tree deeper than PATH_MAX or with folders closed to writing: removed through descriptors.
            var st = stat()
            if lstat(path, &st) == 0, (try? FolderWalk.remove(path)) != nil { return }
            throw FileError.foundation(path, .remove, error)
        }
    }

    public func moveItem(_ source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else {
            throw FileError(
                path: source, operation: .move, reason: SystemReason.message(errno: errno), destination: destination)
        }
    }

    public func createDirectory(_ path: String) throws {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw FileError.foundation(path, .createDirectory, error)
        }
    }

    /// Follows a chain of symlinks to the file they name (relative links resolve against their folder).
    public static func resolveSymlinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let dest = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current =
                dest.hasPrefix("/")
                ? dest : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(dest)
        }
        return current
    }
}
