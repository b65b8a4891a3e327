import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// `swiftpm use`: the plan that writes a `mirrors.json` entry for every package of a project that a source-mirror
/// rule covers, for both spellings of its URL (with and without `.git`, since SwiftPM matches exact strings).
/// Entries already there are kept as they are, even one that sends a covered URL elsewhere (a warning says so).
package struct SwiftPMMirrorPlanner: Sendable {
    package var environment: RuntimeEnvironment
    package var rules: SourceMirrorRules

    package init(environment: RuntimeEnvironment, rules: SourceMirrorRules) {
        self.environment = environment
        self.rules = rules
    }

    /// The plan for `project`, writing its own `mirrors.json` or, with `user`, the user's.
    package func plan(_ project: SwiftPMProject, user: Bool = false) throws -> Plan {
        let fs = environment.fileSystem
        guard !rules.rules.isEmpty else {
            throw PodMirrorFailure(
                Message("swiftpm.error.no-rules"), remedy: Message("swiftpm.error.no-rules.remedy"),
                code: .swiftpmNoRules)
        }
        let target = user ? SwiftPMProject.userMirrorsFile(environment: environment) : project.mirrorsFile
        let file = try SwiftPMMirrorsFile.read(target, fileSystem: fs)
        let packages = try SwiftPMPackages.read(project, fileSystem: fs).packages
        var plan = Plan(title: "swiftpm use")
        var entries = file.entries
        var added: [SwiftPMMirrorsFile.Entry] = []
        var uncovered = 0
        for package in packages {
            guard let mirror = Self.mirror(for: package.url, rules: rules) else {
                uncovered += 1
                continue
            }
            guard Self.sameName(package.url, mirror) else {
                let message = Message(
                    "swiftpm.name-differs",
                    ["url": Redaction.redactURL(package.url), "mirror": Redaction.redactURL(mirror)])
                plan.warnings.append(Diagnostic(.warning, code: .swiftpmNameDiffers, message, file: target))
                continue
            }
            for spelling in Self.spellings(package.url) {
                guard let spelled = Self.mirror(for: spelling, rules: rules) else { continue }
                if let present = entries.first(where: { $0.original == spelling }) {
                    if present.mirror != spelled {
                        let message = Message(
                            "swiftpm.kept-entry",
                            [
                                "url": Redaction.redactURL(spelling), "mirror": Redaction.redactURL(present.mirror),
                                "file": target,
                            ])
                        plan.warnings.append(Diagnostic(.warning, code: .swiftpmKeptEntry, message, file: target))
                    }
                    continue
                }
                let entry = SwiftPMMirrorsFile.Entry(original: spelling, mirror: spelled)
                entries.append(entry)
                added.append(entry)
            }
        }
        if packages.isEmpty {
            let message = Message("swiftpm.no-packages", ["project": project.path])
            plan.warnings.append(Diagnostic(.note, code: .swiftpmNoPackages, message, file: project.path))
        } else if uncovered > 0 {
            let message = Message("swiftpm.uncovered", ["count": "\(uncovered)", "project": project.path])
            plan.warnings.append(Diagnostic(.note, code: .swiftpmUncovered, message, file: project.path))
        }
        if user, fs.fileExists(project.mirrorsFile) {
            let message = Message("swiftpm.user-hidden", ["file": project.mirrorsFile, "user": target])
            plan.warnings.append(Diagnostic(.warning, code: .swiftpmUserHidden, message, file: project.mirrorsFile))
        }
        plan.changes.append(change(file, added: added, entries: entries))
        return plan
    }

    func change(_ file: SwiftPMMirrorsFile, added: [SwiftPMMirrorsFile.Entry], entries: [SwiftPMMirrorsFile.Entry])
        -> Change
    {
        let new = added.isEmpty ? file.bytes : SwiftPMMirrorsFile.render(entries)
        let shown = added.map { "\(Redaction.redactURL($0.original)) → \(Redaction.redactURL($0.mirror))" }
        let details = SwiftPMMirrorsFacts(file: file.path, added: shown, entries: entries.count)
        let message =
            added.isEmpty
            ? Message("swiftpm.use.satisfied", ["file": file.path, "count": "\(entries.count)"])
            : Message("swiftpm.use.summary", ["file": file.path, "count": "\(added.count)"])
        guard let new else {
            var c = Change.satisfied(
                id: "swiftpm.mirrors:\(file.path)", kind: .swiftpmMirrorsEdit, subject: file.path,
                summary: message.english)
            c.details = details
            c.message = message
            return c
        }
        var c = Change.fileEdit(
            id: "swiftpm.mirrors:\(file.path)", kind: .swiftpmMirrorsEdit, path: file.path, old: file.bytes, new: new,
            summary: message.english, details: details, fileSystem: environment.fileSystem
        ).creatingParentFolder(of: file.path, fileSystem: environment.fileSystem)
        c.message = message
        return c
    }

    /// The mirror the rules send `url` to; nil when none covers it.
    package static func mirror(for url: String, rules: SourceMirrorRules) -> String? {
        let rewritten = rules.rewrite(url)
        return rewritten == url ? nil : rewritten
    }

    /// `url` with and without `.git`, the one written first (a URL ending in `/` only as written).
    static func spellings(_ url: String) -> [String] {
        if url.hasSuffix("/") { return [url] }
        return url.hasSuffix(".git") ? [url, String(url.dropLast(4))] : [url, url + ".git"]
    }

    /// True when both URLs end in the same repository name (SwiftPM's package identity: the last path component
    /// without `.git`, case-insensitive). A mirror under another name would rename the package in
    /// `Package.resolved` (`"identity" : "<mirror's name>"`, observed with Swift 6.3.1).
    static func sameName(_ url: String, _ mirror: String) -> Bool {
        repositoryName(url) == repositoryName(mirror)
    }

    static func repositoryName(_ url: String) -> String {
        var s = Substring(url)
        while s.hasSuffix("/") { s = s.dropLast() }
        if s.lowercased().hasSuffix(".git") { s = s.dropLast(4) }
        let last = s.split(whereSeparator: { $0 == "/" || $0 == ":" }).last ?? s
        return last.lowercased()
    }
}
