import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A depth-first walk of a folder tree through descriptors, with neither recursion nor a descriptor per level:
/// one folder is open at a time, each subfolder is entered with `openat(O_NOFOLLOW)` and left through `..`, checked
/// against the device and inode it was entered from. Neither the depth (a hostile archive's 200,000 nested
/// folders) nor the length of the paths (beyond `PATH_MAX`) limits it, and no link is ever followed.
package enum FolderWalk {
    /// A system call failed on `path` (below the walk's root) with `errno`.
    package struct Failure: Error, Equatable {
        package var path: String
        package var errno: Int32
    }

    private struct Frame {
        var names: [String]
        var next = 0
        var device: UInt64
        var inode: UInt64
    }

    /// Walks below the open folder `root` (`shown` names it in failures). `visit(folder, name, kind, parts)` is
    /// called for each entry of each folder, sorted by name, with the folder's descriptor, the entry's file type
    /// bits (`lstat`) and its components below the root; it returns true to enter a folder. `leave(folder, name,
    /// parts)` is called after a folder's entries were visited, with its parent's descriptor.
    package static func walk(
        _ root: Int32, shown: String,
        visit: (Int32, String, mode_t, [String]) throws -> Bool,
        leave: (Int32, String, [String]) throws -> Void = { _, _, _ in }
    ) throws {
        var current = dup(root)
        if current < 0 { throw Failure(path: shown, errno: errno) }
        defer { close(current) }
        var parts: [String] = []
        func path() -> String { ([shown] + parts).joined(separator: "/") }
        func frame(_ fd: Int32) throws -> Frame {
            var st = stat()
            guard fstat(fd, &st) == 0 else { throw Failure(path: path(), errno: errno) }
            return Frame(names: try names(in: fd, shown: path()), device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        }
        var stack = [try frame(current)]
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].next < stack[top].names.count {
                let name = stack[top].names[stack[top].next]
                stack[top].next += 1
                var st = stat()
                guard fstatat(current, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                let kind = st.st_mode & S_IFMT
                // `parts` grows and shrinks in place: no copy per entry, so a deep chain stays linear.
                parts.append(name)
                guard try visit(current, name, kind, parts), kind == S_IFDIR else {
                    parts.removeLast()
                    continue
                }
                let child = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child < 0 { throw Failure(path: path(), errno: errno) }
                close(current)
                current = child
                stack.append(try frame(child))
                continue
            }
            stack.removeLast()
            guard let parent = stack.last else { return }
            let up = openat(current, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if up < 0 { throw Failure(path: path() + "/..", errno: errno) }
            var st = stat()
            guard fstat(up, &st) == 0, UInt64(st.st_dev) == parent.device, UInt64(st.st_ino) == parent.inode else {
                close(up)
                // The folder was moved while it was walked: going on could act outside the tree.
                throw Failure(path: path(), errno: ESTALE)
            }
            close(current)
            current = up
            try leave(current, parts[parts.count - 1], parts)
            parts.removeLast()
        }
    }

    /// The names in the open folder `folder` (`.` and `..` left out), sorted.
    static func names(in folder: Int32, shown: String) throws -> [String] {
        let copy = dup(folder)
        guard copy >= 0, let dir = fdopendir(copy) else {
            let e = errno
            if copy >= 0 { close(copy) }
            throw Failure(path: shown, errno: e)
        }
        defer { closedir(dir) }
        rewinddir(dir)
        var out: [String] = []
        while let ent = readdir(dir) {
            let name = withUnsafePointer(to: ent.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out.sorted()
    }

    /// Removes `path` and everything below it, whatever the depth, the length of the paths and the folders'
    /// permissions (a folder without write or search permission is opened up first); links are removed, never
    /// followed. A missing `path` is no error.
    package static func remove(_ path: String) throws {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            if errno == ENOENT { return }
            throw Failure(path: path, errno: errno)
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            if unlink(path) != 0 && errno != ENOENT { throw Failure(path: path, errno: errno) }
            return
        }
        try empty(path)
        if rmdir(path) != 0 && errno != ENOENT { throw Failure(path: path, errno: errno) }
    }

    /// Removes everything inside the folder `path`, keeping the folder (opened up when it has no write
    /// permission).
    package static func empty(_ path: String) throws {
        var fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 && errno == EACCES {
            chmod(path, 0o700)
            fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        if fd < 0 { throw Failure(path: path, errno: errno) }
        defer { close(fd) }
        openUp(fd)
        try walk(
            fd, shown: path,
            visit: { folder, name, kind, parts in
                if kind == S_IFDIR {
                    // Search and write permission inside, before it is entered (the kind was read without
                    // following a link; fchmodat cannot refuse to follow one on every system).
                    fchmodat(folder, name, 0o700, 0)
                    return true
                }
                if unlinkat(folder, name, 0) != 0 && errno != ENOENT {
                    throw Failure(path: ([path] + parts).joined(separator: "/"), errno: errno)
                }
                return false
            },
            leave: { parent, name, parts in
                if unlinkat(parent, name, AT_REMOVEDIR) != 0 && errno != ENOENT {
                    throw Failure(path: ([path] + parts).joined(separator: "/"), errno: errno)
                }
            })
    }

    /// Gives the open folder `fd` search, read and write permission for its owner when it lacks one.
    private static func openUp(_ fd: Int32) {
        var st = stat()
        if fstat(fd, &st) == 0, st.st_mode & 0o700 != 0o700 { fchmod(fd, st.st_mode & 0o7777 | 0o700) }
    }
}
