import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// podmirror's one atomic write: a file written in full to `.<name>.podmirror-<pid>-XXXXXX` (`TempName`) beside
/// `path`, then given `mode`, synced and renamed over `path`, and the folder synced; `path` is always the old file
/// or the whole new one. `LocalFileSystem.writeAtomically` writes bytes through it, `repo export` streams a bundle.
/// Errors are `FileError`s naming `path`; `discard()` removes the temporary file (as a failed `commit()` does).
package final class AtomicFile {
    /// The file replaced by `commit()`.
    package let path: String
    /// The temporary file beside `path`.
    let temporary: String
    private let mode: mode_t
    private var fd: Int32
    /// Bytes written so far.
    package private(set) var written = 0

    /// Opens a new temporary file beside `path` (a symlink at `path` is replaced itself: resolve it first to write
    /// through it).
    package init(_ path: String, mode: mode_t) throws {
        self.path = path
        self.mode = mode
        var template = Array(TempName.beside(path, tag: "XXXXXX").utf8CString)
        fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError.errno(path, .write) }
        temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
    }

    deinit { if fd >= 0 { close(fd) } }

    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = writeDescriptor(fd, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError.errno(path, .write)
            }
            p += n
            left -= n
            written += n
        }
    }

    package func write(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Gives the file its mode, syncs it and renames it over `path`; on failure the temporary file is removed.
    package func commit() throws {
        let dir = (path as NSString).deletingLastPathComponent
        do {
            if fchmod(fd, mode) != 0 || fsync(fd) != 0 { throw FileError.errno(path, .write) }
            close(fd)
            fd = -1
            guard rename(temporary, path) == 0 else { throw FileError.renameRefused(path, folder: dir, Glibc_errno()) }
        } catch {
            discard()
            throw error
        }
        let dfd = open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY)
        if dfd >= 0 {
            _ = fsync(dfd)
            close(dfd)
        }
    }

    /// Closes and removes the temporary file; `path` is left as it was.
    package func discard() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        unlink(temporary)
    }
}

@inline(__always) private func writeDescriptor(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
