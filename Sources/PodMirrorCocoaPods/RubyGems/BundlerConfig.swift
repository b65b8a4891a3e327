import Foundation
import PodMirrorFoundation
import Yams

/// Bundler's global config file (`~/.bundle/config`) and its mirror setting for rubygems.org.
///
/// `bundle config set --global mirror.https://rubygems.org URL` stores the key
/// `BUNDLE_MIRROR__HTTPS://RUBYGEMS__ORG/` (Bundler's `Settings#key_for`: `.` → `__`, upper case, URI
/// normalised with a trailing `/`), and Bundler's YAML serializer writes `KEY: "value"` lines under `---`.
struct BundlerConfig: Sendable {
    static let mirrorKey = "BUNDLE_MIRROR__HTTPS://RUBYGEMS__ORG/"

    var path: String
    var bytes: [UInt8]
    /// The mirror line's range (newline included) and its value, when set.
    var mirrorLine: Range<Int>?
    var mirror: String?

    init(path: String, bytes: [UInt8]) throws {
        self.path = path
        self.bytes = bytes
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw PodMirrorFailure(Message("gems.error.encoding", ["path": path]), code: .gemsBundlerEncoding)
        }
        let root = try YAMLConfigFile.read(bytes, text: text, path: path, code: .gemsBundlerSyntax, tool: "Bundler")
        for (n, range) in ByteLines.ranges(bytes).enumerated() {
            let line = ByteLines.text(bytes, range)
            guard line.hasPrefix(Self.mirrorKey + ":") else { continue }
            if mirrorLine != nil {
                throw PodMirrorFailure(
                    Message(
                        "gems.error.bundler-duplicate-key",
                        ["path": path, "line": String(n + 1), "key": Self.mirrorKey]),
                    remedy: Message("gems.error.bundler-duplicate-key.remedy"), code: .gemsBundlerDuplicateKey)
            }
            mirrorLine = range
            let raw = String(line.dropFirst(Self.mirrorKey.count + 1)).trimmingCharacters(in: .whitespaces)
            mirror = try GemrcDocument.scalar(raw, path: path, line: n + 1).0
        }
        // The line reader against YAML: where they disagree, refuse rather than edit a misread value.
        let yaml = root?.mapping?.first { $0.key.string == Self.mirrorKey }?.value
        let yamlValue = yaml.flatMap(YAMLConfigFile.oneLineString)
        if yamlValue != mirror || (yaml != nil && yamlValue == nil) {
            let ours = mirror.map { Redaction.redactURL($0).debugDescription } ?? "absent"
            let yamls =
                yaml.map { $0.scalar.map { Redaction.redactURL($0.string).debugDescription } ?? "a list or mapping" }
                ?? "absent"
            throw PodMirrorFailure(
                Message(
                    "gems.error.bundler-unreadable-mirror",
                    ["path": path, "key": Self.mirrorKey, "ours": ours, "yaml": yamls]),
                remedy: Message("gems.error.bundler-unreadable-mirror.remedy", ["key": Self.mirrorKey]),
                code: .gemsBundlerUnreadableMirror)
        }
    }

    /// The file's bytes with the mirror set to `url` (`nil` removes the setting).
    func setting(mirror url: String?) throws -> [UInt8] {
        let new = try patched(mirror: url)
        // Self-check: the result reads back with the mirror as asked, and every other setting as it was.
        let others = { (b: [UInt8]) in YAMLConfigFile.otherValues(b, excluding: [Self.mirrorKey]) }
        let after = try? BundlerConfig(path: path, bytes: new)
        guard new == bytes || (after != nil && after?.mirror == url && others(new) == others(bytes)) else {
            throw PodMirrorFailure(
                Message("gems.error.bundler-unplaceable", ["path": path, "key": Self.mirrorKey]),
                remedy: Message("gems.error.bundler-unplaceable.remedy"), code: .gemsBundlerUnplaceable)
        }
        return new
    }

    private func patched(mirror url: String?) throws -> [UInt8] {
        let nl = String(decoding: bytes, as: UTF8.self).contains("\r\n") ? "\r\n" : "\n"
        guard let url else {
            guard let line = mirrorLine else { return bytes }
            return try bytes.applying([.delete(line)])
        }
        let newLine = Self.mirrorKey + ": " + GemrcDocument.render(url, .double)
        if let line = mirrorLine {
            if mirror == url { return bytes }
            let keepsNewline = bytes[line.upperBound - 1] == 0x0A
            return try bytes.applying([TextEdit(range: line, replacement: newLine + (keepsNewline ? nl : ""))])
        }
        var prefix = ""
        if bytes.isEmpty { prefix = "---" + nl } else if bytes.last != 0x0A { prefix = nl }
        return try bytes.applying([.insert(prefix + newLine + nl, at: bytes.count)])
    }
}
