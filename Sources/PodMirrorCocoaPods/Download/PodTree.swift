import Foundation
import PodMirrorFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a pod's tree (an archive being written, a checkout, a file read from it) was refused.
enum PodTreeFailure: Error, Equatable, Sendable {
    /// `entry` (a path below the pod's folder) breaks a rule.
    case unsafe(entry: String, ArchiveSafety.Problem)
    /// The archive broke a bound of `ArchiveLimits`.
    case limit(ArchiveLimits.Bound, limit: Int64)
    /// A system call failed on `path` with `errno`.
    case io(path: String, errno: Int32)
}

/// A pod's folder reached only through an open descriptor of it: every path below it is walked component by
/// component with `O_NOFOLLOW`, so no link inside (or put there by someone else) is ever followed.
final class PodTree {
    /// The folder's path, for messages.
    let path: String
    let fd: Int32

    /// Opens `path`, which must be a real folder (not a link to one).
    init(_ path: String) throws {
        self.path = path
        fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 { throw PodTreeFailure.io(path: path, errno: errno) }
    }

    deinit { close(fd) }

    /// `name` split into components, without empty ones and `.`; refused when absolute, climbing with
    /// `..` or holding NUL.
    static func components(_ name: String) throws -> [String] {
        if name.hasPrefix("/") { throw PodTreeFailure.unsafe(entry: name, .absolutePath) }
        if name.utf8.contains(0) { throw PodTreeFailure.unsafe(entry: name, .badName) }
        let parts = name.split(separator: "/").map(String.init).filter { $0 != "." }
        if parts.contains("..") { throw PodTreeFailure.unsafe(entry: name, .parentReference) }
        return parts
    }

    /// A new descriptor of the folder `parts` (the root for none), each component opened with
    /// `O_DIRECTORY|O_NOFOLLOW`; missing ones are created when `create`. A link on the way is refused
    /// (`throughLink`), a file on the way is a clash (`duplicate`).
    func openFolder(_ parts: ArraySlice<String>, entry: String, create: Bool) throws -> Int32 {
        var current = dup(fd)
        if current < 0 { throw PodTreeFailure.io(path: path, errno: errno) }
        for (i, part) in zip(parts.indices, parts) {
            var next = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT && create {
                if mkdirat(current, part, 0o755) != 0 && errno != EEXIST {
                    let e = errno
                    close(current)
                    throw PodTreeFailure.io(path: display(parts[...i]), errno: e)
                }
                next = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if next < 0 {
                let e = errno
                let kind = Self.kind(at: current, part)
                close(current)
                if kind == S_IFLNK { throw PodTreeFailure.unsafe(entry: entry, .throughLink) }
                if e == ENOTDIR || e == ELOOP { throw PodTreeFailure.unsafe(entry: entry, .duplicate) }
                throw PodTreeFailure.io(path: display(parts[...i]), errno: e)
            }
            close(current)
            current = next
        }
        return current
    }

    /// The file type bits of `name` in the folder `dirfd`, without following it; nil when it does not exist.
    static func kind(at dirfd: Int32, _ name: String) -> mode_t? {
        var st = stat()
        guard fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return st.st_mode & S_IFMT
    }

    /// The full path of `parts` below the folder, for messages.
    func display(_ parts: ArraySlice<String>) -> String { ([path] + parts).joined(separator: "/") }

    // MARK: Reading

    /// Why a file could not be read from the tree.
    enum ReadProblem: Error, Equatable, Sendable {
        case missing, link, notRegular, tooLarge
        case io(Int32)
    }

    /// The bytes of the regular file `name` (below the folder), never through a link and at most `limit`.
    func readRegularFile(_ name: String, limit: Int) -> Result<[UInt8], ReadProblem> {
        guard let parts = try? Self.components(name), let last = parts.last,
            let dir = try? openFolder(parts.dropLast(), entry: name, create: false)
        else { return .failure(.missing) }
        defer { close(dir) }
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
        let file = openat(dir, last, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if file < 0 {
            let e = errno
            if e == ENOENT { return .failure(.missing) }
            return .failure(e == ELOOP || Self.kind(at: dir, last) == S_IFLNK ? .link : .io(e))
        }
        defer { close(file) }
        var st = stat()
        guard fstat(file, &st) == 0 else { return .failure(.io(errno)) }
        guard st.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        guard st.st_size <= off_t(limit) else { return .failure(.tooLarge) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.io(errno))
            }
            if n == 0 { break }
            out.append(contentsOf: buffer[0..<n])
            // The file may grow after fstat.
            if out.count > limit { return .failure(.tooLarge) }
        }
        return .success(out)
    }

