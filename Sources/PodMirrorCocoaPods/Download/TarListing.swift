import Foundation

/// Reads a tar stream (ustar, GNU long names, pax extended headers) fed in chunks of any size: lists its
/// members and, when `onMember`/`onData` are set, hands each member and its file content on as they pass,
/// without keeping member data.
struct TarListing {
    enum Failure: Error, Equatable {
        case badChecksum(offset: Int64)
        case unsupported(String)
        case truncated
        /// A header field or pax record that is not what the format allows: a number out of range, a record
        /// whose length does not fit (GNU tar's "Malformed extended header").
        case malformed(String)
    }

    /// The largest member size read: sizes above it (up to `Int64.max` in base-256 or a pax `size`) are refused
    /// before any arithmetic on them can overflow. 2^53 bytes is far beyond any bound of `ArchiveLimits`.
    static let maxMemberSize: Int64 = 1 << 53

    private(set) var entries: [ArchiveEntry] = []
    /// Called for each member with its permission bits; a file's content follows through `onData`.
    var onMember: ((ArchiveEntry, UInt32) throws -> Void)?
    /// Called with each piece of the current file member's content.
    var onData: ((UnsafeRawBufferPointer) throws -> Void)?
    /// True once the end-of-archive block was read.
    private(set) var ended = false

    private var buffer: [UInt8] = []
    private var offset: Int64 = 0
    private var skip: Int64 = 0
    /// Bytes of the current file member's content still to hand to `onData` (its padding follows in `skip`).
    private var content: Int64 = 0
    /// Member data being collected for a GNU long name/link or a pax header: (type, bytes still expected).
    private var collecting: (type: UInt8, remaining: Int64, padding: Int64)?
    private var collected: [UInt8] = []
    private var longName: String?
    private var longLink: String?
    private var pax: [String: String] = [:]

    /// Feeds the next bytes of the stream.
    mutating func feed(_ bytes: some Collection<UInt8>) throws {
        if ended { return }
        buffer.append(contentsOf: bytes)
        var i = 0
        defer {
            buffer.removeFirst(i)
            offset += Int64(i)
        }
        while !ended {
            if content > 0 {
                let n = Int(min(content, Int64(buffer.count - i)))
                if n == 0 { return }
                try buffer.withUnsafeBytes { try onData?(UnsafeRawBufferPointer(rebasing: $0[i..<i + n])) }
                i += n
                content -= Int64(n)
                if content > 0 { return }
                continue
            }
            if skip > 0 {
                let n = Int(min(skip, Int64(buffer.count - i)))
                i += n
                skip -= Int64(n)
                if skip > 0 { return }
                continue
            }
            if let c = collecting {
                let n = Int(min(c.remaining, Int64(buffer.count - i)))
                collected.append(contentsOf: buffer[i..<i + n])
                i += n
                collecting!.remaining -= Int64(n)
                if collecting!.remaining > 0 { return }
                try finishCollecting(type: c.type)
                collecting = nil
                skip = c.padding
                continue
            }
            guard buffer.count - i >= 512 else { return }
            let header = Array(buffer[i..<i + 512])
            let headerOffset = offset + Int64(i)
            i += 512
            try member(header, at: headerOffset)
        }
    }

    /// Call at the end of the stream: a stream that stops inside a member is truncated.
    func finish() throws {
        if content > 0 || skip > 0 || collecting != nil || (!ended && !buffer.isEmpty) { throw Failure.truncated }
    }

    private mutating func member(_ h: [UInt8], at headerOffset: Int64) throws {
        if h.allSatisfy({ $0 == 0 }) {
            ended = true
            return
        }
        let stored = Self.number(h[148..<156])
        let sum = h.enumerated().reduce(Int64(0)) { $0 + Int64((148..<156).contains($1.offset) ? 0x20 : $1.element) }
        guard stored == sum else { throw Failure.badChecksum(offset: headerOffset) }
        let type = h[156]
        let size = try Self.size(header: h[124..<136], pax: pax["size"])
        let padded = (size + 511) / 512 * 512
        switch type {
        case UInt8(ascii: "L"), UInt8(ascii: "K"), UInt8(ascii: "x"):
            guard size <= 1 << 20 else { throw Failure.unsupported("a \(size)-byte extended header") }
            collecting = (type, size, padded - size)
            collected = []
            return
        case UInt8(ascii: "g"), UInt8(ascii: "V"):
            skip = padded
            return
        case UInt8(ascii: "M"), UInt8(ascii: "N"):
            throw Failure.unsupported("tar member type '\(Character(UnicodeScalar(type)))'")
        default: break
        }
        var name = Self.string(h[0..<100])
        let magic = Self.string(h[257..<263])
        if magic.hasPrefix("ustar") {
            let prefix = Self.string(h[345..<500])
            if !prefix.isEmpty && magic == "ustar" { name = prefix + "/" + name }
        }
        if let p = pax["path"] { name = p } else if let l = longName { name = l }
        // GNU sparse members (old 'S' type, pax GNU.sparse.* 0.0/0.1/1.0): their data is a map plus the parts
        // that are not holes, never the file's bytes. Refused rather than written as a different file.
        if type == UInt8(ascii: "S") || pax.keys.contains(where: { $0.hasPrefix("GNU.sparse.") }) {
            throw Failure.unsupported("the sparse member '\(pax["GNU.sparse.name"] ?? name)' (GNU tar --sparse)")
        }
        var link = Self.string(h[157..<257])
        if let p = pax["linkpath"] { link = p } else if let l = longLink { link = l }
        let kind: ArchiveEntry.Kind
        var dataSize = padded
        switch type {
        case UInt8(ascii: "1"): kind = .hardlink; dataSize = 0
        case UInt8(ascii: "2"): kind = .symlink; dataSize = 0
        case UInt8(ascii: "3"), UInt8(ascii: "4"): kind = .device; dataSize = 0
        case UInt8(ascii: "5"): kind = .directory; dataSize = 0
        case UInt8(ascii: "6"): kind = .fifo; dataSize = 0
        case UInt8(ascii: "D"): kind = .directory
        default: kind = .file
        }
        // A pax `mtime` may have a fraction (GNU tar --format=pax); the header's is whole seconds.
        let mtime = try pax["mtime"].map(Self.paxTime) ?? Self.number(h[136..<148]).map(Double.init)
        let entry = ArchiveEntry(
            path: name, kind: kind, linkTarget: kind == .symlink || kind == .hardlink ? link : nil,
            modified: mtime.map { Date(timeIntervalSince1970: $0) })
        entries.append(entry)
        longName = nil
        longLink = nil
        pax = [:]
        try onMember?(entry, UInt32(truncatingIfNeeded: Self.number(h[100..<108]) ?? 0o644))
        if kind == .file {
            content = size
            skip = padded - size
        } else {
            skip = dataSize
        }
    }

