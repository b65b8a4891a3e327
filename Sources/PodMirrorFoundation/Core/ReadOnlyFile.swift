import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file whose mode gives whoever runs podmirror no write permission (e.g. 0444, the way Perforce and TFVC
/// keep files until they are checked out). An atomic write replaces a file by rename, which its folder
/// allows, so podmirror refuses it itself: nothing is written unless the run says `--force`.
struct ReadOnlyFileError: PodMirrorError {
    /// The file as the user named it (a symlink's target is what was checked).
    var path: String
    /// Its permission bits, e.g. 0o444.
    var mode: mode_t

    init(path: String, mode: mode_t) {
        self.path = path
        self.mode = mode
    }

    /// The mode as `ls` and `chmod` write it, e.g. `0444`.
    var modeText: String { String(format: "%04o", Int(mode & 0o7777)) }

    var text: Message? { Message("file.error.read-only", ["path": path, "mode": modeText]) }
    var remedyText: Message? { Message("file.error.read-only.remedy", ["path": path]) }
    var message: String { text!.english }
    var remedy: String? { remedyText?.english }
    var code: ErrorCode { .fileReadOnly }
}

/// Decides, from the mode bits alone, whether a file is read-only for this process. Root passes every
/// `access()` check, so the decision never asks the kernel: root counts as the file's owner.
enum ReadOnlyFile {
    /// The permission bits of the file at `path` (symlinks followed) when they give this process no write
    /// permission; nil when the file is writable by its mode, missing, or not a regular file.
    static func mode(_ path: String) -> mode_t? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let uid = geteuid()
        let bit: mode_t
        if uid == 0 || uid == st.st_uid {
            bit = 0o200
        } else if isMember(of: st.st_gid) {
            bit = 0o020
        } else {
            bit = 0o002
        }
        return st.st_mode & bit == 0 ? st.st_mode & 0o7777 : nil
    }

    /// Throws `ReadOnlyFileError` when the file at `path` is read-only by its mode and `force` is false.
    static func check(_ path: String, force: Bool) throws {
        guard !force, let mode = mode(path) else { return }
        throw ReadOnlyFileError(path: path, mode: mode)
    }

    private static func isMember(of gid: gid_t) -> Bool {
        if getegid() == gid { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let n = getgroups(count, &groups)
        return n > 0 && groups.prefix(Int(n)).contains(gid)
    }
}
