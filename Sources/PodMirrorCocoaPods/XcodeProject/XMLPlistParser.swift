import Foundation
import PodMirrorFoundation

/// Reads the XML plist form of project.pbxproj (written by old Xcodeproj/CocoaPods) into the same
/// `PBXNode`s, with byte ranges: an entry runs from `<key>` to the end of its value, so deleting it
/// removes whole lines as in the OpenStep form. Integers, reals and booleans are kept as text.
struct XMLPlistParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    var i = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.path = path
    }

    func error(_ what: String, at offset: Int? = nil) -> PodMirrorFailure {
        .xcodeprojSyntax(path, bytes, at: offset ?? i, what)
    }

    mutating func parseDocument() throws -> PBXNode {
        try skipMisc()
        guard let (name, _, _) = try peekTag(), name == "plist" else {
            throw error("expected <plist> in XML property list")
        }
        _ = try readTag()
        try skipMisc()
        let root = try parseValue()
        try skipMisc()
        guard let (close, isClose, _) = try peekTag(), close == "plist", isClose else {
            throw error("expected </plist>")
        }
        _ = try readTag()
        try skipMisc()
        guard i == bytes.count else { throw error("unexpected content after </plist>") }
        return root
    }

    /// Skips whitespace, `<?…?>`, `<!DOCTYPE…>` and `<!-- … -->`.
    mutating func skipMisc() throws {
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
            if b == 0x3C, i + 1 < bytes.count {
                if bytes[i + 1] == 0x3F { try skip(past: "?>"); continue }
                if starts(with: "<!--") { try skip(past: "-->"); continue }
                if bytes[i + 1] == 0x21 { try skip(past: ">"); continue }
            }
            return
        }
    }

    func starts(with s: String, at: Int? = nil) -> Bool {
        var k = at ?? i
        for c in s.utf8 {
            guard k < bytes.count, bytes[k] == c else { return false }
            k += 1
        }
        return true
    }

    mutating func skip(past s: String) throws {
        let start = i
        while i < bytes.count {
            if starts(with: s) { i += s.utf8.count; return }
            i += 1
        }
        throw error("'\(s)' expected before the end of the file", at: start)
    }

    /// (name, isClosing, isEmpty) of the tag at `i`, without consuming it.
    mutating func peekTag() throws -> (String, Bool, Bool)? {
        let save = i
        defer { i = save }
        guard i < bytes.count, bytes[i] == 0x3C else { return nil }
        return try readTag()
    }

    mutating func readTag() throws -> (String, Bool, Bool) {
        let start = i
        guard i < bytes.count, bytes[i] == 0x3C else { throw error("expected a tag") }
        i += 1
        var closing = false
        if i < bytes.count, bytes[i] == 0x2F { closing = true; i += 1 }
        let nameStart = i
        while i < bytes.count, bytes[i] != 0x3E, bytes[i] != 0x2F, bytes[i] != 0x20, bytes[i] != 0x0A, bytes[i] != 0x09
        { i += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<i]), as: UTF8.self)
        var empty = false
        while i < bytes.count, bytes[i] != 0x3E {
            if bytes[i] == 0x2F { empty = true }
            i += 1
        }
        guard i < bytes.count else { throw error("tag <\(name) is not closed", at: start) }
        i += 1
        return (name, closing, empty)
    }

    mutating func parseValue() throws -> PBXNode {
        let start = i
        let (name, closing, empty) = try readTag()
        if closing { throw error("unexpected </\(name)>", at: start) }
        switch name {
        case "dict":
            if empty { return PBXNode(.dictionary([]), range: start..<i) }
            depth += 1
            if depth > OpenStepParser.maxDepth { throw error("nesting too deep", at: start) }
            var entries: [PBXEntry] = []
            while true {
                try skipMisc()
                let keyStart = i
                let (k, kClose, kEmpty) = try readTag()
                if k == "dict" && kClose { break }
                guard k == "key", !kClose else {
                    throw error("expected <key> or </dict>, found <\(kClose ? "/" : "")\(k)>", at: keyStart)
                }
                let key = kEmpty ? "" : try text(until: "key")
                try skipMisc()
                let value = try parseValue()
                entries.append(PBXEntry(key: key, value: value, range: keyStart..<value.range.upperBound))
            }
            depth -= 1
            return PBXNode(.dictionary(entries), range: start..<i)
        case "array":
            if empty { return PBXNode(.array([]), range: start..<i) }
            depth += 1
            if depth > OpenStepParser.maxDepth { throw error("nesting too deep", at: start) }
            var elements: [PBXNode] = []
            while true {
                try skipMisc()
                if let (n, c, _) = try peekTag(), n == "array", c { _ = try readTag(); break }
                elements.append(try parseValue())
            }
            depth -= 1
            return PBXNode(.array(elements), range: start..<i)
        case "string", "integer", "real", "date":
            let s = empty ? "" : try text(until: name)
            return PBXNode(.string(s), range: start..<i)
        case "true", "false":
            if !empty { try skip(past: "</\(name)>") }
            return PBXNode(.string(name == "true" ? "YES" : "NO"), range: start..<i)
        case "data":
            let s = empty ? "" : try text(until: name)
            guard let d = Data(base64Encoded: s.filter { !$0.isWhitespace }) else {
                throw error("<data> is not valid base64", at: start)
            }
            return PBXNode(.data([UInt8](d)), range: start..<i)
        default:
            throw error("unknown plist element <\(name)>", at: start)
        }
    }

    /// Character data up to `</name>`, with entities decoded.
    mutating func text(until name: String) throws -> String {
        let start = i
        while i < bytes.count, bytes[i] != 0x3C { i += 1 }
        guard i < bytes.count else { throw error("<\(name)> is not closed", at: start) }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<i])
        guard var s = String(validating: raw, as: UTF8.self) else { throw error("text is not valid UTF-8", at: start) }
        let (close, isClose, _) = try readTag()
        guard close == name, isClose else { throw error("expected </\(name)>", at: start) }
        if s.contains("&") { s = try Self.decodeEntities(s, parser: self, at: start) }
        return s
    }

    static func decodeEntities(_ s: String, parser: XMLPlistParser, at: Int) throws -> String {
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else {
                throw parser.error("unterminated entity in text", at: at)
            }
            let name = rest[rest.index(after: amp)..<semi]
            switch name {
            case "lt": out += "<"
            case "gt": out += ">"
            case "amp": out += "&"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
                let digits = name.dropFirst(hex ? 2 : 1)
                guard name.hasPrefix("#"), let v = UInt32(digits, radix: hex ? 16 : 10), let u = UnicodeScalar(v) else {
                    throw parser.error("unknown entity &\(name);", at: at)
                }
                out.unicodeScalars.append(u)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
