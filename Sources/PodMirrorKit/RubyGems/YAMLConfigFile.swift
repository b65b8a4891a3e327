import Foundation
import Yams

/// What the gemrc and Bundler's config have in common: a YAML mapping of `key: value` lines that
/// podmirror edits line by line. Anything a line-based edit could misread is refused here, naming
/// the line: invalid YAML, a bare CR (a line break to YAML, not to a line reader), a document that
/// is not a mapping, `?` complex keys, indented top-level keys.
enum YAMLConfigFile {
    /// The parsed document (nil when the file is empty or only `---`); `text` is `bytes` decoded.
    static func read(_ bytes: [UInt8], text: String, path: String, code: String, tool: String) throws -> Node? {
        if let cr = bytes.indices.first(where: { bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A) }
        ) {
            throw GemsError(
                "\(path) line \(bytes.lineNumber(at: cr)): a carriage return without a line feed",
                remedy: "use LF or CRLF line endings, then run again", code: code)
        }
        // even blank-looking text: a tab where YAML expects indentation is an error
        guard !text.isEmpty else { return nil }
        try YAMLNesting.check(bytes, path: path, code: code)
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw GemsError("\(path) is not valid YAML: \(error)", remedy: "fix the file, then run again", code: code)
        }
        // A document that is only `---` is empty; any other scalar (`~`, `|-`, `''`) is not a mapping.
        if let node = root, node.mapping == nil, !(node.scalar.map { $0.style == .plain && $0.string.isEmpty } ?? false)
        {
            throw GemsError(
                "\(path) is not a YAML mapping (\(tool) ignores such a file)", remedy: "fix or remove the file",
                code: code)
        }
        if let key = root?.mapping?.first(where: { $0.key.scalar == nil })?.key {
            throw GemsError(
                "\(path) line \(key.mark?.line ?? 0): a key that is not a plain name (`?` complex key)",
                remedy: "write `key: value` lines as \(tool) does, then run again", code: code)
        }
        if let key = root?.mapping?.first?.key, let mark = key.mark, mark.column != 1 {
            throw GemsError(
                "\(path) line \(mark.line): the top-level keys are indented (`\(key.string ?? "")` at column "
                    + "\(mark.column)); podmirror edits the file as \(tool) writes it",
                remedy: "start the keys at the beginning of the line, then run again", code: code)
        }
        return root?.mapping == nil ? nil : root
    }

    /// A scalar's string when it is written on one line (plain or quoted), as the line readers read
    /// values; nil for `|`/`>` blocks, lists and mappings.
    static func oneLineString(_ node: Node) -> String? {
        node.scalar.flatMap { [.plain, .singleQuoted, .doubleQuoted].contains($0.style) ? $0.string : nil }
    }

    /// Every top-level key except `excluded`, with its value as YAML reads it: an edit must keep these.
    static func otherValues(_ bytes: [UInt8], excluding excluded: Set<String>) -> [String: String] {
        guard let root = try? Yams.compose(yaml: String(decoding: bytes, as: UTF8.self)), let mapping = root.mapping
        else { return [:] }
        var out: [String: String] = [:]
        for (key, value) in mapping where !excluded.contains(key.string ?? "") {
            out[key.string ?? "\(key)"] = (try? Yams.serialize(node: value)) ?? "\(value)"
        }
        return out
    }
}
