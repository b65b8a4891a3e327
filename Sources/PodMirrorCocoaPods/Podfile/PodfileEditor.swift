import Foundation
import PodMirrorFoundation

/// One requested change to a Podfile.
package enum PodfileEdit: Sendable, Equatable {
    /// Use this Specs mirror (catalog name or URL) in place of official/catalog sources.
    case useSource(String)
    case addSource(String, first: Bool)
    case removeSource(String)
    case setSources([String])
    /// `platform :NAME, 'VERSION'` at root (target nil) or in a target's block.
    case platform(PlatformVersion, target: String? = nil, force: Bool = false)
    case inhibitWarnings(Bool)
    case buildSetting(key: String, value: String, configuration: String? = nil, pod: String? = nil)
    case unsetBuildSetting(key: String, configuration: String? = nil, pod: String? = nil)
    /// Raise every pod target's deployment target on `platform` to at least `version` (post_install).
    case deploymentTarget(PlatformVersion)

    /// One line for a person (URL credentials redacted).
    package var summary: String { Redaction.redactText(rawSummary) }

    var rawSummary: String { said.english }

    /// The edit as a sentence (credentials not yet redacted).
    var said: Message {
        func t(_ key: String, _ args: [String: String] = [:]) -> Message { Message(key, args) }
        /// `edit` followed by the configuration and pod it is limited to, each after a space.
        func scope(_ edit: Message, _ configuration: String?, _ pod: String?) -> Message {
            [
                configuration.map { t("podfile.edit.scope.configuration", ["configuration": $0]) },
                pod.map { t("podfile.edit.scope.pod", ["pod": $0]) },
            ].compactMap { $0 }.reduce(edit) { Message("podfile.edit.scoped", parts: ["edit": $0, "scope": $1]) }
        }
        switch self {
        case .useSource(let m): return t("podfile.edit.use-source", ["source": m])
        case .addSource(let u, let first):
            return t(first ? "podfile.edit.add-source-first" : "podfile.edit.add-source", ["url": u])
        case .removeSource(let u): return t("podfile.edit.remove-source", ["url": u])
        case .setSources(let l): return t("podfile.edit.set-sources", ["urls": l.joined(separator: ", ")])
        case .platform(let p, let target, _):
            let (n, v) = (p.platform.rawValue, p.version)
            return target.map { t("podfile.edit.platform-in-target", ["name": n, "version": v, "target": $0]) }
                ?? t("podfile.edit.platform", ["name": n, "version": v])
        case .inhibitWarnings(let on): return t(on ? "podfile.edit.inhibit-on" : "podfile.edit.inhibit-off")
        case .buildSetting(let k, let v, let c, let p):
            return scope(t("podfile.edit.build-setting", ["key": k, "value": v]), c, p)
        case .unsetBuildSetting(let k, let c, let p):
            return scope(t("podfile.edit.unset-build-setting", ["key": k]), c, p)
        case .deploymentTarget(let p):
            return t("podfile.edit.deployment-target", ["platform": p.platform.rawValue, "version": p.version])
        }
    }
}

/// The result of applying edits to a Podfile's bytes.
package struct PodfileEditResult: Sendable {
    package var old: [UInt8]
    package var new: [UInt8]
    package var warnings: [Diagnostic]
    /// The positions (in the list asked) of the edits that changed the bytes; the others already held.
    var changing: [Int] = []
    package var changed: Bool { old != new }
}

