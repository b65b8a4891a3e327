import Foundation
import PodMirrorFoundation

/// `gems source use|reset|list`: RubyGems' sources in the gemrc it reads, and Bundler's mirror.
package struct GemSources: Sendable {
    package var environment: RuntimeEnvironment
    package var catalog: MirrorCatalog
    package var location: GemConfigLocation

    package init(environment: RuntimeEnvironment, catalog: MirrorCatalog) {
        self.environment = environment
        self.catalog = catalog
        self.location = GemConfigLocation(environment: environment)
    }

    /// What `gems source list` reports.
    package struct Listing: Codable, Sendable {
        package struct Source: Codable, Sendable {
            package var url: String
            /// Catalog name (`rubygems`, `ruby-china`, …) or nil for a private source.
            package var mirror: String?
        }
        package var gemrc: String
        package var gemrcReason: String
        package var gemrcExists: Bool
        /// False when the gemrc has no `:sources:` and RubyGems uses https://rubygems.org/.
        package var sourcesSet: Bool
        package var sources: [Source]
        package var bundlerConfig: String
        package var bundlerMirror: String?
    }

    package func list() throws -> Listing {
        let fs = environment.fileSystem
        let doc = try gemrc()
        let bundler = try bundlerConfig()
        let urls = doc.sources ?? [catalog.gemMirror(named: "rubygems")?.url ?? "https://rubygems.org/"]
        return Listing(
            gemrc: location.gemrc, gemrcReason: location.gemrcReason, gemrcExists: fs.fileExists(location.gemrc),
            sourcesSet: doc.sources != nil,
            sources: urls.map { .init(url: Redaction.redactURL($0), mirror: mirrorName($0)) },
            bundlerConfig: location.bundlerConfig, bundlerMirror: bundler.mirror.map(Redaction.redactURL))
    }

    /// The catalog name of a gem source URL (old domains included), or nil.
    func mirrorName(_ url: String) -> String? { Self.mirrorName(of: url, catalog: catalog) }

    /// The plan that makes RubyGems (and with `bundler`, Bundler) use `mirror` instead of rubygems.org.
    package func usePlan(_ mirror: Mirror, bundler: Bool) throws -> Plan {
        let url = mirror.url
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw PodMirrorFailure(Message("gems.error.bad-url", ["url": Redaction.redactURL(url)]), code: .gemsBadURL)
        }
        var plan = Plan(title: "gems source use \(mirror.name.isEmpty ? Redaction.redactURL(url) : mirror.name)")
        if url.hasPrefix("http://") && !url.hasPrefix("http://127.0.0.1") && !url.hasPrefix("http://localhost") {
            plan.warnings.append(
                Diagnostic(
                    .warning, code: .gemsPlainHTTP,
                    Message("gems.warning.plain-http", ["url": Redaction.redactURL(url)])))
        }
        let shown = Redaction.redactURL(url)
        let (gemrc, kept) = try gemrcChange(
            target: url, onlyIfSet: false,
            summary: Message("gems.summary.gemrc-use", ["file": location.gemrc, "url": shown]))
        plan.changes.append(gemrc)
        plan.warnings += kept
        if bundler {
            let summary = Message("gems.summary.bundler-use", ["file": location.bundlerConfig, "url": shown])
            plan.changes.append(try bundlerChange(mirror: url, summary: summary))
        }
        plan.removingLeftovers(beside: [location.gemrc, location.bundlerConfig], fileSystem: environment.fileSystem)
        return plan
    }

    /// The plan that puts https://rubygems.org/ back (and with `bundler`, removes Bundler's mirror).
    package func resetPlan(bundler: Bool) throws -> Plan {
        let official = catalog.gemMirror(named: "rubygems")?.url ?? "https://rubygems.org/"
        var plan = Plan(title: "gems source reset")
        let (gemrc, kept) = try gemrcChange(
            target: official, onlyIfSet: true,
            summary: Message("gems.summary.gemrc-reset", ["file": location.gemrc, "url": official]))
        plan.changes.append(gemrc)
        plan.warnings += kept
        if bundler {
            let summary = Message("gems.summary.bundler-reset", ["file": location.bundlerConfig])
            plan.changes.append(try bundlerChange(mirror: nil, summary: summary))
        }
        plan.removingLeftovers(beside: [location.gemrc, location.bundlerConfig], fileSystem: environment.fileSystem)
        return plan
    }

    package func gemrc() throws -> GemrcDocument {
        let fs = environment.fileSystem
        let path = location.gemrc
        return try GemrcDocument(path: path, bytes: fs.fileExists(path) ? fs.readFile(path) : [])
    }

    func bundlerConfig() throws -> BundlerConfig {
        let fs = environment.fileSystem
        let path = location.bundlerConfig
        return try BundlerConfig(path: path, bytes: fs.fileExists(path) ? fs.readFile(path) : [])
    }

    /// The gemrc edit that makes `target` the source, and a `gems.source-kept` warning for each source kept
    /// before it that podmirror cannot tell from a private one (neither a catalog mirror nor one it put there).
    func gemrcChange(target: String, onlyIfSet: Bool, summary: Message) throws -> (Change, [Diagnostic]) {
        let fs = environment.fileSystem
        let path = location.gemrc
        let exists = fs.fileExists(path)
        let doc = try gemrc()
        let record = GemSourceRecord(environment: environment)
        let editor = GemrcEditor(catalog: catalog, podmirrorSet: record.urls())
        // The edit reads its result back; it must be a gemrc RubyGems reads with the target in it.
        let check = try editor.edited(doc, target: target, onlyIfSet: onlyIfSet)
        let new = check.bytes
        if let sources = check.sources,
            !sources.contains(target) || sources.contains(where: { $0 != target && editor.isReplaceable($0) })
        {
            throw PodMirrorFailure(Message("gems.error.internal", ["path": path]), code: .gemsInternal)
        }
        let old: [UInt8]? = exists ? doc.bytes : nil
        let details = GemrcEditFacts(
            file: path, reason: location.gemrcReason, before: (doc.sources ?? []).map(Redaction.redactURL),
            after: (check.sources ?? []).map(Redaction.redactURL))
        let after = check.sources ?? []
        let before = after.prefix { $0 != target }
        let kept = before.filter { !editor.isReplaceable($0) }.map { url in
            Diagnostic(
                .warning, code: .gemsSourceKept,
                Message(
                    "gems.source.kept",
                    ["url": Redaction.redactURL(url), "target": Redaction.redactURL(target), "file": path]),
                file: path)
        }
        if !exists && new.isEmpty {
            let change = Change.satisfied(
                id: "gems.gemrc", kind: .gemrcEdit, subject: path, summary: summary.english,
                details: details
            )
            return (change.said(summary), kept)
        }
        var change = Change.fileEdit(
            id: "gems.gemrc", kind: .gemrcEdit, path: path, old: old, new: new,
            summary: summary.english, details: details, fileSystem: fs
        )
        .creatingParentFolder(of: path, fileSystem: fs)
        .said(summary)
        let catalog = self.catalog
        change.commit = {
            record.update(added: onlyIfSet ? nil : target, sources: after, catalog: catalog)
            return nil
        }
        return (change, kept)
    }

    func bundlerChange(mirror: String?, summary: Message) throws -> Change {
        let fs = environment.fileSystem
        let path = location.bundlerConfig
        let exists = fs.fileExists(path)
        let config = try bundlerConfig()
        let new = try config.setting(mirror: mirror)
        let details = BundlerMirrorFacts(
            file: path, key: BundlerConfig.mirrorKey, before: config.mirror.map(Redaction.redactURL),
            after: mirror.map(Redaction.redactURL))
        if !exists && mirror == nil {
            return .satisfied(
                id: "gems.bundler-mirror", kind: .bundlerConfigEdit, subject: path,
                summary: summary.english, details: details
            )
            .said(summary)
        }
        return Change.fileEdit(
            id: "gems.bundler-mirror", kind: .bundlerConfigEdit, path: path,
            old: exists ? config.bytes : nil, new: new, summary: summary.english, details: details,
            fileSystem: fs
        ).creatingParentFolder(of: path, fileSystem: fs).said(summary)
    }
}
