import Foundation

/// Facts a change reports besides its summary: what it will do when planned (`Change.details`) and what it did
/// (`Change.apply`, `Change.commit`), e.g. a spec repo's old and new HEAD. One struct per kind of fact: code that
/// needs a fact reads the struct (`ChangeRecord.facts(_:)`); only encoding a report turns facts into JSON, the
/// change's `details` object with the keys of every struct it recorded (docs/json.md).
package protocol ChangeFacts: Encodable, Sendable {}

/// A change with nothing to report besides its summary: `details` is `{}`.
package struct NoFacts: ChangeFacts {
    package init() {}
}

/// The path a change's `commit` kept because it could not remove it (`LeftoverKept`).
struct LeftoverKeptFacts: ChangeFacts {
    var leftover: String
}
