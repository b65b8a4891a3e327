import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// A podspec that is not on disk when `pods fetch` plans: a trunk (CDN) podspec CocoaPods has not stored
/// locally yet, or the podspec a `:podspec => URL` pod names. It is downloaded when the pod's turn comes,
/// through the same libcurl downloader as archives (proxy, stall timeout, retries with backoff).
struct RemotePodspec: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// From a CDN spec repo: checked against `SPEC CHECKSUMS` (`sha1`), then stored at `localPath` in
        /// that repo, as CocoaPods' CDN source stores the podspecs it downloads (with a `.etag` sibling).
        case cdn(repoName: String, localPath: String, sha1: String)
        /// A `:podspec` URL; JSON when the URL's path ends in `.json`, as CocoaPods decides it.
        case podspecURL(isJSON: Bool)
    }

    /// Where it is downloaded from, after source-mirror rewriting. May hold credentials.
    var url: String
    var kind: Kind

    /// The podspec's bytes and the final response's `ETag`. `scratch` is an existing folder for the file. The
    /// download is cut at `PodPublisher.maxSpecBytes`, the bound of every podspec read: its bytes are kept in memory.
    func download(options: DownloadOptions, scratch: String) throws -> (bytes: [UInt8], etag: String?) {
        var dl = options
        dl.progress = nil
        var limits = ArchiveLimits.default
        limits.maxArchiveBytes = min(limits.maxArchiveBytes, Int64(PodPublisher.maxSpecBytes))
        let file = scratch + "/podspec.download"
        let got: (size: Int64, headers: [String: String])
        do {
            let agent = "podmirror/\(PodMirrorVersion.string)"
            let download = HTTPDownload(url: url, userAgent: agent, options: dl, maxBytes: limits.maxArchiveBytes)
            got = try HTTPSourceError.downloading(limits: limits) { try download.download(to: file) }
        } catch let e as HTTPSourceError where e.kind == .archiveTooLarge {
            throw HTTPSourceError(
                .archiveTooLarge,
                Message(
                    "pods.podspec.download-too-large",
                    ["url": Redaction.redactURL(url), "limit": String(PodPublisher.maxSpecBytes)]))
        }
        defer { unlink(file) }
        // libcurl wrote the file on disk, whatever file system the run injects.
        let bytes = try LocalFileSystem().readFile(file)
        let etag = got.headers.first { $0.key.lowercased() == "etag" }?.value
        return (bytes, etag)
    }

    /// `<base>/<relative path>`, the path percent-encoded as CocoaPods' CDN source encodes it (`+` kept, as in
    /// `UIView+Shake`).
    static func cdnURL(base: String, relativePath: String) -> String {
        let encoded = relativePath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relativePath
        return base + encoded
    }

    /// A CDN repo's base URL as CocoaPods reads `.url`: one trailing newline and one trailing `/` removed,
    /// then one `/` appended. The `trunk` folder without `.url` falls back to `fallback`.
    static func cdnBase(repoPath: String, fallback: String?, fileSystem fs: any FileSystem) -> String? {
        guard let bytes = try? fs.readFile(repoPath + "/.url") else { return fallback }
        var url = String(decoding: bytes, as: UTF8.self)
        if url.hasSuffix("\n") { url.removeLast() }
        if url.hasSuffix("/") { url.removeLast() }
        return url.isEmpty ? fallback : url + "/"
    }

    /// Stores a verified CDN podspec where CocoaPods' CDN source keeps it, unless a file is already there:
    /// the podspec, then `<file>.etag` when the server sent one, each written atomically.
    static func storeCDN(_ bytes: [UInt8], etag: String?, at path: String, fileSystem fs: any FileSystem) throws {
        if fs.fileExists(path) { return }
        do {
            try fs.createDirectory((path as NSString).deletingLastPathComponent)
            try fs.writeAtomically(bytes, to: path, defaultMode: 0o644)
            if let etag, !etag.isEmpty {
                try fs.writeAtomically(Array(etag.utf8), to: path + ".etag", defaultMode: 0o644)
            }
        } catch {
            let reason = (error as? FileError)?.reason ?? "\(error)"
            throw PodMirrorFailure(
                Message("pods.cdn.store-failed", ["path": path, "reason": reason]), code: .podsCDNStore)
        }
    }
}
