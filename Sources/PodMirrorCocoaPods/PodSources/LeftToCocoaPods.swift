import Foundation
import PodMirrorFoundation

/// External pods a download showed to be CocoaPods' to fetch (a podspec podmirror cannot reproduce exactly, a
/// `prepare_command`). Each is recorded in `<cache>/Pods/.podmirror-left/<md5 of its slug and SPEC CHECKSUMS>`, so
/// later runs skip it without downloading it again; a new checkout or checksum is a new key. The records go with
/// the cache (a VERSION wipe removes them); CocoaPods never reads that folder.
struct LeftToCocoaPods: Sendable {
    let cachePath: String
    let fileSystem: any FileSystem

    /// The folder holding the records of the cache at `cachePath`.
    static func folder(inCache cachePath: String) -> String { cachePath + "/.podmirror-left" }

    func path(slug: String, checksum: String?) -> String {
        Self.folder(inCache: cachePath) + "/" + Digest.hex(.md5, Array("\(slug)\n\(checksum ?? "")".utf8))
    }

    /// The reason recorded for this entry, if any.
    func reason(slug: String, checksum: String?) -> SkipReason? {
        guard let data = fileSystem.contents(path(slug: slug, checksum: checksum)) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        if text == "prepare_command" { return .prepareCommand }
        return .rubyPodspec(text)
    }

    /// Records `reason` (best effort: without the record the next run only downloads again).
    func record(_ reason: SkipReason, slug: String, checksum: String?) {
        let text: String
        switch reason {
        case .prepareCommand: text = "prepare_command"
        case .rubyPodspec(let why): text = why
        default: return
        }
        try? fileSystem.createDirectory(Self.folder(inCache: cachePath))
        try? fileSystem.writeAtomically(Array(text.utf8), to: path(slug: slug, checksum: checksum), defaultMode: 0o644)
    }
}
