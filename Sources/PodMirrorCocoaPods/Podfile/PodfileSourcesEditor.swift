import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// `source` lines: use a Specs mirror, add, remove or set the sources CocoaPods looks pods up in.
struct PodfileSourcesEditor: PodfileVerbEditor {
    var text: PodfileTextEdits
    let catalog: MirrorCatalog

    var sourceSites: [(statement: RubyStatement, source: PodfileSource)] { text.reader.sources }

    /// A catalog name (`tuna`, `trunk`) or a URL CocoaPods can clone, as the URL to write.
    func sourceURL(_ nameOrURL: String) throws -> String {
        if let m = catalog.specs.first(where: { $0.name == nameOrURL.lowercased() }) { return m.url }
        guard nameOrURL.contains(":") || nameOrURL.contains("/") else {
            let names = catalog.specs.map(\.name)
            let remedy =
                catalog.otherKindRemedy(nameOrURL, wantGems: false)
                ?? catalog.nearestName(to: nameOrURL, gems: false)
                .map { Message("podfile.source.did-you-mean", ["name": $0]) }
                ?? Message("podfile.source.unknown.remedy")
            throw PodMirrorFailure(
                Message("podfile.source.unknown", ["value": nameOrURL, "names": names.joined(separator: ", ")]),
                remedy: remedy, code: .podfileSource)
        }
        do {
            try GitURL.validate(nameOrURL)
        } catch let e as GitError {
            throw PodMirrorFailure(
                Message("podfile.source.bad-url", ["url": Redaction.redactURL(nameOrURL), "reason": e.cause]),
                remedy: Message("podfile.source.unknown.remedy"), code: .podfileSource)
        }
        return nameOrURL
    }

    func sourceLine(_ url: String) -> String {
        let like = sourceSites.first.flatMap { site in
            text.syntax.arguments(of: site.statement).first.map { text.syntax.tokens[$0[0]] }
        }
        return "source " + text.literal(url, like: like)
    }

    /// `source use MIRROR`: official and catalog sources are replaced by the mirror at the place of the
    /// first one; private sources stay; a Podfile without sources gets it at the top.
    mutating func useSource(_ nameOrURL: String) throws {
        let mirror = try catalog.resolve(nameOrURL, gems: false)
        let url = mirror.url
        let replaceable = sourceSites.filter { site in
            guard let u = site.source.url else { return false }
            return catalog.isOfficialOrMirror(u) || SourceURL(u).isSame(as: SourceURL(url))
        }
        guard let first = replaceable.first else {
            if let last = sourceSites.last {
                text.edits.append(text.insertion(after: last.statement, sourceLine(url)))
                text.warnings.append(
                    text.finding(
                        .warning, .podfileOnlyPrivateSources,
                        Message(
                            "podfile.source.only-private",
                            [
                                "url": Redaction.redactURL(url),
                                "kept": sourceSites.compactMap(\.source.url).map(Redaction.redactURL)
                                    .joined(separator: ", "),
                            ]),
                        line: last.statement.line))
            } else {
                text.edits.append(text.topInsertion([sourceLine(url)]))
            }
            return
        }
        // Keep an exact match of the URL where it is; otherwise rewrite the first replaceable source.
        let keeper = replaceable.first { $0.source.url == url } ?? first
        if keeper.source.url != url {
            let tokenIndex = text.syntax.arguments(of: keeper.statement)[0][0]
            if let e = text.contentEdit(text.syntax.tokens[tokenIndex], value: url) {
                text.edits.append(e)
            } else {
                text.edits.append(TextEdit(range: text.syntax.tokens[tokenIndex].range, replacement: text.literal(url)))
            }
        }
        if keeper.statement.first != first.statement.first, keeper.source.url == url {
            // The exact URL appears later: move it to the first replaceable place.
            text.edits.append(try text.callDeletion(of: keeper.statement))
            let tokenIndex = text.syntax.arguments(of: first.statement)[0][0]
            text.edits.append(
                text.contentEdit(text.syntax.tokens[tokenIndex], value: url)
                    ?? TextEdit(range: text.syntax.tokens[tokenIndex].range, replacement: text.literal(url)))
        }
        for site in replaceable
        where site.statement.first != first.statement.first && site.statement.first != keeper.statement.first {
            text.edits.append(try text.callDeletion(of: site.statement))
        }
    }

