import Foundation
import PodMirrorFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A zip's central directory, read before ZIPFoundation reads the archive: ZIPFoundation trusts the sizes an
/// archive declares (a link member's local size is one allocation: 4 GiB for `0xFFFFFFFF`) and stops listing
/// silently where its directory cannot be read. Here every record must be readable, every declared size must fit
/// the archive file (and `ArchiveLimits`), and a link's target at most `PATH_MAX` bytes; otherwise the archive is
/// refused before anything is allocated or extracted, as `unzip` refuses such an archive.
struct ZipDirectory {
    /// Why the directory was refused.
    enum Failure: Error, Equatable {
        /// A record cannot be read.
        case unreadable(String)
        /// A member declares what the file cannot hold, or a link target longer than `maxLinkTarget`.
        case declared(String)
        case limit(ArchiveLimits.Bound)
    }

    /// The members the directory declares (every one was read).
    var count: Int

    /// The longest link target read (`PATH_MAX`).
    static let maxLinkTarget: UInt64 = 4096

    /// Reads and checks the directory of the zip at `path`.
    static func read(_ path: String, limits: ArchiveLimits) throws -> ZipDirectory {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure.unreadable("cannot open the archive: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Failure.unreadable("cannot read the archive's size") }
        let reader = Reader(fd: fd, size: UInt64(st.st_size))
        return try reader.directory(limits: limits)
    }

    /// Little-endian reads at offsets of the file, each checked against its size.
    struct Reader {
        let fd: Int32
        let size: UInt64

        func bytes(at offset: UInt64, _ count: Int) throws -> [UInt8] {
            guard offset <= size, UInt64(count) <= size - offset else {
                throw Failure.unreadable("a record at byte \(offset) runs past the end of the archive")
            }
            var out = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let n = out.withUnsafeMutableBytes {
                    pread(fd, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done))
                }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw Failure.unreadable("cannot read byte \(offset + UInt64(done))") }
                done += n
            }
            return out
        }

        static func uint(_ b: [UInt8], _ at: Int, _ width: Int) -> UInt64 {
            (0..<width).reduce(UInt64(0)) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) }
        }

        /// The end-of-central-directory record (ZIP64 when it says so): entries, directory size and offset.
        func end() throws -> (entries: UInt64, size: UInt64, offset: UInt64) {
            let tail = Swift.min(size, 22 + 0xFFFF)
            let last = try bytes(at: size - tail, Int(tail))
            guard last.count >= 22,
                let at = stride(from: last.count - 22, through: 0, by: -1).first(where: {
                    last[$0] == 0x50 && last[$0 + 1] == 0x4B && last[$0 + 2] == 0x05 && last[$0 + 3] == 0x06
                })
            else { throw Failure.unreadable("no end of central directory record") }
            var entries = Self.uint(last, at + 10, 2)
            var dirSize = Self.uint(last, at + 12, 4)
            var dirOffset = Self.uint(last, at + 16, 4)
            if entries == 0xFFFF || dirSize == 0xFFFF_FFFF || dirOffset == 0xFFFF_FFFF, at >= 20,
                Self.uint(last, at - 20, 4) == 0x0706_4B50
            {
                let record = try bytes(at: Self.uint(last, at - 20 + 8, 8), 56)
                guard Self.uint(record, 0, 4) == 0x0606_4B50 else {
                    throw Failure.unreadable("a ZIP64 end record that is not one")
                }
                entries = Self.uint(record, 32, 8)
                dirSize = Self.uint(record, 40, 8)
                dirOffset = Self.uint(record, 48, 8)
            }
            guard dirOffset <= size, dirSize <= size - dirOffset else {
                throw Failure.unreadable("the central directory declares \(dirSize) bytes at byte \(dirOffset)")
            }
            return (entries, dirSize, dirOffset)
        }

        func directory(limits: ArchiveLimits) throws -> ZipDirectory {
            let (entries, dirSize, dirOffset) = try end()
            guard entries <= UInt64(limits.maxEntries) else { throw Failure.limit(.entries) }
            // Each record takes at least 46 bytes: more entries than that cannot be read.
            guard entries <= dirSize / 46 else {
                throw Failure.unreadable("\(entries) entries declared in a \(dirSize)-byte central directory")
            }
            // Record by record (a directory may be large; nothing is read that the file does not hold).
            var at = dirOffset
            let dirEnd = dirOffset + dirSize
            for index in 0..<Int(entries) {
                let fixed = at + 46 <= dirEnd ? try bytes(at: at, 46) : []
                guard fixed.count == 46, Self.uint(fixed, 0, 4) == 0x0201_4B50 else {
                    throw Failure.unreadable("entry \(index + 1) of \(entries) is not a central directory record")
                }
                // Name, extra field and comment lengths.
                let variable = [28, 30, 32].reduce(0) { $0 + Int(Self.uint(fixed, $1, 2)) }
                guard at + 46 + UInt64(variable) <= dirEnd else {
                    throw Failure.unreadable("entry \(index + 1) runs past the end of the central directory")
                }
                let record = try Record(fixed + (try bytes(at: at + 46, variable)))
                try check(record, limits: limits)
                at += 46 + UInt64(variable)
            }
            return ZipDirectory(count: Int(entries))
        }

        /// One member's declared sizes against the file and the bounds.
        func check(_ r: Record, limits: ArchiveLimits) throws {
            let name = Redaction.redactText(String(decoding: r.name, as: UTF8.self))
            func refuse(_ what: String) -> Failure { .declared("member '\(name)' \(what)") }
            guard r.uncompressed <= UInt64(limits.maxExpandedBytes) else { throw Failure.limit(.expandedBytes) }
            let local = try bytes(at: r.localOffset, 30)
            guard Self.uint(local, 0, 4) == 0x0403_4B50 else { throw refuse("has no local header") }
            let dataOffset = r.localOffset + 30 + Self.uint(local, 26, 2) + Self.uint(local, 28, 2)
            guard dataOffset <= size else { throw refuse("has a local header past the end of the archive") }
            let room = size - dataOffset
            let localCompressed = Self.uint(local, 18, 4)
            guard r.compressed <= room, localCompressed == 0xFFFF_FFFF || localCompressed <= room,
                r.method != 0 || r.uncompressed <= room
            else { throw refuse("declares more bytes than the archive holds") }
            if r.isSymlink
                && (localCompressed > ZipDirectory.maxLinkTarget || r.compressed > ZipDirectory.maxLinkTarget)
            {
                throw refuse("is a link whose target declares more than \(ZipDirectory.maxLinkTarget) bytes")
            }
        }
    }

    /// A central directory record's fields, with its ZIP64 values in place of the 32-bit ones they extend.
    struct Record {
        var method: UInt64
        var compressed: UInt64
        var uncompressed: UInt64
        var localOffset: UInt64
        var nameLength: Int
        var extraLength: Int
        var commentLength: Int
        var name: ArraySlice<UInt8>
        var isSymlink: Bool

        /// `d`: the record's 46 fixed bytes, then its name, extra field and comment.
        init(_ d: [UInt8]) throws {
            method = Reader.uint(d, 10, 2)
            compressed = Reader.uint(d, 20, 4)
            uncompressed = Reader.uint(d, 24, 4)
            nameLength = Int(Reader.uint(d, 28, 2))
            extraLength = Int(Reader.uint(d, 30, 2))
            commentLength = Int(Reader.uint(d, 32, 2))
            localOffset = Reader.uint(d, 42, 4)
            let mode = UInt32(Reader.uint(d, 38, 4) >> 16)
            isSymlink = mode & UInt32(S_IFMT) == UInt32(S_IFLNK)
            guard 46 + nameLength + extraLength + commentLength <= d.count else {
                throw Failure.unreadable("a central directory record runs past its end")
            }
            name = d[46..<(46 + nameLength)]
            // The ZIP64 extra field (0x0001): the values whose 32-bit field is all ones, in this order.
            var e = 46 + nameLength
            let extraEnd = e + extraLength
            while e + 4 <= extraEnd {
                let id = Reader.uint(d, e, 2)
                let length = Int(Reader.uint(d, e + 2, 2))
                guard e + 4 + length <= extraEnd else { break }
                if id == 1 {
                    var f = e + 4
                    func next(_ value: inout UInt64) {
                        guard value == 0xFFFF_FFFF, f + 8 <= e + 4 + length else { return }
                        value = Reader.uint(d, f, 8)
                        f += 8
                    }
                    next(&uncompressed)
                    next(&compressed)
                    next(&localOffset)
                }
                e += 4 + length
            }
        }
    }
}
