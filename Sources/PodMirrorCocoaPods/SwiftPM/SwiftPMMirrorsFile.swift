import Foundation
import PodMirrorFoundation

/// SwiftPM's `mirrors.json`: `{"object": [{"mirror": M, "original": O}, …], "version": 1}`. SwiftPM matches
/// `original` against a package's URL as an exact string (no prefixes), and a project's file, when it exists,
/// replaces the user's outright (no merge).
package struct SwiftPMMirrorsFile: Sendable, Equatable {
    /// One `{"mirror", "original"}` entry.
    package struct Entry: Sendable, Equatable, Hashable, Codable {
        var original: String
        package var mirror: String

        package init(original: String, mirror: String) {
            self.original = original
            self.mirror = mirror
        }
    }

    package var path: String
    /// The bytes on disk; nil when the file does not exist.
    package var bytes: [UInt8]?
    /// Entries in file order.
    package var entries: [Entry]

    package init(path: String, bytes: [UInt8]?, entries: [Entry]) {
        self.path = path
        self.bytes = bytes
        self.entries = entries
    }

    /// The mirror SwiftPM uses for `url`, if an entry names it.
    package func mirror(for url: String) -> String? { entries.first { $0.original == url }?.mirror }

    /// Reads the file (none: no entries); a file SwiftPM would not read is refused naming it.
    package static func read(_ path: String, fileSystem: any FileSystem) throws -> SwiftPMMirrorsFile {
        guard fileSystem.fileExists(path) else { return SwiftPMMirrorsFile(path: path, bytes: nil, entries: []) }
        let bytes = try fileSystem.readFile(path)
        return SwiftPMMirrorsFile(path: path, bytes: bytes, entries: try parse(bytes, path: path))
    }

    static func parse(_ bytes: [UInt8], path: String) throws -> [Entry] {
        func bad(_ reason: String) -> PodMirrorFailure {
            PodMirrorFailure(
                Message("swiftpm.error.mirrors-invalid", ["path": path, "reason": reason]),
                remedy: Message("swiftpm.error.mirrors-invalid.remedy", ["path": path]), code: .swiftpmMirrorsInvalid)
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw bad("not JSON")
        }
        guard let top = json as? [String: Any] else { throw bad("not a JSON object") }
        guard let version = top["version"] as? Int, version == 1 else { throw bad("version is not 1") }
        guard let list = top["object"] as? [Any] else { throw bad("no \"object\" list") }
        return try list.map { item in
            guard let pair = item as? [String: Any], let original = pair["original"] as? String,
                let mirror = pair["mirror"] as? String
            else { throw bad("an entry is not {\"mirror\", \"original\"} strings") }
            return Entry(original: original, mirror: mirror)
        }
    }

    /// The document as SwiftPM writes it: keys sorted, two-space indent, `" : "`, slashes unescaped, no final
    /// newline (`swift package config set-mirror` writes the same bytes).
    package static func render(_ entries: [Entry]) -> [UInt8] {
        var out = "{\n  \"object\" : ["
        if entries.isEmpty {
            out += "\n\n  ],\n"
        } else {
            out +=
                "\n"
                + entries.map { e in
                    "    {\n      \"mirror\" : \(quoted(e.mirror)),\n      \"original\" : \(quoted(e.original))\n    }"
                }.joined(separator: ",\n") + "\n  ],\n"
        }
        out += "  \"version\" : 1\n}"
        return Array(out.utf8)
    }

    /// A JSON string literal as Foundation's encoder writes it with `.withoutEscapingSlashes`: only `"`, `\` and
    /// control characters escaped (as the json gem does).
    static func quoted(_ s: String) -> String { PodspecJSON.quoted(s) }
}