    /// `source add URL [--first]`. Adding to a Podfile with no sources keeps trunk by writing it explicitly.
    mutating func addSource(_ nameOrURL: String, first: Bool) throws {
        // What CocoaPods would clone: https/http/ssh/git/file or a path; never `ext::` and the like.
        let url = try sourceURL(nameOrURL)
        if sourceSites.contains(where: { $0.source.url.map { SourceURL($0).isSame(as: SourceURL(url)) } ?? false }) {
            return
        }
        if sourceSites.isEmpty {
            let trunk = catalog.specsMirror(named: "trunk")?.url ?? "https://cdn.cocoapods.org/"
            let lines = first ? [sourceLine(url), sourceLine(trunk)] : [sourceLine(trunk), sourceLine(url)]
            text.edits.append(text.topInsertion(lines))
            text.warnings.append(
                text.finding(
                    .note, .podfileTrunkExplicit,
                    Message("podfile.source.trunk-explicit", ["url": Redaction.redactURL(url)])))
            return
        }
        if first, let s = sourceSites.first?.statement {
            let r = text.syntax.range(of: s)
            text.edits.append(
                .insert(sourceLine(url) + text.nl + text.syntax.indentation(at: r.lowerBound), at: r.lowerBound))
        } else if let s = sourceSites.last?.statement {
            text.edits.append(text.insertion(after: s, sourceLine(url)))
        }
    }

    /// `source remove URL`: every `source` line CocoaPods would match to URL.
    mutating func removeSource(_ nameOrURL: String) throws {
        let url = try sourceURL(nameOrURL)
        let matching = sourceSites.filter { $0.source.url.map { SourceURL($0).isSame(as: SourceURL(url)) } ?? false }
        for site in matching { text.edits.append(try text.callDeletion(of: site.statement)) }
        if matching.isEmpty {
            text.warnings.append(
                Diagnostic(
                    .warning, code: .podfileSourceAbsent,
                    Message("podfile.source.absent", ["url": Redaction.redactURL(url)]), file: text.doc.path))
        }
        if !matching.isEmpty, matching.count == sourceSites.count {
            text.warnings.append(text.finding(.warning, .podfileNoSourceLeft, Message("podfile.source.none-left")))
        }
    }

    /// `source set URL…`: exactly these sources, in order, where the first `source` line was.
    mutating func setSources(_ namesOrURLs: [String]) throws {
        let urls = try namesOrURLs.map(sourceURL)
        var seen: Set<String> = []
        let wanted = urls.filter { seen.insert(SourceURL($0).matchKey).inserted }
        if sourceSites.map(\.source.url) == wanted.map({ Optional($0) }) { return }
        guard let first = sourceSites.first?.statement else {
            if !wanted.isEmpty { text.edits.append(text.topInsertion(wanted.map(sourceLine))) }
            return
        }
        // Keep the first line's bytes (and its comment) when it already holds the first URL.
        let r = text.syntax.range(of: first)
        let indent = text.syntax.indentation(at: r.lowerBound)
        if let head = wanted.first {
            let rest = wanted.dropFirst().map { text.nl + indent + sourceLine($0) }.joined()
            if sourceSites[0].source.url == head {
                if wanted.count > 1 {
                    text.edits.append(
                        text.insertion(
                            after: first, wanted.dropFirst().map(sourceLine).joined(separator: text.nl + indent)))
                }
            } else {
                text.edits.append(TextEdit(range: r, replacement: sourceLine(head) + rest))
            }
        } else {
            text.edits.append(try text.callDeletion(of: first))
        }
        for site in sourceSites.dropFirst() { text.edits.append(try text.callDeletion(of: site.statement)) }
    }
}
