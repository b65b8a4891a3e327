import Foundation

/// A sentence for a person: a key of the message catalog and the values of its `{placeholders}`.
/// `english` is what JSON and logs carry; `localized` is what a person reads in their language.
package struct Message: Sendable, Hashable, CustomStringConvertible {
    package var key: String
    package var arguments: [String: String]

    package init(_ key: String, _ arguments: [String: String] = [:]) {
        self.key = key
        self.arguments = arguments
    }

    /// The text in English (JSON output, error `message` fields).
    package var english: String { text(in: .english) }

    /// The text in the language chosen for this run (`Messages.language`).
    package var localized: String { text(in: Messages.language) }

    package func text(in language: Language) -> String {
        MessageCatalog.shared(language).format(key, arguments)
    }

    package var description: String { english }
}

/// The language chosen for this run; the executable sets it once at start-up.
package enum Messages {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var current: Language = .english

    package static var language: Language {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { lock.lock(); current = newValue; lock.unlock() }
    }
}
