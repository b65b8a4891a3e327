import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// The archive kinds cocoapods-downloader's `:http` strategy knows, named as its `:type` option.
package enum ArchiveType: String, Sendable, CaseIterable, Codable {
    case zip, tgz, tar, tbz, txz, dmg

    /// The type cocoapods-downloader infers from a URL's path (the query is ignored); nil when it
    /// would raise `Unsupported file type`.
    package static func from(url: String) -> ArchiveType? {
        var path = url
        if let r = path.range(of: "://") { path = String(path[r.upperBound...]) }
        if let q = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<q]) }
        let p = path.lowercased()
        if p.hasSuffix(".zip") { return .zip }
        if p.hasSuffix(".tgz") || p.hasSuffix(".tar.gz") { return .tgz }
        if p.hasSuffix(".tar") { return .tar }
        if p.hasSuffix(".tbz") || p.hasSuffix(".tar.bz2") { return .tbz }
        if p.hasSuffix(".txz") || p.hasSuffix(".tar.xz") { return .txz }
        if p.hasSuffix(".dmg") { return .dmg }
        return nil
    }
}

/// A pod's `:http` source, as its podspec or Podfile.lock `CHECKOUT OPTIONS` give it.
struct HTTPSource: Sendable, Equatable {
    /// The URL to download (after source-mirror rewriting).
    var url: String
    /// The URL as the podspec names it, when a source mirror rewrote `url`: errors name both.
    var declaredURL: String?
    /// `:type`; nil means "from the URL's path".
    var type: ArchiveType?
    /// `:flatten`; nil means cocoapods-downloader's default (tar kinds flattened, zip not).
    var flatten: Bool?
    var sha256: String?
    var sha1: String?
    /// `:headers`, each `Name: value`.
    var headers: [String]

    init(
        url: String, type: ArchiveType? = nil, flatten: Bool? = nil, sha256: String? = nil,
        sha1: String? = nil, headers: [String] = []
    ) {
        self.url = url
        self.type = type
        self.flatten = flatten
        self.sha256 = sha256
        self.sha1 = sha1
        self.headers = headers
    }
}
