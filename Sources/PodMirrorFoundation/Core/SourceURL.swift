import Foundation

/// A source URL — a Podfile `source`, a spec repo's origin, a catalog mirror — compared the way
/// CocoaPods compares them (cocoapods-core `Source::Manager#canonic_url` and `#source_with_url`).
///
/// `canonical` is CocoaPods' canonical form: lower-cased, then one trailing `.git` removed, then
/// one trailing `/` removed (in that order: `…/Specs.git/` keeps its `.git`, as in CocoaPods).
/// `matchKey` is what a Podfile `source` is matched by: the canonical form, with every spelling of
/// GitHub's CocoaPods/Specs (`git@github.com:CocoaPods/Specs.git`, `https://github.com/cocoapods/specs`)
/// rewritten to `https://github.com/cocoapods/specs`.
package struct SourceURL: Hashable, Sendable, CustomStringConvertible {
    /// The URL as written.
    package var text: String

    package init(_ text: String) { self.text = text }

    package var description: String { text }

    /// Lower-cased, one trailing `.git` then one trailing `/` removed.
    var canonical: String {
        var s = text.lowercased()
        if s.hasSuffix(".git") { s.removeLast(4) }
        if s.hasSuffix("/") { s.removeLast() }
        return s
    }

    /// `canonical`, with any `github.com[:/]+cocoapods/specs` URL as `https://github.com/cocoapods/specs`.
    package var matchKey: String {
        let s = canonical
        if s.range(of: #"github\.com[:/]+cocoapods/specs"#, options: .regularExpression) != nil {
            return "https://github.com/cocoapods/specs"
        }
        return s
    }

    /// True when a local spec repo whose origin is `self` is the repo CocoaPods uses for the Podfile
    /// source `wanted`. As in `source_with_url`, only the wanted side gets the GitHub Specs rewrite.
    package func isOrigin(for wanted: SourceURL) -> Bool { canonical == wanted.matchKey }

    /// True when both name the same source: equal `matchKey`s (both sides rewritten).
    package func isSame(as other: SourceURL) -> Bool { matchKey == other.matchKey }

    /// True when both are the same URL once canonical (no GitHub Specs rewrite): catalog lookups,
    /// where a different spelling must stay the URL the user wrote.
    package func isSameCanonical(as other: SourceURL) -> Bool { canonical == other.canonical }

    /// True for the trunk CDN (`https://cdn.cocoapods.org…`).
    package var isTrunkCDN: Bool { canonical.hasPrefix("https://cdn.cocoapods.org") }

    /// The key podmirror recognises a gem source by in a gemrc: `canonical` without an `http://` or
    /// `https://` scheme.
    ///
    /// RubyGems compares sources as URIs (scheme and host case-insensitive, the rest exact, so
    /// `http://` and `https://` are two sources). podmirror is more lenient on purpose when deciding
    /// which public sources to replace: guides and old gemrcs list rubygems.org and the gem mirrors
    /// with either scheme and with or without the trailing `/`, and each of them is the public
    /// source podmirror replaces.
    package var gemSourceKey: String {
        var s = canonical
        for scheme in ["https://", "http://"] where s.hasPrefix(scheme) { s.removeFirst(scheme.count) }
        return s
    }
}
