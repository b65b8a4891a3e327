import Foundation

/// An ordered list of changes, computed from the current state before anything is touched.
package struct Plan: Sendable {
    package var title: String
    package var changes: [Change]
    package var warnings: [Diagnostic]

    package init(title: String, changes: [Change] = [], warnings: [Diagnostic] = []) {
        self.title = title
        self.changes = changes
        self.warnings = warnings
    }

    /// True when applying would change something.
    var hasChanges: Bool { changes.contains { $0.isNeeded } }

    /// The changes in the order they run: reversible ones first, then the ones that cannot be undone, each group
    /// in plan order. So a failure undoes everything before it, except earlier irreversible steps, which the
    /// report lists as applied. Reports list the changes in plan order (`changes`), the same on every run.
    var runOrder: [Change] {
        changes.filter(\.isReversible) + changes.filter { !$0.isReversible }
    }

    package mutating func append(_ other: Plan) {
        changes += other.changes
        warnings += other.warnings
    }
}
