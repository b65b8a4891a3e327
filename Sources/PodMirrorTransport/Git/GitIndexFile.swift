internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// The entries of a `.git/index` file read for `GitRepository.statusScan`, which walks them once: libgit2's
/// `git_index_open` allocates and maps every entry (60 ms for a 60k-entry Specs copy, before any thread can
/// start), while this reads the file in one piece, checks its SHA-1 and lays the entries out as
/// `git_index_entry` values whose paths point into the file's bytes (10 ms). Only the common case is read
/// here: version 2 or 3, entries sorted by path, no split or sparse index; `read` returns nil for anything
/// else (version 4's compressed paths, a `link` or `sdir` extension, a bad checksum), and the caller reads
/// the file with libgit2, which also reports what is wrong with it.
final class GitIndexFile {
    let entries: UnsafeMutablePointer<git_index_entry>
    let count: Int
    private let bytes: UnsafeMutableRawBufferPointer

    private init(bytes: UnsafeMutableRawBufferPointer, count: Int) {
        self.bytes = bytes
        self.count = count
        entries = .allocate(capacity: max(count, 1))
    }

    deinit {
        entries.deallocate()
        bytes.deallocate()
    }

    static func read(_ path: String) -> GitIndexFile? {
        // Without the platform's SHA-1, checking the file's checksum would take longer than libgit2's read.
        guard Digest.hasPlatformImplementation(.sha1), let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
            data.count >= 32
        else {
            return nil
        }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 8)
        _ = data.copyBytes(to: bytes.bindMemory(to: UInt8.self))
        let raw = UnsafeRawBufferPointer(bytes)
        func word(_ at: Int) -> Int { Int(raw.bigEndianUInt32(at: at)) }
        // "DIRC", version, entry count; the file ends with the SHA-1 of all that precedes it (all zeros
        // when git wrote it with index.skipHash).
        let version = word(4)
        let trailer = Array(raw[(raw.count - 20)...])
        var sha1 = Digest(.sha1)
        sha1.update(UnsafeRawBufferPointer(rebasing: raw[0..<(raw.count - 20)]))
        guard Array(raw[0..<4]) == Array("DIRC".utf8), version == 2 || version == 3,
            trailer == sha1.finalize() || trailer.allSatisfy({ $0 == 0 })
        else {
            bytes.deallocate()
            return nil
        }
        let file = GitIndexFile(bytes: bytes, count: word(8))
        guard file.parse(version: version) else { return nil }
        return file
    }

    /// Fills `entries`; false when the file is not what this reader takes.
    private func parse(version: Int) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        let end = raw.count - 20
        func word(_ at: Int) -> UInt32 { raw.bigEndianUInt32(at: at) }
        var at = 12
        var previous: UnsafePointer<CChar>?
        for i in 0..<count {
            // ctime, mtime (seconds, nanoseconds), dev, ino, mode, uid, gid, size, id, flags: 62 bytes.
            guard at + 62 <= end else { return false }
            var e = git_index_entry()
            e.ctime = git_index_time(seconds: Int32(bitPattern: word(at)), nanoseconds: word(at + 4))
            e.mtime = git_index_time(seconds: Int32(bitPattern: word(at + 8)), nanoseconds: word(at + 12))
            e.dev = word(at + 16)
            e.ino = word(at + 20)
            e.mode = word(at + 24)
            e.uid = word(at + 28)
            e.gid = word(at + 32)
            e.file_size = word(at + 36)
            withUnsafeMutableBytes(of: &e.id.id) {
                $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[(at + 40)..<(at + 60)]))
            }
            let flags = UInt16(raw[at + 60]) << 8 | UInt16(raw[at + 61])
            e.flags = flags
            var pathAt = at + 62
            if flags & 0x4000 != 0 {
                guard version == 3, pathAt + 2 <= end else { return false }
                e.flags_extended = UInt16(raw[pathAt]) << 8 | UInt16(raw[pathAt + 1])
                pathAt += 2
            }
            // A sparse index's folder entries (mode 040000) describe no file of the working tree.
            guard e.mode & 0o170000 != 0o040000 else { return false }
            var nul = pathAt
            while nul < end && raw[nul] != 0 { nul += 1 }
            guard nul < end, nul > pathAt else { return false }
            let length = nul - pathAt
            if Int(flags & 0xFFF) != min(length, 0xFFF) { return false }
            let path = (bytes.baseAddress! + pathAt).assumingMemoryBound(to: CChar.self)
            // Sorted by path bytes, then stage: the order the walk relies on.
            if let previous {
                let order = strcmp(previous, path)
                if order > 0 || (order == 0 && git_index_entry_stage(&entries[i - 1]) >= Int32((flags >> 12) & 3)) {
                    return false
                }
            }
            previous = UnsafePointer(path)
            e.path = UnsafePointer(path)
            entries[i] = e
            // The entry, padded with 1-8 NULs to a multiple of 8 bytes from its start.
            at += ((pathAt - at) + length + 8) & ~7
        }
        // Extensions: four-letter name, 32-bit size, data. A split index's `link` and a sparse index's
        // `sdir` change what the entries mean.
        while at + 8 <= end {
            let name = String(decoding: raw[at..<(at + 4)], as: UTF8.self)
            if name == "link" || name == "sdir" { return false }
            at += 8 + Int(word(at + 4))
        }
        return at == end
    }
}
