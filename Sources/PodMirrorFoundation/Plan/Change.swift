import Foundation

/// One change of a plan. Describing it (dry run), checking it (drift) and applying it come from the
/// same value, so the three can never disagree.
package struct Change: Sendable {
    /// Stable identifier, e.g. `podfile.source:/path/Podfile` or `repo.clone:tuna`.
    package var id: String
    /// What the change does; `kind` in JSON.
    package var kind: ChangeKind
    /// What is changed: a path, or a spec repo name. Never a URL with credentials.
    package var subject: String
    /// One line for a person, in English (JSON).
    package var summary: String
    /// The catalog form of `summary`, for text output in the user's language.
    package var message: Message?
    /// Unified diff, for text edits.
    package var diff: String?
    /// What the change will do, besides its summary (old and new values, method); `details` in JSON.
    package var details: any ChangeFacts
    /// False when things are already as asked: the change is reported with `changed: false`.
    package var isNeeded: Bool
    /// Performs the change atomically; returns what it did, recorded beside `details` (e.g. the new HEAD).
    package var apply: @Sendable (ApplyContext) throws -> (any ChangeFacts)?
    /// Puts the previous state back after a later step of the same plan failed (best effort).
    package var undo: (@Sendable () throws -> Void)?
    /// Runs once every step of the plan succeeded: drops what `apply` kept aside for `undo` (an old
    /// spec repo, a removed repo); returns what it did, recorded beside `details`. A cleanup that fails throws
    /// `LeftoverKept`: the plan still succeeded, with a warning.
    package var commit: (@Sendable () throws(LeftoverKept) -> (any ChangeFacts)?)?
    /// True when the change stands alone (one spec repo of `repo update`): its failure is recorded in its
    /// report line, the plan's other changes still run, and the plan fails after the last one.
    package var isIndependent = false
    /// Set when planning could not tell whether the change is needed (its server did not answer): a dry run
    /// or check records it as the change's error and exits with its status after reporting every change;
    /// applying tries the change anyway.
    package var unknown: (any PodMirrorError)?
    /// Checks run for every needed change of a plan before the first one is applied (a file edit: the file is
    /// not read-only), so a refusal comes before a long step such as a clone and leaves everything as it was.
    package var preflight: (@Sendable (ApplyContext) throws -> Void)?

    /// True when a later step's failure can put the previous state back (the change has an `undo`).
    /// A plan runs the changes that are not reversible last (see `Plan.runOrder`).
    var isReversible: Bool { undo != nil }

    package init(
        id: String, kind: ChangeKind, subject: String, summary: String, diff: String? = nil,
        details: any ChangeFacts = NoFacts(), isNeeded: Bool,
        apply: @escaping @Sendable (ApplyContext) throws -> (any ChangeFacts)?,
        undo: (@Sendable () throws -> Void)? = nil,
        commit: (@Sendable () throws(LeftoverKept) -> (any ChangeFacts)?)? = nil
    ) {
        self.id = id
        self.kind = kind
        self.subject = subject
        self.summary = summary
        self.diff = diff
        self.details = details
        self.isNeeded = isNeeded
        self.apply = apply
        self.undo = undo
        self.commit = commit
    }

    /// A change that is already satisfied: reported as `changed: false`, applying does nothing.
    package static func satisfied(
        id: String, kind: ChangeKind, subject: String, summary: String,
        details: any ChangeFacts = NoFacts()
    ) -> Change {
        Change(
            id: id, kind: kind, subject: subject, summary: summary, details: details, isNeeded: false,
            apply: { _ in nil })
    }

    /// Replaces a text file's bytes (atomically, keeping its mode and any symlink) when they differ.
    /// The diff is computed from the given bytes; apply re-checks that the file still holds `old`,
    /// holding `FileEditLock` from that check to the rename (undo likewise checks for `new`).
    /// A file whose mode gives no write permission is refused (`ReadOnlyFileError`) before the plan's first
    /// change and again under the lock, unless the run says `--force` (`ApplyContext.force`).
    package static func fileEdit(
        id: String, kind: ChangeKind, path: String, displayPath: String? = nil,
        old: [UInt8]?, new: [UInt8], summary: String,
        details: any ChangeFacts = NoFacts(), defaultMode: mode_t = 0o644,
        fileSystem: any FileSystem, renderDiff: Bool = true
    ) -> Change {
        let shown = displayPath ?? path
        let needed = old != new
        // Relative paths get git's a/ b/ prefixes; absolute ones are shown as `diff -u` shows them.
        let (oldName, newName) = shown.hasPrefix("/") ? (shown, shown) : ("a/\(shown)", "b/\(shown)")
        // `renderDiff: false` skips the diff when nobody will see it (a plain-text apply of a large file).
        let diff =
            needed && renderDiff
            ? UnifiedDiff.render(
                old: old ?? [], new: new, oldName: old == nil ? "/dev/null" : oldName, newName: newName) : nil
        var change = Change(
            id: id, kind: kind, subject: shown, summary: summary, diff: diff, details: details, isNeeded: needed,
            apply: { context in
                try FileEditLock.withLock(path, timeout: context.fileLockTimeout, cancellation: context.cancellation) {
                    try ReadOnlyFile.check(path, force: context.force)
                    try replace(path, expecting: old, with: new, defaultMode: defaultMode, fileSystem: fileSystem)
                }
                return nil
            },
            undo: {
                try FileEditLock.withLock(path) {
                    try replace(path, expecting: new, with: old, defaultMode: defaultMode, fileSystem: fileSystem)
                }
            })
        change.preflight = { context in try ReadOnlyFile.check(path, force: context.force) }
        return change
    }

    /// Writes `new` (nil: removes the file) only while the file still holds `expected`; the caller holds
    /// the edit lock, so nobody can change the file between the check and the rename.
    private static func replace(
        _ path: String, expecting expected: [UInt8]?, with new: [UInt8]?, defaultMode: mode_t,
        fileSystem: any FileSystem
    ) throws {
        let current: [UInt8]? = fileSystem.fileExists(path) ? try fileSystem.readFile(path) : nil
        guard current == expected else {
            throw FileError(path: path, operation: .update, reason: Message("file.reason.changed-meanwhile"))
        }
        if let new {
            try fileSystem.writeAtomically(new, to: path, defaultMode: defaultMode)
        } else {
            try fileSystem.removeItem(path)
        }
    }
}
