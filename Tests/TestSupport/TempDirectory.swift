import Foundation

/// A temporary folder removed when the value is released; used as HOME, repos dir or project dir.
package final class TempDirectory: Sendable {
    package let path: String

    package init(_ prefix: String = "podmirror-test") {
        let base = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "\(prefix)-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        // Resolve /tmp symlinks (macOS) so paths compare equal to what the tool reports.
        path = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    package func url(_ relative: String = "") -> URL {
        URL(fileURLWithPath: self.path).appendingPathComponent(relative)
    }

    package func sub(_ relative: String) -> String { (path as NSString).appendingPathComponent(relative) }

    /// Writes a file (creating folders) and returns its path.
    @discardableResult
    package func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, Array(text.utf8))
    }

    @discardableResult
    package func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let p = sub(relative)
        try FileManager.default.createDirectory(
            atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }

    package func read(_ relative: String) throws -> [UInt8] { Array(try Data(contentsOf: url(relative))) }

    /// Every path below this folder (relative), sorted; for "nothing left behind" checks.
    package func listing() -> [String] {
        let e = FileManager.default.enumerator(atPath: path)
        var out: [String] = []
        while let p = e?.nextObject() as? String { out.append(p) }
        return out.sorted()
    }
}
