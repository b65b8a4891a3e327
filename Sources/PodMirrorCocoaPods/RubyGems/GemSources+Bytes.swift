import Foundation
import PodMirrorFoundation

/// What `gems source use` and `gems source reset` do to a gemrc and to Bundler's config, on a file's bytes rather
/// than on the files of a HOME: the same editors, self-checks and refusals as the plans.
extension GemSources {
    /// The gemrc with `target` as the gem source in place of rubygems.org and the catalog's gem mirrors (private
    /// sources stay where they are), read back. With `onlyIfSet`, a gemrc without `:sources:` is left alone, as
    /// `reset` leaves it. A result that would not read back with every other key's value kept is refused.
    package static func editedGemrc(
        _ doc: GemrcDocument, using target: String, onlyIfSet: Bool = false, catalog: MirrorCatalog
    ) throws -> GemrcDocument {
        try GemrcEditor(catalog: catalog).edited(doc, target: target, onlyIfSet: onlyIfSet)
    }

    /// The catalog name of a gem source (rubygems.org or a gem mirror, by any of its old domains, http or https,
    /// with or without `/`), or nil for a source podmirror does not replace (a private one).
    package static func mirrorName(of url: String, catalog: MirrorCatalog) -> String? {
        let key = SourceURL(url).gemSourceKey
        return catalog.gems.first { ([$0.url] + $0.aliases).contains { SourceURL($0).gemSourceKey == key } }?.name
    }

    /// Bundler's mirror for rubygems.org in a `~/.bundle/config` (the file at `path`), nil when unset; refused when
    /// the file is not one Bundler reads or its line and YAML disagree.
    package static func bundlerMirror(in bytes: [UInt8], path: String) throws -> String? {
        try BundlerConfig(path: path, bytes: bytes).mirror
    }

    /// The config's bytes with Bundler's mirror set to `url` (nil removes it), every other line kept.
    package static func settingBundlerMirror(_ url: String?, in bytes: [UInt8], path: String) throws -> [UInt8] {
        try BundlerConfig(path: path, bytes: bytes).setting(mirror: url)
    }
}
