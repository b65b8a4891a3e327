import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// One mirror or official source from `templates/mirrors.json`.
package struct Mirror: Codable, Equatable, Sendable {
    /// What the mirror serves (`kind` in JSON); `meaning` says what each value means (docs/json.md).
    package enum Kind: String, Codable, Sendable, CaseIterable {
        case specsGit = "specs-git"
        case specsCDN = "specs-cdn"
        case gems
    }
    package var name: String
    package var kind: Kind
    package var url: String
    package var official: Bool
    /// Older URLs of the same mirror seen in guides; recognised and replaced by `url`.
    var aliases: [String]
    var notes: String

    package init(
        name: String, kind: Kind, url: String, official: Bool = false, aliases: [String] = [], notes: String = ""
    ) {
        self.name = name
        self.kind = kind
        self.url = url
        self.official = official
        self.aliases = aliases
        self.notes = notes
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        kind = try c.decode(Kind.self, forKey: .kind)
        url = try c.decode(String.self, forKey: .url)
        official = try c.decodeIfPresent(Bool.self, forKey: .official) ?? false
        aliases = try c.decodeIfPresent([String].self, forKey: .aliases) ?? []
        notes = try c.decodeIfPresent(String.self, forKey: .notes) ?? ""
    }
}

/// The catalog of known Specs and gem mirrors.
package struct MirrorCatalog: Sendable {
    package var specs: [Mirror]
    package var gems: [Mirror]
    /// The last commit of CocoaPods/Specs once trunk is read-only (`finalTrunkCommit`); nil while unknown
    /// (the field is empty). Every healthy Specs mirror converges on it.
    package var finalTrunkCommit: String?

    package var all: [Mirror] { specs + gems }

    struct File: Codable {
        var version: Int
        var specs: [Mirror]
        var gems: [Mirror]
        var finalTrunkCommit: String?
    }

    package init(specs: [Mirror], gems: [Mirror]) {
        self.specs = specs
        self.gems = gems
    }

    /// Parses a catalog file's bytes.
    package init(data: Data) throws {
        let file = try JSONDecoder().decode(File.self, from: data)
        self.init(specs: file.specs, gems: file.gems)
        let final = (file.finalTrunkCommit ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        finalTrunkCommit = final.isEmpty ? nil : final
    }

    /// The catalog shipped with podmirror (`templates/mirrors.json`).
    package static func bundled() throws -> MirrorCatalog {
        guard let url = Templates.url(for: "mirrors.json") else {
            throw PodMirrorFailure(
                Message("mirror.error.catalog-missing"), remedy: Message("mirror.error.catalog-missing.remedy"),
                code: .catalogMissing)
        }
        return try MirrorCatalog(data: Data(LocalFileSystem().readFile(url.path)))
    }

    /// The Specs mirror or official source with this name (`trunk`, `github`, `tuna`, …).
    package func specsMirror(named name: String) -> Mirror? { specs.first { $0.name == name.lowercased() } }

    /// The gem mirror with this name (`rubygems`, `ruby-china`, `ustc`, `tuna`).
    package func gemMirror(named name: String) -> Mirror? { gems.first { $0.name == name.lowercased() } }

    /// Resolves a command-line value that is a catalog name or a URL, for a command that needs a
    /// mirror of `kind`. A URL not in the catalog becomes an unnamed mirror.
    package func resolve(_ nameOrURL: String, gems wantGems: Bool) throws -> Mirror {
        let list = wantGems ? gems : specs
        if let m = list.first(where: { $0.name == nameOrURL.lowercased() }) { return m }
        if looksLikeURL(nameOrURL) {
            let wanted = SourceURL(nameOrURL)
            if let m = list.first(where: {
                SourceURL($0.url).isSameCanonical(as: wanted)
                    || $0.aliases.contains { SourceURL($0).isSameCanonical(as: wanted) }
            }) {
                var copy = m
                copy.url = nameOrURL
                return copy
            }
            try Self.checkTransport(nameOrURL, gems: wantGems)
            return Mirror(name: "", kind: wantGems ? .gems : .specsGit, url: nameOrURL)
        }
        let names = list.map(\.name).joined(separator: ", ")
        let unknown = Message(
            wantGems ? "mirror.error.unknown-gems" : "mirror.error.unknown-specs",
            ["value": nameOrURL])
        let nearest = nearestName(to: nameOrURL, gems: wantGems)
        throw PodMirrorFailure(
            unknown,
            remedy: otherKindRemedy(nameOrURL, wantGems: wantGems)
                ?? nearest.map { Message("mirror.error.did-you-mean", ["name": $0, "names": names]) }
                ?? otherKindRemedy(nameOrURL, wantGems: wantGems, nearest: true)
                ?? Message("mirror.error.unknown.remedy", ["names": names]),
            code: .mirrorUnknown)
    }

    /// The name of the mirror of that kind a mistyped `value` most likely means: the nearest name by spelling
    /// (`tnua`: `tuna`), else the one mirror whose host has `value` as a label (`tsinghua`: `tuna`, `taobao`:
    /// `ruby-china`); nil when none or several do.
    func nearestName(to value: String, gems wantGems: Bool) -> String? {
        let key = value.lowercased()
        let list = wantGems ? gems : specs
        if let name = Suggestion.nearest(to: key, in: list.map(\.name)) { return name }
        let owners = Set(
            list.filter { m in
                ([m.url] + m.aliases).contains { url in
                    (URLComponents(string: url)?.host?.lowercased().split(separator: ".") ?? []).contains { $0 == key }
                }
            }.map(\.name))
        return owners.count == 1 ? owners.first : nil
    }

    /// When `name` is a mirror of the other kind (a gem mirror where a Specs one is wanted, or the reverse), or
    /// with `nearest` close to one's name: the remedy saying so and where that name goes.
    func otherKindRemedy(_ name: String, wantGems: Bool, nearest: Bool = false) -> Message? {
        let key = name.lowercased()
        let others = (wantGems ? specs : gems).map(\.name)
        guard !(wantGems ? gems : specs).contains(where: { $0.name == key }),
            let other = nearest ? Suggestion.nearest(to: key, in: others) : others.first(where: { $0 == key })
        else { return nil }
        let names = (wantGems ? gems : specs).map(\.name).joined(separator: ", ")
        return Message(wantGems ? "mirror.error.is-specs" : "mirror.error.is-gems", ["name": other, "names": names])
    }

    /// Resolves a git Specs source to clone (`repo add`, `repo use`): the trunk CDN, by name, mirror or URL,
    /// is refused, since CocoaPods reads it without a clone.
    package func resolveGitSpecs(_ nameOrURL: String) throws -> Mirror {
        let m = try resolve(nameOrURL, gems: false)
        if m.kind == .specsCDN || SourceURL(m.url).isTrunkCDN { throw Self.cdnRefusal(nameOrURL) }
        return m
    }

    /// The refusal of the trunk CDN where a git Specs repo is needed.
    static func cdnRefusal(_ value: String) -> PodMirrorFailure {
        PodMirrorFailure(
            Message("repo.error.use-cdn", ["mirror": value]), remedy: Message("repo.error.use-cdn.remedy"),
            code: .repoCDNURL)
    }

    /// Refuses transports that run commands or are not mirrors (`ext::`, `fd::`, `ftp://`, …): Specs
    /// mirrors go through GitURL's allow-list; gem mirrors are https or http.
    static func checkTransport(_ url: String, gems: Bool) throws {
        guard gems else { return try GitURL.validate(url) }
        let scheme = url.range(of: "://").map { url[..<$0.lowerBound].lowercased() }
        guard let scheme, ["https", "http"].contains(scheme), !url.contains(where: { $0.isWhitespace }) else {
            throw PodMirrorFailure(
                Message("mirror.error.gem-transport", ["url": Redaction.redactURL(url)]),
                remedy: Message("mirror.error.gem-transport.remedy"), code: .mirrorTransport)
        }
    }

    func looksLikeURL(_ s: String) -> Bool {
        s.contains("://") || (s.contains("@") && s.contains(":")) || s.hasPrefix("/")
    }

    /// True for the official trunk CDN / GitHub Specs repo and every Specs mirror in the catalog, in any
    /// spelling CocoaPods takes for the same source (`SourceURL.isSame(as:)`).
    func isOfficialOrMirror(_ url: String) -> Bool {
        let u = SourceURL(url)
        return specs.contains { m in
            SourceURL(m.url).isSame(as: u) || m.aliases.contains { SourceURL($0).isSame(as: u) }
        }
    }
}

extension Mirror.Kind: DocumentedCode {
    /// One line saying what a mirror of this kind serves, for docs/json.md.
    package var meaning: String {
        switch self {
        case .specsGit: "A git repository of CocoaPods/Specs."
        case .specsCDN: "A trunk-format CDN of specs."
        case .gems: "A RubyGems source."
        }
    }
}
