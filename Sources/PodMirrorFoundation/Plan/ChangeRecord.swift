import Foundation

/// One change as reported: `changed` means "was changed" (apply) or "would change" (dry run, check).
package struct ChangeRecord: Encodable, Sendable {
    package var id: String
    package var kind: ChangeKind
    package var subject: String
    package var summary: String
    package var changed: Bool
    package var applied: Bool
    /// A later failure can undo it; when false and `applied`, it stays changed whatever happens after.
    var reversible: Bool
    package var diff: String?
    /// What the change planned (`Change.details`).
    package var details: any ChangeFacts
    /// What applying and committing it returned, in that order (`Change.apply`, `Change.commit`, `LeftoverKeptFacts`).
    var outcomes: [any ChangeFacts] = []
    package var error: String?
    /// `summary` in the catalog, for text output in the user's language.
    package var summaryText: Message?
    /// `error` in the catalog, for text output in the user's language.
    package var errorText: Message?
    /// The code, exit status and remedy of a dry run's or check's `error` (`Change.unknown`; not in JSON here,
    /// the command's `error` object carries them).
    package var unknownCode: ErrorCode?
    package var unknownStatus: ExitStatus?
    package var unknownRemedy: String?

    enum CodingKeys: String, CodingKey {
        case id, kind, subject, summary, changed, applied, reversible, diff, details, error
    }

    /// The latest facts of type `T` it recorded: what it did when that says so, else what it planned.
    package func facts<T: ChangeFacts>(_ type: T.Type) -> T? {
        for facts in outcomes.reversed() { if let found = facts as? T { return found } }
        return details as? T
    }

    /// `details` in JSON: one object with the keys of `details` and of each outcome, a later one's winning.
    package func detailsJSON() throws -> [String: JSONValue] {
        var merged: [String: JSONValue] = [:]
        for facts in [details] + outcomes { merged.merge(try JSONValue.fields(of: facts)) { _, new in new } }
        return merged
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(subject, forKey: .subject)
        try c.encode(summary, forKey: .summary)
        try c.encode(changed, forKey: .changed)
        try c.encode(applied, forKey: .applied)
        try c.encode(reversible, forKey: .reversible)
        try c.encodeIfPresent(diff, forKey: .diff)
        try c.encode(try detailsJSON(), forKey: .details)
        try c.encodeIfPresent(error, forKey: .error)
    }
}