    private mutating func finishCollecting(type: UInt8) throws {
        switch type {
        case UInt8(ascii: "L"): longName = Self.string(collected[...])
        case UInt8(ascii: "K"): longLink = Self.string(collected[...])
        default: pax.merge(try Self.paxRecords(collected)) { _, new in new }
        }
        collected = []
    }

    /// `"<len> key=value\n"` records, as GNU tar reads them: the length counts the whole record (its own digits,
    /// the space and the newline); a length that is not a number, does not reach past the space, runs past the
    /// header or leaves no newline at the end, and a record without `=`, are malformed. NUL padding after the
    /// last record is allowed.
    static func paxRecords(_ bytes: [UInt8]) throws -> [String: String] {
        var out: [String: String] = [:]
        var i = 0
        while i < bytes.count {
            if bytes[i...].allSatisfy({ $0 == 0 }) { break }
            guard let space = bytes[i...].prefix(20).firstIndex(of: 0x20), space > i,
                let length = Self.decimal(bytes[i..<space]),
                length > space - i + 1, length <= bytes.count - i
            else { throw Failure.malformed("a pax record with a bad length at byte \(i) of its header") }
            let end = i + length
            guard bytes[end - 1] == 0x0A, let eq = bytes[(space + 1)..<(end - 1)].firstIndex(of: UInt8(ascii: "="))
            else { throw Failure.malformed("a pax record without `key=value` and a newline at byte \(i)") }
            out[String(decoding: bytes[(space + 1)..<eq], as: UTF8.self)] = String(
                decoding: bytes[(eq + 1)..<(end - 1)], as: UTF8.self)
            i = end
        }
        return out
    }

    /// Digits only (no sign, no space), nil when empty or beyond `Int`.
    static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var v = 0
        for d in digits {
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int(d - 0x30))
            if o1 || o2 { return nil }
            v = s
        }
        return v
    }

    /// A member's size: the pax `size` when given (whole digits), else the header's; refused when it is not a
    /// number, negative or over `maxMemberSize`.
    static func size(header: ArraySlice<UInt8>, pax: String?) throws -> Int64 {
        let size: Int64?
        if let pax {
            size = Self.decimal(Array(pax.utf8)[...]).map(Int64.init)
        } else {
            size = Self.number(header)
        }
        guard let size, size >= 0, size <= maxMemberSize else {
            throw Failure.malformed("a member size out of range (\(pax ?? "header field"))")
        }
        return size
    }

    /// A pax `mtime`: `[-]digits[.digits]`, as GNU tar writes it. Anything else (`nan`, `inf`, `1e9`, hex) is
    /// malformed; a value beyond what a file time holds is kept here and clamped when the time is set.
    static func paxTime(_ text: String) throws -> Double {
        let body = text.hasPrefix("-") ? text.dropFirst() : text[...]
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            parts.count == 1 || (!parts[1].isEmpty && parts[1].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })),
            let value = Double(text), value.isFinite
        else { throw Failure.malformed("a pax mtime that is not a number ('\(text.prefix(40))')") }
        return value
    }

    /// A NUL-terminated field.
    static func string(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// An octal field (space/NUL padded) or GNU base-256 (high bit of the first byte set; the next bit is the
    /// sign of a two's complement number, as GNU tar writes negative times). Nil when it is not a number or does
    /// not fit an `Int64`.
    static func number(_ field: ArraySlice<UInt8>) -> Int64? {
        guard let first = field.first else { return nil }
        if first & 0x80 != 0 {
            var v = Int64(first & 0x3F) - (first & 0x40 != 0 ? 64 : 0)
            for b in field.dropFirst() {
                let (shifted, o1) = v.multipliedReportingOverflow(by: 256)
                let (sum, o2) = shifted.addingReportingOverflow(Int64(b))
                if o1 || o2 { return nil }
                v = sum
            }
            return v
        }
        let digits = field.drop { $0 == 0x20 || $0 == 0 }.prefix { $0 >= 0x30 && $0 <= 0x37 }
        if digits.isEmpty { return field.allSatisfy({ $0 == 0x20 || $0 == 0 }) ? 0 : nil }
        return digits.reduce(Int64(0)) { $0 * 8 + Int64($1 - 0x30) }
    }
}