/// Turns `PodfileEdit`s into byte patches and plans. Each edit is decided on the parsed tree of the
/// bytes produced by the previous one, so a list of edits composes into one file change.
package enum PodfileEditor {
    /// Applies edits in order to a document's bytes. Throws `PodfileError` for requests that cannot be
    /// done (unknown target, platform expression without force, two post_install hooks). The result is
    /// checked to parse again before it is returned.
    package static func apply(
        _ edits: [PodfileEdit], to document: PodfileDocument,
        catalog: MirrorCatalog
    ) throws -> PodfileEditResult {
        var doc = document
        var warnings: [Diagnostic] = []
        // The document after each edit, to name the edit that undid an earlier one.
        var steps: [PodfileDocument] = []
        var changing: [Int] = []
        for (i, edit) in edits.enumerated() {
            defer { steps.append(doc) }
            let decided = try decide(edit, on: doc, catalog: catalog)
            warnings += decided.warnings
            guard !decided.edits.isEmpty else { continue }
            let bytes = try doc.bytes.applying(decided.edits)
            if bytes == doc.bytes { continue }
            let next: PodfileDocument
            do {
                next = try PodfileDocument(bytes: bytes, path: doc.path)
            } catch {
                throw PodfileError(
                    Message(
                        "podfile.error.internal", ["edit": edit.summary, "reason": String(describing: error)]),
                    file: document.path, code: .podfileInternal)
            }
            // Self-check: the same edit on the result must change nothing. Where the file's structure
            // defeats that (text that only continues the line above, literals spanning lines), refuse
            // rather than write a file that the next run would change again.
            let again = try? decide(edit, on: next, catalog: catalog)
            let settled =
                again.map { $0.edits.isEmpty || (try? next.bytes.applying($0.edits)) == next.bytes } ?? false
            if !settled {
                let line = decided.edits.map { doc.bytes.lineNumber(at: $0.range.lowerBound) }.min()
                throw PodfileError(
                    Message("podfile.error.unplaceable", ["edit": edit.summary]), file: document.path, line: line,
                    remedy: Message("podfile.error.by-hand.remedy"), code: .podfileUnplaceable)
            }
            doc = next
            changing.append(i)
        }
        try checkNoneUndone(edits, steps: steps, document: document, catalog: catalog)
        return PodfileEditResult(old: document.bytes, new: doc.bytes, warnings: warnings, changing: changing)
    }

    /// Refuses edits of which a later one undoes an earlier one (`--build-setting IPHONEOS_DEPLOYMENT_TARGET=14.0`
    /// with `--deployment-target ios:13.0`: one line holds the key), so no run reports as done a setting the
    /// Podfile does not hold. Only the post_install settings are checked: a later source edit may move an
    /// earlier one's source on purpose.
    static func checkNoneUndone(
        _ edits: [PodfileEdit], steps: [PodfileDocument], document: PodfileDocument, catalog: MirrorCatalog
    ) throws {
        func holds(_ edit: PodfileEdit, on doc: PodfileDocument) -> Bool {
            guard let decided = try? decide(edit, on: doc, catalog: catalog) else { return true }
            return decided.edits.isEmpty || (try? doc.bytes.applying(decided.edits)) == doc.bytes
        }
        // The settings as setup's flags write them (the same in every language), with the key they set.
        func written(_ edit: PodfileEdit) -> (key: String, text: String)? {
            switch edit {
            case .buildSetting(let key, let value, _, _): (key, "--build-setting \(key)=\(value)")
            case .deploymentTarget(let p):
                (p.platform.deploymentTargetSetting, "--deployment-target \(p.platform.rawValue):\(p.version)")
            default: nil
            }
        }
        for (i, edit) in edits.enumerated() {
            guard let first = written(edit), let last = steps.last, !holds(edit, on: last),
                let j = (i + 1..<steps.count).first(where: { !holds(edit, on: steps[$0]) })
            else { continue }
            let second = written(edits[j])?.text ?? Redaction.redactText(edits[j].summary)
            throw PodfileError(
                Message("podfile.error.contradiction", ["first": first.text, "second": second, "key": first.key]),
                file: document.path, remedy: Message("podfile.error.contradiction.remedy"),
                code: .podfileContradiction)
        }
    }

    /// Decides the `TextEdit`s for one edit on one parsed document: the editor of the edit's verb decides them.
    static func decide(_ edit: PodfileEdit, on doc: PodfileDocument, catalog: MirrorCatalog) throws -> PodfileTextEdits
    {
        let text = PodfileTextEdits(doc: doc)
        switch edit {
        case .useSource(let m):
            return try PodfileSourcesEditor(text: text, catalog: catalog).deciding { try $0.useSource(m) }
        case .addSource(let u, let first):
            return try PodfileSourcesEditor(text: text, catalog: catalog).deciding { try $0.addSource(u, first: first) }
        case .removeSource(let u):
            return try PodfileSourcesEditor(text: text, catalog: catalog).deciding { try $0.removeSource(u) }
        case .setSources(let l):
            return try PodfileSourcesEditor(text: text, catalog: catalog).deciding { try $0.setSources(l) }
        case .platform(let p, let t, let f):
            return try PodfilePlatformEditor(text: text).deciding { try $0.platform(p, target: t, force: f) }
        case .inhibitWarnings(let on):
            return try PodfileInhibitWarningsEditor(text: text).deciding { try $0.inhibitWarnings(on) }
        case .buildSetting(let k, let v, let c, let p):
            return try PodfileBuildSettingEditor(text: text).deciding {
                try $0.buildSetting(key: k, value: v, configuration: c, pod: p)
            }
        case .unsetBuildSetting(let k, let c, let p):
            return try PodfileBuildSettingEditor(text: text).deciding {
                try $0.unsetBuildSetting(key: k, configuration: c, pod: p)
            }
        case .deploymentTarget(let p):
            return try PodfileDeploymentTargetEditor(text: text).deciding { try $0.deploymentTarget(p) }
        }
    }

    /// One `podfile-edit` change for the file at `path`, combining all edits; `isNeeded` is false when the
    /// Podfile is already as asked.
    static func change(
        _ edits: [PodfileEdit], document: PodfileDocument, catalog: MirrorCatalog,
        fs: any FileSystem, displayPath: String? = nil
    ) throws -> (Change, [Diagnostic]) {
        let result = try apply(edits, to: document, catalog: catalog)
        let after = try PodfileDocument(bytes: result.new, path: document.path)
        // A change names the edits that change the file (what drifted, for `--check`); a Podfile already as asked
        // names every edit asked, as holding.
        let said = result.changed ? result.changing.map { edits[$0] } : edits
        let summary = said.map(\.summary).joined(separator: "; ") + " in \(displayPath ?? document.path)"
        let details = PodfileEditFacts(edits: edits.map(\.summary), podfile: document.path, after: after.model)
        var change = Change.fileEdit(
            id: "podfile.edit:\(document.path)", kind: .podfileEdit, path: document.path,
            displayPath: displayPath, old: result.old, new: result.new, summary: summary,
            details: details, fileSystem: fs)
        // The edits as one list sentence, each a part; `summary` above stays the English JSON carries.
        let edits = said.map { $0.said.mapArguments(Redaction.redactText) }
        let list = edits.last.map { last in
            edits.dropLast().reversed().reduce(last) { Message("podfile.edit.list", parts: ["first": $1, "rest": $0]) }
        }
        change.message = Message("podfile.edit.summary", ["path": displayPath ?? document.path])
            .filling("edits", with: list, or: "")
        return (change, result.warnings)
    }

    /// A plan with one change for the Podfile at `path`.
    package static func plan(
        _ edits: [PodfileEdit], podfile path: String, fs: any FileSystem,
        catalog: MirrorCatalog, displayPath: String? = nil, given: Bool = true
    ) throws -> Plan {
        let doc = try PodfileDocument.load(path: path, fs: fs, given: given)
        let (change, warnings) = try change(edits, document: doc, catalog: catalog, fs: fs, displayPath: displayPath)
        var plan = Plan(title: "podfile", changes: [change], warnings: warnings)
        plan.removingLeftovers(beside: [path], fileSystem: fs)
        return plan
    }
}
