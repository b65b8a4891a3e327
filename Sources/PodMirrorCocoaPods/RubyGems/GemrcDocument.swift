import Foundation
import PodMirrorFoundation
import Yams

/// A gemrc read for editing: the `:sources:` list with the byte range of every item, so edits
/// patch the original bytes and every other key, comment and blank line stays as it was.
///
/// Both styles RubyGems writes are understood: ≤ 3.4 (Psych `to_yaml`, plain values
/// `- https://rubygems.org/`) and ≥ 3.5 (`Gem::YAMLSerializer`, quoted values
/// `- "https://rubygems.org/"`, `:sources: []` when empty).
package struct GemrcDocument: Sendable {
    /// How an item's value is written.
    package enum Quoting: String, Sendable { case plain, double, single }

    /// One `- URL` item of the list.
    struct Item: Sendable, Equatable {
        var url: String
        var quoting: Quoting
        /// Bytes of the whole line, including its newline.
        var lineRange: Range<Int>
        /// Bytes of the value as written (quotes included).
        var valueRange: Range<Int>
        var line: Int
    }

    package var path: String
    package var bytes: [UInt8]
    /// The `:sources:` key line, when present.
    var keyLine: Int?
    /// Byte range of what follows `:sources:` on its line (e.g. ` []`), when the list is inline.
    var inlineValueRange: Range<Int>?
    /// Byte offset just after the `:sources:` line (its newline included).
    var keyLineEnd: Int?
    var items: [Item]
    /// The file's line ending (`\r\n` when the file uses it).
    var newline: String

    /// Parses a gemrc; a file podmirror cannot understand is an error naming the line.
    package init(path: String, bytes: [UInt8]) throws {
        self.path = path
        self.bytes = bytes
        self.items = []
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw PodMirrorFailure(Message("gems.error.encoding", ["path": path]), code: .gemsGemrcEncoding)
        }
        newline = text.contains("\r\n") ? "\r\n" : "\n"
        let root = try YAMLConfigFile.read(bytes, text: text, path: path, code: .gemsGemrcSyntax, tool: "RubyGems")
        try parseSources()
        try checkAgainstYAML(root)
    }

    /// The line reader finds byte ranges to edit; a YAML parser says what RubyGems will read. Where
    /// they disagree (escapes, multi-line values, flow style, a key spelled otherwise), podmirror
    /// refuses rather than edit what it misread.
    private func checkAgainstYAML(_ root: Node?) throws {
        let pairs = root?.mapping.map { Array($0) } ?? []
        let keyed = pairs.filter { [":sources", "sources"].contains($0.key.string) }
        var yaml: [String?]?
        if let value = keyed.first?.value {
            // Only the one-line styles the line reader knows (not `|` or `>` blocks, which span lines).
            if let sequence = value.sequence {
                yaml = sequence.map(YAMLConfigFile.oneLineString)
            } else if let scalar = value.scalar, scalar.style == .plain, scalar.string.isEmpty {
                yaml = []
            }  // `:sources:` alone
            else {
                yaml = [nil]
            }
        }
        if keyed.count <= 1, yaml.map({ $0.map { $0 ?? "\u{0}" } }) == sources { return }
        let line = keyLine ?? keyed.first?.key.mark?.line
        let yamls = Self.describe(yaml.map { $0.map { $0 ?? "(not a string)" } })
        throw PodMirrorFailure(
            Message(
                line == nil ? "gems.error.gemrc-unreadable-sources" : "gems.error.gemrc-unreadable-sources.line",
                ["path": path, "line": line.map(String.init) ?? "", "ours": Self.describe(sources), "yaml": yamls]),
            remedy: Message("gems.error.gemrc-unreadable-sources.remedy"), code: .gemsGemrcUnreadableSources)
    }

    static func describe(_ list: [String]?) -> String {
        list.map { "[" + $0.map { Redaction.redactURL($0).debugDescription }.joined(separator: ", ") + "]" } ?? "absent"
    }

    /// The sources as RubyGems reads them, or nil when the key is absent (RubyGems then uses
    /// https://rubygems.org/).
    package var sources: [String]? { keyLine == nil ? nil : items.map(\.url) }

    /// The quoting new items get: that of existing items, else the file's style, else ≥ 3.5 style.
    var preferredQuoting: Quoting {
        if let q = items.first?.quoting { return q }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.isEmpty { return .double }
        return text.range(of: #"(?m)^:?[A-Za-z_]+: ""#, options: .regularExpression) != nil ? .double : .plain
    }

    /// Writes `url` as an item value in the given quoting.
    package static func render(_ url: String, _ quoting: Quoting) -> String {
        switch quoting {
        case .plain: return url
        case .double:
            return "\"" + url.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        case .single: return "'" + url.replacingOccurrences(of: "'", with: "''") + "'"
        }
    }

    private mutating func parseSources() throws {
        let lines = ByteLines.ranges(bytes)
        var i = 0
        while i < lines.count {
            let (range, number) = (lines[i], i + 1)
            let content = ByteLines.text(bytes, range)
            if let match = content.range(of: #"^:?sources:(?=[ \t]|$)"#, options: .regularExpression) {
                if keyLine != nil {
                    throw PodMirrorFailure(
                        Message("gems.error.gemrc-duplicate-key", ["path": path, "line": String(number)]),
                        remedy: Message("gems.error.gemrc-duplicate-key.remedy"), code: .gemsGemrcDuplicateKey)
                }
                keyLine = number
                keyLineEnd = range.upperBound
                let afterKey = range.lowerBound + content.utf8.distance(from: content.startIndex, to: match.upperBound)
                let rest = content[match.upperBound...]
                let restTrimmed = Self.stripComment(String(rest)).trimmingCharacters(in: .whitespaces)
                if !restTrimmed.isEmpty {
                    guard restTrimmed == "[]" else {
                        throw PodMirrorFailure(
                            Message(
                                "gems.error.gemrc-inline-sources",
                                ["path": path, "line": String(number), "value": restTrimmed]),
                            remedy: Message("gems.error.gemrc-inline-sources.remedy"), code: .gemsGemrcInlineSources)
                    }
                    inlineValueRange = afterKey..<(range.lowerBound + content.utf8.count)
                    i += 1
                    continue  // on to the end: a second key is an error
                }
                i += 1
                while i < lines.count {
                    let itemRange = lines[i]
                    let line = ByteLines.text(bytes, itemRange)
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed.isEmpty || trimmed.hasPrefix("#") { i += 1; continue }
                    guard let dash = line.range(of: #"^ *- +"#, options: .regularExpression) else {
                        // An indented line that is not an item continues the value (` []`, a scalar).
                        if line.first == " " || line.first == "\t" {
                            throw PodMirrorFailure(
                                Message(
                                    "gems.error.gemrc-sources-form",
                                    ["path": path, "line": String(i + 1), "value": String(trimmed.prefix(40))]),
                                remedy: Message("gems.error.gemrc-unreadable-sources.remedy"),
                                code: .gemsGemrcUnreadableSources)
                        }
                        break
                    }
                    let raw = String(line[dash.upperBound...])
                    let start = itemRange.lowerBound + line.utf8.distance(from: line.startIndex, to: dash.upperBound)
                    let (url, quoting, length) = try Self.scalar(raw, path: path, line: i + 1)
                    items.append(
                        Item(
                            url: url, quoting: quoting, lineRange: itemRange, valueRange: start..<(start + length),
                            line: i + 1))
                    i += 1
                }
                continue
            }
            i += 1
        }
    }

    /// Reads an item value: plain (up to a ` #` comment), "double" or 'single' quoted.
    static func scalar(_ raw: String, path: String, line: Int) throws -> (String, Quoting, Int) {
        if raw.hasPrefix("\"") {
            var out = ""
            var escaped = false
            var length = 1
            for ch in raw.dropFirst() {
                length += String(ch).utf8.count
                if escaped {
                    out.append(ch); escaped = false
                } else if ch == "\\" {
                    escaped = true
                } else if ch == "\"" {
                    return (out, .double, length)
                } else {
                    out.append(ch)
                }
            }
            throw PodMirrorFailure(
                Message("gems.error.unterminated", ["path": path, "line": String(line)]), code: .gemsGemrcSyntax)
        }
        if raw.hasPrefix("'") {
            guard let end = raw.dropFirst().range(of: "'") else {
                throw PodMirrorFailure(
                    Message("gems.error.unterminated", ["path": path, "line": String(line)]), code: .gemsGemrcSyntax)
            }
            let value = String(raw[raw.index(after: raw.startIndex)..<end.lowerBound])
            return (value, .single, raw.utf8.distance(from: raw.startIndex, to: end.upperBound))
        }
        let value = stripComment(raw).trimmingCharacters(in: .whitespaces)
        return (value, .plain, value.utf8.count)
    }

    static func stripComment(_ s: String) -> String {
        if let r = s.range(of: " #") { return String(s[..<r.lowerBound]) }
        return s
    }
}
