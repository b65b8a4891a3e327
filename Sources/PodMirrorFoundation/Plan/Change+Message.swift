import Foundation

extension Change {
    /// This change with its summary written in the catalog: `summary` stays English (JSON), `message`
    /// gives people their language.
    package func said(_ message: Message) -> Change {
        var change = self
        change.message = message
        return change
    }
}
