internal import CFileSwap
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C names that differ between glibc and Darwin, one line each per platform, so every other file compiles
/// the same code on both. A behaviour only one platform has (Linux's `getdents64`) is chosen at run time from
/// these, and its portable alternative stays selectable so Linux tests run it too.
package enum PlatformShims {
    #if os(Linux)
        /// `SOCK_STREAM` as `socket` and `addrinfo` take it (glibc's module imports an enum).
        package static let streamSocket = Int32(SOCK_STREAM.rawValue)
        /// `send` flags that keep a closed peer from raising SIGPIPE.
        package static let sendNoSignal = Int32(MSG_NOSIGNAL)
        /// `O_NOATIME` (glibc's module leaves it out); 0 where there is none.
        package static let openNoAccessTime: Int32 = 0o1_000_000
        /// Whether the C library's `getdents64` returns `linux_dirent64` records.
        package static let linuxDirents = true
        /// The system's name in `podmirror version`.
        package static let systemName = "linux"
        package static func mtime(_ st: stat) -> (Int, Int) { (Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec)) }
        package static func ctime(_ st: stat) -> (Int, Int) { (Int(st.st_ctim.tv_sec), Int(st.st_ctim.tv_nsec)) }
    #else
        package static let streamSocket = SOCK_STREAM
        package static let sendNoSignal: Int32 = 0
        static let openNoAccessTime: Int32 = 0
        static let linuxDirents = false
        static let systemName = "macos"
        package static func mtime(_ st: stat) -> (Int, Int) {
            (Int(st.st_mtimespec.tv_sec), Int(st.st_mtimespec.tv_nsec))
        }
        static func ctime(_ st: stat) -> (Int, Int) { (Int(st.st_ctimespec.tv_sec), Int(st.st_ctimespec.tv_nsec)) }
    #endif
}

extension PlatformShims {
    /// Exchanges two existing paths of one file system in one step; false where the kernel or file system cannot
    /// (the caller then renames in two steps). Throws for any other failure.
    package static func exchange(_ a: String, _ b: String) throws -> Bool {
        if pm_exchange_paths(a, b) == 0 { return true }
        let code = errno
        if code == ENOSYS || code == EINVAL || code == ENOTSUP { return false }
        throw FileError.errno(a, .move, code)
    }
}
