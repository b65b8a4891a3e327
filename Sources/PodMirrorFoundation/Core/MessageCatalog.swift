import Foundation

/// One language's messages: `templates/messages/<language>.json`, a flat object of keys to texts
/// with named `{placeholders}`.
struct MessageCatalog: Sendable {
    var language: Language
    var entries: [String: String]

    init(language: Language, entries: [String: String]) {
        self.language = language
        self.entries = entries
    }

    /// Parses a catalog file's bytes.
    init(language: Language, data: Data) throws {
        self.init(language: language, entries: try JSONDecoder().decode([String: String].self, from: data))
    }

    /// The text for `key` with its placeholders filled. A key missing here falls back to English,
    /// then to the key itself with its arguments, so a broken installation still says something.
    func format(_ key: String, _ arguments: [String: String]) -> String {
        guard let template = entries[key] ?? (language == .english ? nil : Self.shared(.english).entries[key]) else {
            let args = arguments.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return ([key] + args).joined(separator: " ")
        }
        return Self.fill(template, arguments)
    }

    /// Replaces each `{name}` by its value; braces not naming an argument stay as written.
    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
                let value = arguments[String(rest[afterOpen..<close])]
            {
                out += value
                rest = rest[rest.index(after: close)...]
            } else {
                out.append("{")
                rest = rest[afterOpen...]
            }
        }
        return out + rest
    }

    /// The placeholder names a text uses.
    static func placeholders(in text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            let name = rest[afterOpen..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                names.insert(String(name))
            }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    private static let cacheLock = NSLock()
    // A pure cache of files that do not change while podmirror runs: read and written under `cacheLock`.
    nonisolated(unsafe) private static var cache: [String: MessageCatalog] = [:]

    /// The catalog shipped in the run's `templates/messages/`, loaded once per folder and language.
    static func shared(_ language: Language) -> MessageCatalog {
        let key = (Templates.directory()?.path ?? "") + "|" + language.rawValue
        cacheLock.lock()
        if let c = cache[key] { cacheLock.unlock(); return c }
        cacheLock.unlock()
        let loaded =
            Templates.url(for: "messages/\(language.rawValue).json")
            .flatMap { try? Data(contentsOf: $0) }
            .flatMap { try? MessageCatalog(language: language, data: $0) }
            ?? MessageCatalog(language: language, entries: [:])
        cacheLock.lock(); defer { cacheLock.unlock() }
        cache[key] = loaded
        return loaded
    }
}
