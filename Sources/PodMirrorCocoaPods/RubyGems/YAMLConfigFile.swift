import Foundation
import PodMirrorFoundation
import Yams

/// What the gemrc and Bundler's config have in common: a YAML mapping of `key: value` lines that
/// podmirror edits line by line. Anything a line-based edit could misread is refused here, naming
/// the line: invalid YAML, a bare CR (a line break to YAML, not to a line reader), a document that
/// is not a mapping, `?` complex keys, indented top-level keys.
enum YAMLConfigFile {
    /// The parsed document (nil when the file is empty or only `---`); `text` is `bytes` decoded.
    static func read(_ bytes: [UInt8], text: String, path: String, code: ErrorCode, tool: String) throws -> Node? {
        if let cr = bytes.indices.first(where: { bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A) }
        ) {
            throw PodMirrorFailure(
                Message("gems.error.lone-cr", ["path": path, "line": String(bytes.lineNumber(at: cr))]),
                remedy: Message("gems.error.lone-cr.remedy"), code: code)
        }
        // even blank-looking text: a tab where YAML expects indentation is an error
        guard !text.isEmpty else { return nil }
        try YAMLNesting.check(bytes, path: path, code: code)
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw PodMirrorFailure(
                Message("gems.error.yaml", ["path": path, "reason": String(describing: error)]),
                remedy: Message("gems.error.fix-file.remedy"), code: code)
        }
        // A document that is only `---` is empty; any other scalar (`~`, `|-`, `''`) is not a mapping.
        if let node = root, node.mapping == nil, !(node.scalar.map { $0.style == .plain && $0.string.isEmpty } ?? false)
        {
            throw PodMirrorFailure(
                Message("gems.error.not-mapping", ["path": path, "tool": tool]),
                remedy: Message("gems.error.not-mapping.remedy"), code: code)
        }
        if let key = root?.mapping?.first(where: { $0.key.scalar == nil })?.key {
            throw PodMirrorFailure(
                Message("gems.error.complex-key", ["path": path, "line": String(key.mark?.line ?? 0)]),
                remedy: Message("gems.error.complex-key.remedy", ["tool": tool]), code: code)
        }
        if let key = root?.mapping?.first?.key, let mark = key.mark, mark.column != 1 {
            throw PodMirrorFailure(
                Message(
                    "gems.error.indented-keys",
                    [
                        "path": path, "line": String(mark.line), "key": key.string ?? "", "column": String(mark.column),
                        "tool": tool,
                    ]),
                remedy: Message("gems.error.indented-keys.remedy"), code: code)
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
        guard YAMLNesting.depthBound(bytes) <= YAMLNesting.limit,
            let root = try? Yams.compose(yaml: String(decoding: bytes, as: UTF8.self)), let mapping = root.mapping
        else { return [:] }
        var out: [String: String] = [:]
        for (key, value) in mapping where !excluded.contains(key.string ?? "") {
            out[key.string ?? "\(key)"] = (try? Yams.serialize(node: value)) ?? "\(value)"
        }
        return out
    }
}
