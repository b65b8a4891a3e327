import Foundation
import PodMirrorFoundation

/// What to do with `Pods/` once the project file no longer uses it.
package enum PodsDisposal: Sendable, Equatable {
    /// Move it aside, then delete it (a failure before the delete puts it back).
    case delete
    /// Move it to this path and keep it there (reinstall restores it if `pod install` fails).
    case moveAside(to: String)
}

/// One line of `deintegrate`'s output: CocoaPods' own words (English, as `pod deintegrate` prints them) or
/// podmirror's, from the catalog.
package enum DeintegrateLine: Sendable, Equatable {
    case cocoaPods(String)
    case podmirror(Message)
}

/// A deintegration plan: the project file edit and the `Pods/` removal, with what they remove.
package struct DeintegratePlan: Sendable {
    package var plan: Plan
    package var location: XcodeProjectLocation
    package var deintegration: Deintegration
    /// `Pods/` exists next to the Podfile.
    package var podsExists: Bool
    /// The plan removes (or moves aside) `Pods/`.
    package var removesPods: Bool

    /// Lines in `pod deintegrate`'s words (non-verbose), per target then project-wide.
    package func messages(verbose: Bool = false) -> [DeintegrateLine] {
        guard deintegration.foundIntegration else {
            // podmirror's own words (the rest are `pod deintegrate`'s, in English as CocoaPods prints them).
            var lines = [
                DeintegrateLine.podmirror(Message("deintegrate.none-found", ["project": location.displayPath]))
            ]
            if podsExists {
                lines.append(
                    removesPods
                        ? .cocoaPods("Removing `Pods` directory.") : .podmirror(Message("deintegrate.pods-dir-kept")))
            }
            return lines
        }
        return cocoaPodsLines(verbose: verbose).map(DeintegrateLine.cocoaPods)
    }

    /// What `pod deintegrate` prints for a project it found integrated.
    private func cocoaPodsLines(verbose: Bool) -> [String] {
        var lines: [String] = []
        let d = deintegration
        lines.append("Deintegrating `\(location.displayPath)`")
        for t in d.targets {
            if verbose { lines.append("Deintegrating target `\(t.name)`") }
            for p in t.phases { lines.append("Deleted \(p.count) '\(p.name)' build phases.") }
            if t.userPhases > 0 { lines.append("Deleted \(t.userPhases) user build phases.") }
            if verbose && !t.libraries.isEmpty { lines.append("Removing Pod libraries from build phase:") }
            lines += t.libraries.map { "- \($0)" }
            if verbose && !t.configurationFiles.isEmpty { lines.append("Deleting configuration file references") }
            lines += t.configurationFiles.map { "- \($0)" }
        }
        if !d.projectFileReferences.isEmpty {
            lines.append("Deleting Pod file references from project")
            lines += d.projectFileReferences.map { "- \($0)" }
        }
        for g in d.emptyGroups { lines.append("Deleted \(g.count) empty `\(g.name)` groups from project.") }
        if removesPods { lines.append("Removing `Pods` directory.") }
        lines.append("")
        lines.append("Project has been deintegrated. No traces of CocoaPods left in project.")
        lines.append("Note: The workspace referencing the Pods project still remains.")
        return lines
    }
}

