import Foundation
import PodMirrorFoundation

/// A Podfile read from disk: its exact bytes, its Ruby syntax tree and what it says.
///
/// Public API of the Podfile area (used by `podfile`, `setup`, `doctor`):
///
/// ```swift
/// let path = PodfileDocument.locate(in: projectDir, fs: fs) ?? projectDir + "/Podfile"
/// let doc = try PodfileDocument.load(path: path, fs: fs)      // throws PodfileError (file:line:column)
/// doc.model.sourceURLs                                        // ["https://cdn.cocoapods.org/", …]
/// doc.model.json                                              // what `podfile show --json` prints
/// let plan = try PodfileEditor.plan([.useSource("tuna"), .platform(.init(.ios, version: "13.0")),
///                                     .inhibitWarnings(true),
///                                     .buildSetting(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "13.0")],
///                                    podfile: path, fs: fs, catalog: try .bundled())
/// // one `Change.fileEdit` per Podfile: dry run shows a unified diff, check reports drift, apply is atomic.
/// ```
///
/// Editors never re-render the file: they decide `TextEdit`s on the syntax tree and patch the original
/// bytes, so BOM, CRLF, tabs, typographic quotes and a missing final newline survive, and every byte
/// outside the edit stays as it was.
package struct PodfileDocument: Sendable {
    package let path: String
    package let bytes: [UInt8]
    let syntax: RubySyntax
    package let model: PodfileModel
    let reader: PodfileReader

    /// Candidate file names in CocoaPods' priority order. The YAML form is found (so podmirror never
    /// edits a Podfile CocoaPods ignores) but not supported.
    static let candidateNames = ["CocoaPods.podfile.yaml", "CocoaPods.podfile", "Podfile", "Podfile.rb"]

    /// The Podfile CocoaPods would use in `directory`, if any.
    package static func locate(in directory: String, fs: any FileSystem) -> String? {
        for name in candidateNames {
            let p = (directory as NSString).appendingPathComponent(name)
            if fs.fileExists(p), !fs.isDirectory(p) { return p }
        }
        return nil
    }

    /// Reads and parses a Podfile. Throws `PodfileError` for a missing file or text the lexer cannot place.
    /// `given`: the user named `path` (`--podfile`), so a missing file is theirs to check, not a flag to pass;
    /// false when it is the Podfile looked for in the current folder.
    package static func load(path: String, fs: any FileSystem, given: Bool = true) throws -> PodfileDocument {
        guard fs.fileExists(path), !fs.isDirectory(path) else {
            throw PodfileError(
                Message("podfile.error.missing", ["path": path]), file: path,
                remedy: Message(given ? "podfile.error.check-path.remedy" : "podfile.error.missing.remedy"),
                code: .podfileMissing)
        }
        if path.hasSuffix(".yaml") {
            throw PodfileError(
                Message("podfile.error.yaml"), file: path, remedy: Message("podfile.error.yaml.remedy"),
                code: .podfileUnsupportedFormat)
        }
        return try PodfileDocument(bytes: try fs.readFile(path), path: path)
    }

    /// Larger files are refused: real Podfiles are a few kilobytes.
    static let maxSize = 8 << 20

    package init(bytes: [UInt8], path: String = "Podfile") throws {
        guard bytes.count <= Self.maxSize else {
            throw PodfileError(
                Message("podfile.error.too-large", ["size": String(bytes.count >> 20)]), file: path,
                remedy: Message("podfile.error.check-path.remedy"), code: .podfileTooLarge)
        }
        if let nul = bytes.firstIndex(of: 0) {
            let lineStart = bytes[..<nul].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            throw PodfileError(
                Message("podfile.error.nul"), file: path,
                line: bytes.lineNumber(at: nul), column: nul - lineStart + 1,
                remedy: Message("podfile.error.check-path.remedy"), code: .podfileEncoding)
        }
        if String(bytes: bytes, encoding: .utf8) == nil {
            let bad = Self.firstInvalidUTF8(bytes) ?? 0
            let lineStart = bytes[..<bad].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            throw PodfileError(
                Message("podfile.error.not-utf8"), file: path,
                line: bytes.lineNumber(at: bad), column: bad - lineStart + 1,
                remedy: Message("podfile.error.not-utf8.remedy"), code: .podfileEncoding)
        }
        self.path = path
        self.bytes = bytes
        do { syntax = try RubySyntax(bytes: bytes, file: path) } catch let error as RubySyntaxError {
            throw PodfileError(error)
        }
        reader = PodfileReader(syntax: syntax)
        model = reader.model
    }

    package init(text: String, path: String = "Podfile") throws {
        try self.init(bytes: Array(text.utf8), path: path)
    }

    /// Offset of the first byte that starts no well-formed UTF-8 sequence (lead/continuation check), or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let n = b < 0x80 ? 0 : b >> 5 == 0x6 ? 1 : b >> 4 == 0xE ? 2 : b >> 3 == 0x1E ? 3 : -1
            if n < 0 || i + n >= bytes.count { return i }
            for k in 0..<n where bytes[i + 1 + k] & 0xC0 != 0x80 { return i }
            i += n + 1
        }
        return nil
    }
}
