internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// One git config file opened through libgit2's config API (`git_config_open_ondisk`).
package final class GitConfigFile {
    package struct Entry: Equatable {
        /// As libgit2 reports it: section and variable lower-cased, subsection as written.
        package var name: String
        package var value: String
    }

    let path: String
    private var config: OpaquePointer?

    init(path: String) throws {
        Libgit2.initialize()
        self.path = path
        // libgit2 reads the file itself: a FIFO would block it forever, a link to a device feed it forever.
        if FileManager.default.fileExists(atPath: path) { try LocalFileSystem.checkRegularFile(path) }
        guard git_config_open_ondisk(&config, path) == 0 else {
            throw PodMirrorFailure(
                Message("gitconfig.error.read", ["path": path, "reason": Libgit2.lastErrorMessage()]),
                remedy: Message("gitconfig.error.read.remedy", ["path": path]), code: .gitconfigRead)
        }
    }

    deinit { git_config_free(config) }

    /// Entries whose name matches the (POSIX extended) regular expression.
    package func entries(matching regex: String) throws -> [Entry] {
        var iterator: OpaquePointer?
        guard git_config_iterator_glob_new(&iterator, config, regex) == 0 else { throw failure("read") }
        defer { git_config_iterator_free(iterator) }
        var out: [Entry] = []
        var entry: UnsafeMutablePointer<git_config_entry>?
        while git_config_next(&entry, iterator) == 0, let e = entry {
            out.append(Entry(name: String(cString: e.pointee.name), value: String(cString: e.pointee.value)))
        }
        return out
    }

    /// The file's `url.<base>.insteadOf = <value>` rules, in file order.
    func insteadOfRules() throws -> [InsteadOfRule] {
        try entries(matching: #"^url\..*\.insteadof$"#).map {
            InsteadOfRule(base: String($0.name.dropFirst(4).dropLast(10)), insteadOf: $0.value)
        }
    }

    /// Adds `value` to the multivar `name` unless an equal value is there.
    package func add(_ name: String, value: String) throws {
        guard git_config_set_multivar(config, name, "^" + Self.escape(value) + "$", value) == 0 else {
            throw failure("write")
        }
    }

    /// Removes the values of `name` equal to `value`.
    package func remove(_ name: String, value: String) throws {
        let rc = git_config_delete_multivar(config, name, "^" + Self.escape(value) + "$")
        guard rc == 0 || rc == GIT_ENOTFOUND.rawValue else { throw failure("write") }
    }

    package func set(_ name: String, value: String) throws {
        guard git_config_set_string(config, name, value) == 0 else { throw failure("write") }
    }

    package func unset(_ name: String) throws {
        let rc = git_config_delete_entry(config, name)
        guard rc == 0 || rc == GIT_ENOTFOUND.rawValue else { throw failure("write") }
    }

    package func string(_ name: String) -> String? {
        var buf = git_buf()
        defer { git_buf_dispose(&buf) }
        guard git_config_get_string_buf(&buf, config, name) == 0, let p = buf.ptr else { return nil }
        return String(cString: p)
    }

    private func failure(_ op: String) -> PodMirrorFailure {
        let reading = op == "read"
        return PodMirrorFailure(
            Message(
                reading ? "gitconfig.error.read" : "gitconfig.error.write",
                [
                    "path": path, "reason": Libgit2.lastErrorMessage(),
                ]),
            code: reading ? .gitconfigRead : .gitconfigWrite)
    }

    /// Escapes a literal for a POSIX extended regular expression.
    static func escape(_ literal: String) -> String {
        var out = ""
        for ch in literal {
            if "\\^$.|?*+()[]{}".contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    /// The bytes `file` would have after `edit`, computed by libgit2 on a private copy, so a plan can
    /// show the diff and apply it atomically. The real file is not touched.
    package static func simulate(file: String, fileSystem: any FileSystem, _ edit: (GitConfigFile) throws -> Void)
        throws -> (
            old: [UInt8]?, new: [UInt8]
        )
    {
        let old: [UInt8]? = fileSystem.fileExists(file) ? try fileSystem.readFile(file) : nil
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "podmirror-gitconfig-\(UUID().uuidString)")
        try fileSystem.createDirectory(dir)
        defer { try? fileSystem.removeItem(dir) }
        let copy = dir + "/config"
        do {
            if let old { try fileSystem.writeAtomically(old, to: copy, defaultMode: 0o644) }
            let config = try GitConfigFile(path: copy)
            try edit(config)
        } catch let e as PodMirrorFailure {
            throw e.replacing(copy, with: file)
        } catch var e as FileError {
            // Name the user's file, not the scratch copy (the same limit would stop writing it).
            e.path = file
            throw e
        }
        var new = fileSystem.fileExists(copy) ? try fileSystem.readFile(copy) : []
        // libgit2 ends a section it appends without a newline; git's own files end with one.
        if let last = new.last, last != 0x0A, old?.last ?? 0x0A == 0x0A { new.append(0x0A) }
        return (old, mergingRepeatedSections(new, old: old ?? []))
    }

    /// libgit2 opens a new `[section]` at the end of the file for a variable it adds to a section that is not
    /// the last one; git adds it to the section already there (`[url "X"]` then holds every `insteadOf` for X).
    /// Moves the variables of a repeated header under its first occurrence, as git writes them; headers `old`
    /// already repeated (the user's own layout) are left as they are.
    static func mergingRepeatedSections(_ new: [UInt8], old: [UInt8]) -> [UInt8] {
        func blocks(_ bytes: [UInt8]) -> (preamble: [String], sections: [(header: String, lines: [String])])? {
            guard let text = String(bytes: bytes, encoding: .utf8) else { return nil }
            var preamble: [String] = []
            var sections: [(header: String, lines: [String])] = []
            var lines = text.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            for line in lines {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
                    sections.append((line, []))
                } else if sections.isEmpty {
                    preamble.append(line)
                } else {
                    sections[sections.count - 1].lines.append(line)
                }
            }
            return (preamble, sections)
        }
        // Section names are case-insensitive, subsection names (quoted) are not.
        func key(_ line: String) -> String {
            let header = line.trimmingCharacters(in: .whitespaces)
            guard let quote = header.firstIndex(of: "\"") else { return header.lowercased() }
            return header[..<quote].lowercased().trimmingCharacters(in: .whitespaces) + " " + header[quote...]
        }
        guard let parsed = blocks(new) else { return new }
        var repeatedBefore = Set<String>()
        var seen = Set<String>()
        for section in blocks(old)?.sections ?? [] where !seen.insert(key(section.header)).inserted {
            repeatedBefore.insert(key(section.header))
        }
        var merged: [(header: String, lines: [String])] = []
        var first: [String: Int] = [:]
        for section in parsed.sections {
            let k = key(section.header)
            guard let at = first[k], !repeatedBefore.contains(k) else {
                first[k] = first[k] ?? merged.count
                merged.append(section)
                continue
            }
            // Before the blank lines that end the first occurrence.
            var end = merged[at].lines.count
            while end > 0, merged[at].lines[end - 1].trimmingCharacters(in: .whitespaces).isEmpty { end -= 1 }
            merged[at].lines.insert(contentsOf: section.lines, at: end)
        }
        guard merged.count != parsed.sections.count else { return new }
        let lines = parsed.preamble + merged.flatMap { [$0.header] + $0.lines }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Drops the given section headers when nothing follows them before the next section or the end:
    /// libgit2 (like `git config --unset`) leaves an emptied `[section]` line behind.
    package static func removingEmptySections(_ bytes: [UInt8], headers: Set<String>) throws -> [UInt8] {
        let lines = ByteLines.ranges(bytes)
        var edits: [TextEdit] = []
        for (i, range) in lines.enumerated() {
            let text = ByteLines.text(bytes, range).trimmingCharacters(in: .whitespaces)
            guard headers.contains(text) else { continue }
            let next =
                i + 1 < lines.count
                ? ByteLines.text(bytes, lines[i + 1]).trimmingCharacters(in: .whitespaces) : nil
            if next == nil || next!.hasPrefix("[") { edits.append(.delete(range)) }
        }
        return try bytes.applying(edits)
    }
}
