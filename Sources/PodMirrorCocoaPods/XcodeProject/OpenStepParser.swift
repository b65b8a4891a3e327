import Foundation
import PodMirrorFoundation

/// Reads Xcode's OpenStep ("old-style") property list text into `PBXNode`s that know their byte
/// ranges. Accepts what Nanaimo accepts (wider bare strings, `\U` and octal escapes, single quotes);
/// comments are skipped. Errors name the line and column.
struct OpenStepParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    var i = 0
    var depth = 0
    /// `/* Begin … */` and `/* End … */` comments (candidates for section markers), as read.
    var markerComments: [Range<Int>] = []
    static let maxDepth = 256

    init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.path = path
    }

    mutating func parseDocument() throws -> PBXNode {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        try skipTrivia()
        guard i < bytes.count else { throw error("the file is empty; expected a property list") }
        let root = try parseValue()
        try skipTrivia()
        guard i == bytes.count else { throw error("unexpected \(describe(i)) after the end of the property list") }
        return root
    }

    func error(_ what: String, at offset: Int? = nil) -> PodMirrorFailure {
        .xcodeprojSyntax(path, bytes, at: offset ?? i, what)
    }

    func describe(_ at: Int) -> String {
        guard at < bytes.count else { return "end of file" }
        let b = bytes[at]
        if b >= 0x21 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
        return String(format: "byte 0x%02X", b)
    }

    @inline(__always) static func isBare(_ b: UInt8) -> Bool {
        switch b {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D: return true
        default: return false
        }
    }

    /// Skips whitespace (incl. U+2028/U+2029) and `/* */`, `//` comments.
    mutating func skipTrivia() throws {
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                i += 1
            case 0x2F where i + 1 < bytes.count && bytes[i + 1] == 0x2A:
                let start = i
                i += 2
                while true {
                    guard i + 1 < bytes.count else { throw error("comment is not closed (no */)", at: start) }
                    if bytes[i] == 0x2A && bytes[i + 1] == 0x2F { i += 2; break }
                    i += 1
                }
                if start + 3 < i, bytes[start + 2] == 0x20, bytes[start + 3] == 0x42 || bytes[start + 3] == 0x45 {
                    markerComments.append(start..<i)
                }
            case 0x2F where i + 1 < bytes.count && bytes[i + 1] == 0x2F:
                while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            case 0xE2
            where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                i += 3
            default:
                return
            }
        }
    }

    mutating func parseValue() throws -> PBXNode {
        guard i < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[i] {
        case 0x7B: return try parseDictionary()
        case 0x28: return try parseArray()
        case 0x3C: return try parseData()
        case 0x22, 0x27:
            let start = i
            return PBXNode(.string(try parseQuoted()), range: start..<i)
        default:
            let start = i
            return PBXNode(.string(try parseBare()), range: start..<i)
        }
    }

    mutating func enter() throws {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    mutating func parseDictionary() throws -> PBXNode {
        let start = i
        try enter()
        i += 1
        var entries: [PBXEntry] = []
        while true {
            try skipTrivia()
            guard i < bytes.count else { throw error("dictionary opened here is not closed (no '}')", at: start) }
            if bytes[i] == 0x7D { i += 1; break }
            let keyStart = i
            let key: String
            if bytes[i] == 0x22 || bytes[i] == 0x27 { key = try parseQuoted() } else { key = try parseBare() }
            try skipTrivia()
            guard i < bytes.count, bytes[i] == 0x3D else {
                throw error("expected '=' after key \"\(key)\", found \(describe(i))")
            }
            i += 1
            try skipTrivia()
            let value = try parseValue()
            try skipTrivia()
            guard i < bytes.count, bytes[i] == 0x3B else {
                throw error("expected ';' after the value of \"\(key)\", found \(describe(i))")
            }
            i += 1
            entries.append(PBXEntry(key: key, value: value, range: keyStart..<i))
        }
        depth -= 1
        return PBXNode(.dictionary(entries), range: start..<i)
    }

    mutating func parseArray() throws -> PBXNode {
        let start = i
        try enter()
        i += 1
        var elements: [PBXNode] = []
        while true {
            try skipTrivia()
            guard i < bytes.count else { throw error("array opened here is not closed (no ')')", at: start) }
            if bytes[i] == 0x29 { i += 1; break }
            var element = try parseValue()
            try skipTrivia()
            guard i < bytes.count else { throw error("array opened here is not closed (no ')')", at: start) }
            if bytes[i] == 0x2C {
                i += 1
                element.itemRange = element.range.lowerBound..<i
            } else if bytes[i] != 0x29 {
                throw error("expected ',' or ')' in array, found \(describe(i))")
            } else {
                element.itemRange = element.range.lowerBound..<i
            }
            elements.append(element)
        }
        depth -= 1
        return PBXNode(.array(elements), range: start..<i)
    }

    mutating func parseData() throws -> PBXNode {
        let start = i
        i += 1
        var out: [UInt8] = []
        var high: UInt8?
        while true {
            guard i < bytes.count else { throw error("data opened here is not closed (no '>')", at: start) }
            let b = bytes[i]
            if b == 0x3E { i += 1; break }
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
            guard let v = Self.hexValue(b) else { throw error("invalid character \(describe(i)) in <data>") }
            if let h = high { out.append(h << 4 | v); high = nil } else { high = v }
            i += 1
        }
        if high != nil { throw error("odd number of hex digits in <data>", at: start) }
        return PBXNode(.data(out), range: start..<i)
    }

    @inline(__always) static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    mutating func parseBare() throws -> String {
        let start = i
        while i < bytes.count && Self.isBare(bytes[i]) { i += 1 }
        guard i > start else { throw error("unexpected \(describe(i)); expected a value") }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    mutating func parseQuoted() throws -> String {
        let quote = bytes[i]
        let start = i
        i += 1
        let contentStart = i
        // Fast path: no escapes.
        while i < bytes.count && bytes[i] != quote && bytes[i] != 0x5C { i += 1 }
        guard i < bytes.count else { throw error("string opened here is not closed", at: start) }
        if bytes[i] == quote {
            let s = try decodeUTF8(contentStart..<i, start)
            i += 1
            return s
        }
        var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[contentStart..<i]))
        while true {
            guard i < bytes.count else { throw error("string opened here is not closed", at: start) }
            let b = bytes[i]
            if b == quote { i += 1; break }
            if b != 0x5C { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw error("string opened here is not closed", at: start) }
            let e = bytes[i]
            i += 1
            switch e {
            case 0x6E: out.append(0x0A)
            case 0x74: out.append(0x09)
            case 0x72: out.append(0x0D)
            case 0x61: out.append(0x07)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x76: out.append(0x0B)
            case 0x55:
                var unit: UInt32 = 0
                for _ in 0..<4 {
                    guard i < bytes.count, let v = Self.hexValue(bytes[i]) else {
                        throw error("\\U needs four hex digits", at: i)
                    }
                    unit = unit << 4 | UInt32(v)
                    i += 1
                }
                var scalar = unit
                // A surrogate pair written as two \U escapes.
                if (0xD800...0xDBFF).contains(unit), i + 5 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x55 {
                    var low: UInt32 = 0
                    var ok = true
                    for k in 0..<4 {
                        if let v = Self.hexValue(bytes[i + 2 + k]) { low = low << 4 | UInt32(v) } else { ok = false }
                    }
                    if ok, (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                out.append(contentsOf: Array(String(UnicodeScalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            case 0x30...0x37:
                // Three octal digits: a NeXTSTEP-encoded byte (read as Latin-1 above 127).
                var v = UInt32(e - 0x30)
                for _ in 0..<2 where i < bytes.count && (0x30...0x37).contains(bytes[i]) {
                    v = v << 3 | UInt32(bytes[i] - 0x30)
                    i += 1
                }
                out.append(contentsOf: Array(String(Character(UnicodeScalar(UInt8(truncatingIfNeeded: v)))).utf8))
            default:
                out.append(e)  // \" \\ \' and an escaped newline stand for themselves
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else {
            throw error("string is not valid UTF-8", at: start)
        }
        return s
    }

    func decodeUTF8(_ r: Range<Int>, _ start: Int) throws -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[r])
        guard let s = String(validating: slice, as: UTF8.self) else {
            throw error("string is not valid UTF-8", at: start)
        }
        return s
    }
}