/// Builds deintegration plans (one code path for dry run, check and apply).
package enum DeintegratePlanner {
    /// - Parameter removePods: also remove `Pods/` when the project shows no integration.
    /// - Parameter renderDiff: false when the diff will not be shown (plain-text apply).
    /// - Parameter backup: a Pods/ a killed `reinstall` moved aside, put back first (the plan then treats it as
    ///   `Pods/`); without it, such a leftover is removed like any other.
    package static func make(
        _ location: XcodeProjectLocation, removePods: Bool = false, pods disposal: PodsDisposal = .delete,
        renderDiff: Bool = true, restoring backup: String? = nil, fileSystem fs: any FileSystem
    ) throws -> DeintegratePlan {
        let file = try PBXProjectFile.read(location.pbxproj, fileSystem: fs)
        let d = try file.deintegration(sourceRoot: location.projectDirectory, podsDirectory: location.podsDirectory)
        let shown = XcodeProjectLocation.relative(location.pbxproj, to: location.installationRoot)
        let podsExists = backup != nil || fs.isDirectory(location.podsDirectory)
        // "builds a file in Pods/, missing once Pods/ is removed" holds only while there is a Pods/ to remove (a
        // reinstall plans twice: before and after its pod install moved Pods/ aside).
        let warnings = podsExists ? d.warnings : d.warnings.filter { $0.code != .deintegrateFileInPods }
        var plan = Plan(title: "deintegrate \(location.displayPath)", warnings: warnings)
        if let backup { plan.changes.append(restoreChange(backup, to: location.podsDirectory, fileSystem: fs)) }
        let removesPods = podsExists && (d.foundIntegration || removePods)
        // Pods/ goes aside before the project is written: a kill between the two then leaves either the project
        // as it was (the next run deintegrates it and removes the folder aside as a leftover) or no Pods/ at all.
        // The other way round, the next run would find no integration and keep Pods/.
        if removesPods {
            plan.changes.append(podsChange(location.podsDirectory, disposal: disposal, fileSystem: fs))
        } else if podsExists {
            plan.warnings.append(
                Diagnostic(
                    .note, code: .deintegratePodsKept,
                    Message("deintegrate.warning.pods-kept", ["path": location.podsDirectory])))
        }
        if d.foundIntegration {
            // Safety net: never write a project that no longer parses (fuzzing found inputs with
            // duplicate object IDs where the line deletions left a dangling `;`).
            do { _ = try PBXProjectFile(bytes: d.newBytes, path: location.pbxproj) } catch {
                throw PodMirrorFailure(
                    Message(
                        "xcodeproj.error.deintegrate-unsafe",
                        ["path": location.pbxproj, "reason": String(describing: error)]),
                    remedy: Message("xcodeproj.error.deintegrate-unsafe.remedy"), code: .xcodeprojDeintegrateUnsafe)
            }
            let summary = Message(
                "deintegrate.summary.remove", ["project": location.displayPath, "count": String(d.removed.count)])
            plan.changes.append(
                .fileEdit(
                    id: "xcodeproj.deintegrate:\(location.pbxproj)", kind: .xcodeprojDeintegrate,
                    path: location.pbxproj,
                    displayPath: shown, old: file.bytes, new: d.newBytes, summary: summary.english,
                    details: XcodeprojDeintegrateFacts(removedObjects: d.removed, format: file.format.rawValue),
                    fileSystem: fs,
                    renderDiff: renderDiff
                ).said(summary))
        } else {
            let summary = Message("deintegrate.summary.none", ["project": location.displayPath])
            plan.changes.append(
                .satisfied(
                    id: "xcodeproj.deintegrate:\(location.pbxproj)", kind: .xcodeprojDeintegrate, subject: shown,
                    summary: summary.english
                ).said(summary))
        }
        plan.removingLeftovers(beside: [location.pbxproj, location.podsDirectory], except: backup, fileSystem: fs)
        return DeintegratePlan(
            plan: plan, location: location, deintegration: d, podsExists: podsExists, removesPods: removesPods)
    }

    /// The name `reinstall` gives `Pods/` while `pod install` runs: `.Pods.podmirror-<pid>-reinstall`.
    package static func reinstallBackup(_ pods: String) -> String { TempName.beside(pods, tag: "reinstall") }

    /// The newest `Pods/` a killed `reinstall` left aside, when its `pod install` did not finish (no `Pods/`, or
    /// one whose `Manifest.lock` is not `Podfile.lock`, as CocoaPods writes it last); nil when there is none or
    /// the install finished (the backup is then only a leftover to remove).
    package static func unfinishedReinstallBackup(
        _ location: XcodeProjectLocation, fileSystem fs: any FileSystem
    ) -> String? {
        let pods = location.podsDirectory
        guard let backup = TempName.stale(beside: pods, fileSystem: fs).last(where: { $0.hasSuffix("-reinstall") })
        else { return nil }
        let lockfile = PodfileLock.path(inFolder: location.installationRoot)
        let finished =
            fs.isDirectory(pods) && fs.contents(lockfile) != nil
            && fs.contents(pods + "/Manifest.lock") == fs.contents(lockfile)
        return finished ? nil : backup
    }

    /// Puts a `Pods/` moved aside back in place; a `Pods/` there (half made by a killed `pod install`) goes first.
    static func restoreChange(_ backup: String, to pods: String, fileSystem fs: any FileSystem) -> Change {
        let summary = Message("reinstall.summary.restore-backup", ["path": backup])
        return Change(
            id: "pods.restore-backup:\(pods)", kind: .podsBackupRestore, subject: pods, summary: summary.english,
            details: PodsBackupFacts(path: pods, backupPath: backup), isNeeded: true,
            apply: { context in
                try context.checkCancelled()
                if fs.fileExists(pods) {
                    let half = TempName.beside(pods, tag: "removing")
                    try fs.moveItem(pods, to: half)
                    try fs.removeItem(half)
                }
                try fs.moveItem(backup, to: pods)
                return nil
            },
            // Kept on a later failure: the Pods/ of before the killed reinstall is where it belongs, never aside again.
            undo: {}
        ).said(summary)
    }

    /// Moves `Pods/` aside (atomic rename in the same folder); a later failure of the plan moves it back. Once
    /// the whole plan succeeded it is deleted (`.delete`) or stays there (`reinstall`'s `.moveAside`). A deletion
    /// that fails (a `leftover.kept` warning), or a kill before it, leaves the folder aside, a leftover the next
    /// run removes.
    static func podsChange(_ pods: String, disposal: PodsDisposal, fileSystem fs: any FileSystem) -> Change {
        let aside: String
        switch disposal {
        case .delete: aside = TempName.beside(pods, tag: "removing")
        case .moveAside(let to): aside = to
        }
        let summary = disposal == .delete ? "remove \(pods)" : "move \(pods) aside to \(aside)"
        let delete: (@Sendable () throws(LeftoverKept) -> (any ChangeFacts)?)? =
            disposal == .delete
            ? { @Sendable () throws(LeftoverKept) in
                try LeftoverKept.remove(aside, fileSystem: fs)
                return nil
            }
            : nil
        return Change(
            id: "pods.remove:\(pods)", kind: .podsDirectoryRemove, subject: pods, summary: summary,
            details: PodsRemoveFacts(path: pods, asidePath: disposal == .delete ? nil : aside), isNeeded: true,
            apply: { context in
                try context.checkCancelled()
                try fs.moveItem(pods, to: aside)
                return nil
            },
            undo: { @Sendable in
                if fs.fileExists(aside), !fs.fileExists(pods) { try fs.moveItem(aside, to: pods) }
            },
            commit: delete)
    }
}
