import Foundation
import PodMirrorFoundation
import PodMirrorTransport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Downloads an `:http` pod source and leaves it as cocoapods-downloader would: verified, extracted,
/// flattened, the archive removed.
enum HTTPSourceDownloader {
    /// Downloads `source` into `directory` (existing and empty), using `scratch` (existing, on the same
    /// file system) for the archive. Returns the archive's size in bytes.
    ///
    /// - `dmg` and types cocoapods-downloader does not know throw `HTTPSourceError` with
    ///   `isLeftToCocoaPods` before anything is downloaded.
    /// - The archive is checked with `sha256` if given, else `sha1`.
    /// - tar kinds are flattened and zip is not, unless `flatten` says otherwise; flattening happens only
    ///   when the archive holds exactly one top-level entry and it is a folder.
    /// - On any failure `directory` is left empty and nothing of this download remains in `scratch`.
    /// - The archive stays within `limits`, while it downloads and while it is extracted.
    static func fetch(
        _ source: HTTPSource, into directory: String, scratch: String,
        options: DownloadOptions, limits: ArchiveLimits = .default
    ) throws -> Int64 {
        let shown =
            source.declaredURL.map { GitTransfer.subject($0, connectingTo: source.url) }
            ?? Redaction.redactURL(source.url)
        guard let type = source.type ?? ArchiveType.from(url: source.url) else {
            throw HTTPSourceError(.leftToCocoaPods, Message("pods.http.unknown-type", ["url": shown]))
        }
        if type == .dmg {
            throw HTTPSourceError(.leftToCocoaPods, Message("pods.http.dmg", ["url": shown]))
        }
        if let bad = source.headers.first(where: { $0.contains("\r") || $0.contains("\n") || !$0.contains(":") }) {
            let name = bad.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            throw HTTPSourceError(.transfer, Message("pods.http.bad-header", ["url": shown, "header": name]))
        }
        let work = try makeWorkFolder(in: scratch, shown: shown)
        defer { try? FolderWalk.remove(work) }
        let archive = work + "/file." + type.rawValue
        let givesAgent = source.headers.contains {
            let name = $0.split(separator: ":", maxSplits: 1).first ?? ""
            return name.trimmingCharacters(in: .whitespaces).lowercased() == "user-agent"
        }
        let download = HTTPDownload(
            url: source.url, shownURL: shown, headers: source.headers,
            userAgent: givesAgent ? nil : cocoaPodsUserAgent(), options: options, maxBytes: limits.maxArchiveBytes)
        let bytes = try HTTPSourceError.downloading(limits: limits) { try download.run(to: archive) }
        try verify(archive, source, shown: shown)
        let staging = work + "/out"
        guard mkdir(staging, 0o755) == 0 else { throw fileError(staging, shown) }
        let extractor = ArchiveExtractor(
            shownURL: shown, cancellation: options.cancellation, environment: options.environment,
            limits: limits)
        try extractor.extract(archive, type: type, into: staging)
        unlink(archive)
        let root = contentRoot(staging, flatten: source.flatten ?? (type != .zip))
        try move(childrenOf: root, into: directory, shown: shown)
        // Flattening makes the pod's folder one level lower: a link to `..` of the top folder now leaves it.
        do { try PodTree(directory).verify() } catch let f as PodTreeFailure {
            try? FolderWalk.empty(directory)
            throw extractor.failure(f)
        }
        return bytes
    }

    /// The User-Agent cocoapods-downloader's `curl` sends, quotes included (its `-A` is one argv element
    /// holding the quotes): `'CocoaPods/1.17.0 cocoapods-downloader/2.1'`.
    static func cocoaPodsUserAgent(cocoaPods: String = "1.17.0", downloader: String = "2.1") -> String {
        "'CocoaPods/\(cocoaPods) cocoapods-downloader/\(downloader)'"
    }

    /// `sha256` if given, else `sha1`, over the archive's bytes.
    static func verify(_ archive: String, _ source: HTTPSource, shown: String) throws {
        let check: (DigestAlgorithm, String)? = source.sha256.map { (.sha256, $0) } ?? source.sha1.map { (.sha1, $0) }
        guard let (algorithm, expected) = check else { return }
        let actual = try Digest.hex(algorithm, fileAt: archive)
        guard actual == expected.lowercased() else {
            throw HTTPSourceError(
                .checksum,
                Message(
                    "pods.http.checksum",
                    [
                        "url": shown, "algorithm": algorithm == .sha256 ? "sha256" : "sha1",
                        "expected": expected, "actual": actual,
                    ]), remedy: Message("pods.http.checksum.remedy"))
        }
    }

    /// The folder whose children become the pod's content: the single top folder when flattening applies.
    static func contentRoot(_ staging: String, flatten: Bool) -> String {
        guard flatten, let names = try? LocalFileSystem().contentsOfDirectory(staging),
            names.count == 1
        else {
            return staging
        }
        let only = staging + "/" + names[0]
        var st = stat()
        guard lstat(only, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else { return staging }
        return only
    }

    /// Renames every child of `root` into `directory`; on failure what was moved is removed again
    /// (an existing entry of the same name is never replaced: `directory` should be empty).
    static func move(childrenOf root: String, into directory: String, shown: String) throws {
        // A read-only folder from the archive cannot give up its children otherwise.
        var st = stat()
        if stat(root, &st) == 0 { chmod(root, st.st_mode & 0o7777 | 0o700) }
        let names = (try? LocalFileSystem().contentsOfDirectory(root)) ?? []
        var moved: [String] = []
        for name in names {
            let target = directory + "/" + name
            var existing = stat()
            let exists = lstat(target, &existing) == 0
            if exists || rename(root + "/" + name, target) != 0 {
                if exists { errno = EEXIST }
                let error = fileError(target, shown)
                for done in moved { try? FolderWalk.remove(directory + "/" + done) }
                throw error
            }
            moved.append(name)
        }
    }

    static func makeWorkFolder(in scratch: String, shown: String) throws -> String {
        var template = Array((scratch + "/http-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw fileError(scratch, shown)
        }
        return String(cString: made)
    }

    static func fileError(_ path: String, _ shown: String) -> HTTPSourceError {
        let reason = SystemReason.message(errno: errno)
        return HTTPSourceError(
            .fileSystem,
            Message(
                "pods.http.write-failed", ["url": shown, "path": TerminalText.escaped(path)], parts: ["reason": reason])
        )
    }
}
