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

    /// The text in the language chosen for this run (`RunScope.current.language`).
    package var localized: String { text(in: RunScope.current.language) }

    package func text(in language: Language) -> String {
        MessageCatalog.shared(language).format(key, arguments)
    }

    package var description: String { english }
}
