import Foundation

/// A podspec as an ordered JSON value, and the bytes CocoaPods 1.17 writes for it: `spec.to_pretty_json`
/// (Core `specification/json.rb`), i.e. `JSON.pretty_generate(to_hash) << "\n"`.
///
/// `to_hash` keeps the parsed key order, sets `platforms` (in place when the key exists, else after the other
/// attributes; on the root always, on a subspec when its platforms differ from its parent's), moves `testspecs`,
/// `appspecs` and `subspecs` to the end, then appends `swift_version`, the highest of `swift_versions` and
/// `swift_version`. Empty containers depend on the Ruby json gem: below 2.8 `[`, a blank line, `]` and `{`, `}`
/// on two lines; from 2.8 `[]` and `{}` (`EmptyStyle`).
indirect enum PodspecJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number as written (integers, and decimals Ruby prints back the same way).
    case number(String)
    case string(String)
    case array([PodspecJSON])
    case object([Member])

    struct Member: Sendable, Equatable {
        var key: String
        var value: PodspecJSON
        init(_ key: String, _ value: PodspecJSON) {
            self.key = key
            self.value = value
        }
    }

    /// How the json gem writes empty arrays and objects.
    enum EmptyStyle: Sendable, CaseIterable {
        /// json < 2.8 (macOS system Ruby, Ruby <= 3.3).
        case multiLine
        /// json >= 2.8.
        case compact
    }

    /// The five platforms a spec without `platforms` supports, in Core's order.
    static let allPlatforms = ["osx", "ios", "tvos", "visionos", "watchos"]

    subscript(key: String) -> PodspecJSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    var string: String? {
        switch self {
        case .string(let s): return s
        case .number(let n): return n
        default: return nil
        }
    }

    // MARK: Reading

    /// The deepest nesting of arrays and objects read (JSONSerialization's own bound): deeper text is refused
    /// rather than read by a recursion that could exhaust a worker thread's stack.
    static let maxDepth = 512

    /// Parses JSON text keeping key order (a repeated key keeps its first place and its last value, as Ruby's
    /// JSON.parse does), in time linear in the members. Nil for anything that is not JSON, nested deeper than
    /// `maxDepth`, or a number Ruby would print differently.
    static func parse(_ bytes: [UInt8]) -> PodspecJSON? {
        var reader = Reader(bytes: bytes)
        guard let value = reader.value() else { return nil }
        reader.skipSpace()
        return reader.index == bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var depth = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else { return false }
            index += w.count
            return true
        }

        mutating func value() -> PodspecJSON? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < PodspecJSON.maxDepth else { return nil }
                depth += 1
                defer { depth -= 1 }
                return bytes[index] == UInt8(ascii: "{") ? object() : array()
            case UInt8(ascii: "\""): return string().map { .string($0) }
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default: return number()
            }
        }

        mutating func object() -> PodspecJSON? {
            index += 1
            var members: [Member] = []
            // Where each key is in `members`: a repeated key is found at once, not by a scan of every member.
            var positions: [String: Int] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object([])
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let v = value() else { return nil }
                if let i = positions[key] {
                    members[i].value = v
                } else {
                    positions[key] = members.count
                    members.append(Member(key, v))
                }
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { return nil }
                index += 1
                return .object(members)
            }
        }

        mutating func array() -> PodspecJSON? {
            index += 1
            var items: [PodspecJSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array([])
            }
            while true {
                guard let v = value() else { return nil }
                items.append(v)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { return nil }
                index += 1
                return .array(items)
            }
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count,
                let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { return nil }
            index += 4
            return v
        }

        mutating func string() -> String? {
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let b = bytes[index]
                index += 1
                switch b {
                case UInt8(ascii: "\""):
                    return String(validating: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let e = bytes[index]
                    index += 1
                    let simple: [UInt8: UInt8] = [
                        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
                        UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                        UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
                    ]
                    if let s = simple[e] { out.append(s); continue }
                    guard e == UInt8(ascii: "u"), var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code) {
                        guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    if b < 0x20 { return nil }
                    out.append(b)
                }
            }
            return nil
        }

        mutating func number() -> PodspecJSON? {
            let start = index
            while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            let raw = String(decoding: bytes[start..<index], as: UTF8.self)
            if raw.range(of: #"^-?(0|[1-9][0-9]*)$"#, options: .regularExpression) != nil { return .number(raw) }
            // A decimal Ruby prints back as written (`1.5`, `10.0`); other forms would be rewritten.
            guard raw.range(of: #"^-?(0|[1-9][0-9]*)\.[0-9]+$"#, options: .regularExpression) != nil,
                let d = Double(raw), "\(d)" == raw
            else { return nil }
            return .number(raw)
        }
    }

    // MARK: CocoaPods' hash form

    /// `to_hash` of the root spec this object describes.
    func cocoapodsForm() -> PodspecJSON {
        guard case .object(let members) = self else { return self }
        return .object(Self.toHash(members, parentPlatforms: nil))
    }

    typealias Platforms = [(name: String, target: PodspecJSON)]

    static func platforms(of members: [Member], parent: Platforms?) -> Platforms {
        let own: [Member]
        if case .object(let m)? = members.last(where: { $0.key == "platforms" })?.value { own = m } else { own = [] }
        if own.isEmpty { return parent ?? allPlatforms.map { ($0, PodspecJSON.null) } }
        return own.map { m in
            // A subspec without its own target inherits its parent's (`deployment_target(name)`).
            let target = m.value == .null ? (parent?.first { $0.name == m.key }?.target ?? .null) : m.value
            return (m.key, target.string.map(PodspecJSON.string) ?? .null)
        }
    }

    static func toHash(_ members: [Member], parentPlatforms: Platforms?) -> [Member] {
        var hash = members
        func set(_ key: String, _ value: PodspecJSON) {
            if let i = hash.firstIndex(where: { $0.key == key }) {
                hash[i].value = value
            } else {
                hash.append(Member(key, value))
            }
        }
        func take(_ key: String) -> [PodspecJSON] {
            let found = hash.last { $0.key == key }?.value
            hash.removeAll { $0.key == key }
            if case .array(let items)? = found { return items }
            return []
        }
        let available = platforms(of: members, parent: parentPlatforms)
        let differs =
            parentPlatforms.map { p in
                p.count != available.count
                    || zip(p, available).contains { $0.name != $1.name || $0.target != $1.target }
            } ?? true
        if differs {
            set("platforms", .object(available.map { Member($0.name, $0.target) }))
        }
        for key in ["testspecs", "appspecs", "subspecs"] {
            let children = take(key).map { child -> PodspecJSON in
                guard case .object(let m) = child else { return child }
                return .object(toHash(m, parentPlatforms: available))
            }
            if !children.isEmpty { hash.append(Member(key, .array(children))) }
        }
        var versions: [String] = []
        switch members.last(where: { $0.key == "swift_versions" })?.value {
        case .array(let items)?: versions = items.compactMap(\.string)
        case let v?: versions = v.string.map { [$0] } ?? []
        case nil: break
        }
        if let single = members.last(where: { $0.key == "swift_version" })?.value.string { versions.append(single) }
        hash.removeAll { $0.key == "swift_version" }
        if let highest = versions.max(by: { versionLess($0, $1) }) {
            hash.append(Member("swift_version", .string(highest)))
        }
        return hash
    }

    /// Compares as Gem::Version does for plain dotted numbers (`5` equals `5.0`); other parts as text.
    static func versionLess(_ a: String, _ b: String) -> Bool {
        let x = a.split(separator: ".")
        let y = b.split(separator: ".")
        for i in 0..<max(x.count, y.count) {
            let p = i < x.count ? String(x[i]) : "0"
            let q = i < y.count ? String(y[i]) : "0"
            if let m = Int(p), let n = Int(q) {
                if m != n { return m < n }
            } else if p != q {
                return p < q
            }
        }
        return false
    }

    // MARK: Writing

    /// `JSON.pretty_generate(self) << "\n"` as the json gem writes it.
    func prettyBytes(_ style: EmptyStyle) -> [UInt8] {
        var out = ""
        write(into: &out, depth: 0, style: style)
        out += "\n"
        return Array(out.utf8)
    }

    private func write(into out: inout String, depth: Int, style: EmptyStyle) {
        let inner = String(repeating: "  ", count: depth + 1)
        let outer = String(repeating: "  ", count: depth)
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): out += Self.quoted(s)
        case .array(let items):
            if items.isEmpty {
                out += style == .compact ? "[]" : "[\n\n\(outer)]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                if i > 0 { out += ",\n" }
                out += inner
                item.write(into: &out, depth: depth + 1, style: style)
            }
            out += "\n\(outer)]"
        case .object(let members):
            if members.isEmpty {
                out += style == .compact ? "{}" : "{\n\(outer)}"
                return
            }
            out += "{\n"
            for (i, m) in members.enumerated() {
                if i > 0 { out += ",\n" }
                out += inner + Self.quoted(m.key) + ": "
                m.value.write(into: &out, depth: depth + 1, style: style)
            }
            out += "\n\(outer)}"
        }
    }

    /// A JSON string as the json gem writes it: only `"`, `\` and control characters escaped.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if ch.value < 0x20 { out += String(format: "\\u%04x", ch.value) } else { out.unicodeScalars.append(ch) }
            }
        }
        return out + "\""
    }
}
