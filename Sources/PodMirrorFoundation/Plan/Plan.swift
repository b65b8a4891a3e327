import Foundation

/// An ordered list of changes, computed from the current state before anything is touched.
public struct Plan: Sendable {
    public var title: String
    public var changes: [Change]
    public var warnings: [Diagnostic]

    public init(title: String, changes: [Change] = [], warnings: [Diagnostic] = []) {
        self.title = title
        self.changes = changes
        self.warnings = warnings
    }

    /// True when applying would change something.
    public var hasChanges: Bool { changes.contains { $0.isNeeded } }

    /// The changes in the order they run and are reported: reversible ones first, then the ones that
    /// cannot be undone, each group in plan order. So a failure undoes everything before it, except
    /// earlier irreversible steps, which the report lists as applied.
    public var runOrder: [Change] {
        changes.filter(\.isReversible) + changes.filter { !$0.isReversible }
    }

    public mutating func append(_ other: Plan) {
        changes += other.changes
        warnings += other.warnings
    }
}
