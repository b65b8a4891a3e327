import Foundation
import PodMirrorFoundation

/// What a `Package.swift` names literally: the URLs of its `.package(url: "…")` dependencies and of its
/// `.binaryTarget(name:url:checksum:)` downloads. The manifest is never run: only string literals written in place
/// count (a URL built from variables or a `#"…"#` raw string is not seen), and comments are skipped.
struct PackageManifestScan: Sendable, Equatable {
    var packageURLs: [String]
    var binaryTargetURLs: [String]

    init(_ text: String) {
        let code = Self.withoutComments(text)
        packageURLs = Self.matches(#"\.package\s*\(\s*(?:name\s*:\s*"[^"\\\n]*"\s*,\s*)?url\s*:\s*"([^"\\\n]*)""#, code)
        binaryTargetURLs = Self.matches(
            #"\.binaryTarget\s*\(\s*name\s*:\s*"[^"\\\n]*"\s*,\s*url\s*:\s*"([^"\\\n]*)""#, code)
    }

    /// Scans the manifest at `path`; nil when there is none.
    static func read(_ path: String, fileSystem: any FileSystem) throws -> PackageManifestScan? {
        guard fileSystem.fileExists(path) else { return nil }
        return PackageManifestScan(String(decoding: try fileSystem.readFile(path), as: UTF8.self))
    }

    static func matches(_ pattern: String, _ text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map {
            ns.substring(with: $0.range(at: 1))
        }
    }

    /// The text with `//` and (nested) `/* */` comments blanked out, string literals kept.
    static func withoutComments(_ text: String) -> String {
        var out: [Character] = []
        let chars = Array(text)
        var i = 0
        var inString = false
        while i < chars.count {
            let c = chars[i]
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            if inString {
                out.append(c)
                if c == "\\", let next {
                    out.append(next)
                    i += 2
                    continue
                }
                if c == "\"" || c == "\n" { inString = false }
                i += 1
            } else if c == "\"" {
                inString = true
                out.append(c)
                i += 1
            } else if c == "/", next == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
            } else if c == "/", next == "*" {
                var depth = 0
                repeat {
                    if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                        depth += 1
                        i += 2
                    } else if chars[i] == "*", i + 1 < chars.count, chars[i + 1] == "/" {
                        depth -= 1
                        i += 2
                    } else {
                        if chars[i] == "\n" { out.append("\n") }
                        i += 1
                    }
                } while depth > 0 && i < chars.count
                out.append(" ")
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(out)
    }
}
