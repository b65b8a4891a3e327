import Foundation
import PodMirrorFoundation

/// The gem sources podmirror itself put in the gemrc that are not catalog mirrors (`gems source use URL`), so a
/// later `gems source use|reset` replaces them like a catalog mirror instead of keeping them first as private.
/// One file, `$XDG_STATE_HOME/podmirror/gem-sources` (`~/.local/state/podmirror/gem-sources`), one URL a line,
/// credentials removed. Podmirror's own bookkeeping: written once a plan succeeded, a failure to write it ignored.
struct GemSourceRecord: Sendable {
    let path: String
    let fileSystem: any FileSystem

    init(environment: RuntimeEnvironment) {
        path = environment.stateDirectory + "/gem-sources"
        fileSystem = environment.fileSystem
    }

    /// The recorded URLs (credentials removed).
    func urls() -> [String] {
        guard let bytes = try? fileSystem.readFile(path) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// True when `url` is one podmirror put in the gemrc.
    func contains(_ url: String) -> Bool {
        let key = SourceURL(Redaction.redactURL(url)).gemSourceKey
        return urls().contains { SourceURL($0).gemSourceKey == key }
    }

    /// Records `added` (when it is not a catalog source) and forgets recorded URLs the gemrc no longer lists.
    func update(added: String?, sources: [String], catalog: MirrorCatalog) {
        let listed = Set(sources.map { SourceURL(Redaction.redactURL($0)).gemSourceKey })
        var list = urls().filter { listed.contains(SourceURL($0).gemSourceKey) }
        if let added, GemrcEditor(catalog: catalog).isReplaceable(added) == false, !contains(added) {
            list.append(Redaction.redactURL(added))
        }
        let text = list.map { $0 + "\n" }.joined()
        if text.isEmpty && !fileSystem.fileExists(path) { return }
        try? fileSystem.createDirectory((path as NSString).deletingLastPathComponent)
        _ = try? fileSystem.writeIfChanged(Array(text.utf8), to: path, defaultMode: 0o600)
    }
}