    /// The file type bits of `name` (below the folder) without following links; nil when missing.
    func kind(of name: String) -> mode_t? {
        guard let parts = try? Self.components(name), let last = parts.last,
            let dir = try? openFolder(parts.dropLast(), entry: name, create: false)
        else { return nil }
        defer { close(dir) }
        return Self.kind(at: dir, last)
    }

    // MARK: Checking

    /// Every path below the folder is a regular file, a folder or a link that resolves (on disk, link by
    /// link) inside it; the first that is not is thrown. Walked without recursion (`FolderWalk`), so no depth
    /// of folders can exhaust a worker thread's stack.
    func verify() throws {
        do {
            try FolderWalk.walk(fd, shown: path) { _, _, kind, here in
                func refuse(_ problem: ArchiveSafety.Problem) -> PodTreeFailure {
                    .unsafe(entry: here.joined(separator: "/"), problem)
                }
                switch kind {
                case S_IFREG, S_IFDIR: return kind == S_IFDIR
                case S_IFLNK:
                    guard resolvesInside(link: here) else { throw refuse(.linkOutside) }
                    return false
                case S_IFCHR, S_IFBLK: throw refuse(.device)
                default: throw refuse(.special)
                }
            }
        } catch let f as FolderWalk.Failure {
            throw PodTreeFailure.io(path: f.path, errno: f.errno)
        }
    }

    /// True when the link at `link` (components below the folder) resolves, following each link on the way
    /// as the kernel would, to a path inside the folder; a dangling end counts by name. False for an
    /// absolute target, a climb above the folder, or more than 40 links (a loop).
    func resolvesInside(link: [String]) -> Bool {
        var resolved = Array(link.dropLast())
        guard let first = readLink(link) else { return false }
        if first.hasPrefix("/") { return false }
        var queue = first.split(separator: "/").map(String.init)
        var hops = 1
        while !queue.isEmpty {
            let c = queue.removeFirst()
            if c.isEmpty || c == "." { continue }
            if c == ".." {
                if resolved.isEmpty { return false }
                resolved.removeLast()
                continue
            }
            let candidate = resolved + [c]
            if kind(of: candidate.joined(separator: "/")) == S_IFLNK {
                hops += 1
                guard hops <= 40, let target = readLink(candidate), !target.hasPrefix("/") else { return false }
                queue = target.split(separator: "/").map(String.init) + queue
            } else {
                resolved = candidate
            }
        }
        return true
    }

    /// The target of the link `parts`, read through its parent's descriptor.
    func readLink(_ parts: [String]) -> String? {
        guard let last = parts.last,
            let dir = try? openFolder(parts.dropLast(), entry: parts.joined(separator: "/"), create: false)
        else { return nil }
        defer { close(dir) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlinkat(dir, last, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension PodTree {
    /// Checks a git checkout of `url` (`GitSourceFetcher.fetch`): the error names the pod's URL.
    func verifyCheckout(of url: String) throws {
        do { try verify() } catch let failure as PodTreeFailure { throw Self.unsafeCheckout(failure, url: url) }
    }

    /// The error for a checkout that holds a link leaving the pod's folder or a special file.
    static func unsafeCheckout(_ failure: PodTreeFailure, url: String) -> PodMirrorFailure {
        let shown = Redaction.redactURL(url)
        switch failure {
        case .unsafe(let entry, let problem):
            let key = problem == .linkOutside ? "pods.git.unsafe-tree.link-outside" : "pods.git.unsafe-tree.special"
            return PodMirrorFailure(
                Message(key, ["url": shown, "entry": TerminalText.escaped(Redaction.redactText(entry))]),
                code: .podsGitUnsafeTree)
        case .limit(let bound, let limit):
            return PodMirrorFailure(
                Message(bound.messageKey, ["url": shown, "limit": String(limit)]),
                code: .podsGitUnsafeTree)
        case .io(let path, let code):
            return PodMirrorFailure(
                Message(
                    "file.error.read", ["path": TerminalText.escaped(path)],
                    parts: ["reason": SystemReason.message(errno: code)]),
                code: .fileRead)
        }
    }
}
