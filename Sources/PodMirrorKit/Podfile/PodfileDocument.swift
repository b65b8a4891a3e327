import Foundation

/// A Podfile read from disk: its exact bytes, its Ruby syntax tree and what it says.
///
/// Public API of the Podfile area (used by `podfile`, `setup`, `doctor`):
///
/// ```swift
/// let path = PodfileDocument.locate(in: projectDir, fs: fs) ?? projectDir + "/Podfile"
/// let doc = try PodfileDocument.load(path: path, fs: fs)      // throws PodfileError (file:line:column)
/// doc.model.sourceURLs                                        // ["https://cdn.cocoapods.org/", …]
/// doc.model.json                                              // what `podfile show --json` prints
/// let plan = try PodfileEditor.plan([.useSource("tuna"), .platform(name: "ios", version: "13.0"),
///                                     .inhibitWarnings(true),
///                                     .buildSetting(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "13.0")],
///                                    podfile: path, fs: fs, catalog: try .bundled())
/// // one `Change.fileEdit` per Podfile: dry run shows a unified diff, check reports drift, apply is atomic.
/// ```
///
/// Editors never re-render the file: they decide `TextEdit`s on the syntax tree and patch the original
/// bytes, so BOM, CRLF, tabs, typographic quotes and a missing final newline survive, and every byte
/// outside the edit stays as it was.
public struct PodfileDocument: Sendable {
    public let path: String
    public let bytes: [UInt8]
    public let syntax: RubySyntax
    public let model: PodfileModel
    let reader: PodfileReader

    /// Candidate file names in CocoaPods' priority order (the YAML form is not supported here).
    public static let candidateNames = ["CocoaPods.podfile", "Podfile", "Podfile.rb"]

    /// The Podfile CocoaPods would use in `directory`, if any.
    public static func locate(in directory: String, fs: any FileSystem) -> String? {
        for name in candidateNames {
            let p = (directory as NSString).appendingPathComponent(name)
            if fs.fileExists(p), !fs.isDirectory(p) { return p }
        }
        return nil
    }

    /// Reads and parses a Podfile. Throws `PodfileError` for a missing file or text the lexer cannot place.
    public static func load(path: String, fs: any FileSystem) throws -> PodfileDocument {
        guard fs.fileExists(path), !fs.isDirectory(path) else {
            throw PodfileError("No Podfile exists at path `\(path)`.", file: path,
                               remedy: "run podmirror in the project folder or pass --podfile PATH", code: "podfile.missing",
                               exitStatus: .usage)
        }
        return try PodfileDocument(bytes: try fs.readFile(path), path: path)
    }

    public init(bytes: [UInt8], path: String = "Podfile") throws {
        guard String(bytes: bytes, encoding: .utf8) != nil else {
            throw PodfileError("the Podfile is not valid UTF-8", file: path, code: "podfile.encoding")
        }
        self.path = path
        self.bytes = bytes
        syntax = try RubySyntax(bytes: bytes, file: path)
        reader = PodfileReader(syntax: syntax)
        model = reader.model
    }

    public init(text: String, path: String = "Podfile") throws {
        try self.init(bytes: Array(text.utf8), path: path)
    }
}
