import PodMirrorCocoaPods
import PodMirrorFoundation

/// `gems list`: the gemrc's sources (mirror or private) and Bundler's mirror.
enum GemSourcesListingRenderer: ResultRenderer {
    static func jsonFields(_ listing: GemSources.Listing) throws -> [String: JSONValue] {
        try JSONValue.fields(of: listing)
    }

    static func text(_ listing: GemSources.Listing, console c: Console) {
        let gemrc = ["path": listing.gemrc, "reason": listing.gemrcReason]
        c.out(Message(listing.gemrcExists ? "gems.list.gemrc" : "gems.list.gemrc-not-created", gemrc).localized)
        for s in listing.sources {
            var line = "  \(s.url)  " + (s.mirror.map { "(\($0))" } ?? Message("gems.list.private").localized)
            if !listing.sourcesSet { line += "  " + Message("gems.list.rubygems-default").localized }
            c.out(line)
        }
        let bundler = ["file": listing.bundlerConfig]
        c.out(
            listing.bundlerMirror.map {
                Message("gems.list.bundler-mirror", bundler.merging(["mirror": $0]) { $1 }).localized
            } ?? Message("gems.list.bundler-not-set", bundler).localized)
    }
}
