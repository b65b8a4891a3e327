import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// The front door of Download/: a pod's `:http` archive downloaded, an archive extracted, an archive's member
/// listing written, each as `pods fetch` does it. Nothing lands outside the destination, the bounds of
/// `ArchiveLimits` stop archive bombs, and a refusal is a `PodMirrorError` with a `pods.http.*` code that leaves
/// the destination empty.
package enum PodArchive {
    /// Downloads the `:http` source at `url` (its type from the URL's path, no checksum) into `directory`
    /// (existing and empty), verified, extracted and flattened as cocoapods-downloader leaves it, using `scratch`
    /// (existing, on the same file system) for the archive. Returns the archive's size in bytes.
    package static func download(
        _ url: String, into directory: String, scratch: String, options: DownloadOptions,
        limits: ArchiveLimits = .default
    ) throws -> Int64 {
        try HTTPSourceDownloader.fetch(
            HTTPSource(url: url), into: directory, scratch: scratch, options: options, limits: limits)
    }

    /// Extracts the archive file `archive` of `type` into `destination` (an existing empty folder). `source` names
    /// the archive in messages; the tools that decompress (`gzip`, `bzip2`, `xz`) are found on `environment`'s
    /// `PATH`.
    package static func extract(
        _ archive: String, type: ArchiveType, into destination: String, source: String,
        environment: [String: String], limits: ArchiveLimits = .default,
        cancellation: CancellationToken = CancellationToken()
    ) throws {
        try ArchiveExtractor(shownURL: source, cancellation: cancellation, environment: environment, limits: limits)
            .extract(archive, type: type, into: destination)
    }

    /// Writes an archive's members, in order, into `destination` (an existing empty folder), as an extraction
    /// writes what it lists: each member with its permission bits (only the executable bit is kept) and, for a
    /// file, its contents. `archiveBytes` is the archive's size, for the compression ratio.
    package static func write(
        _ members: [(entry: ArchiveEntry, mode: UInt32, contents: [UInt8])], into destination: String,
        source: String, limits: ArchiveLimits = .default, archiveBytes: Int64
    ) throws {
        let extractor = ArchiveExtractor(
            shownURL: source, cancellation: CancellationToken(), environment: [:], limits: limits)
        try extractor.write(into: destination, archiveBytes: archiveBytes) { writer in
            for member in members {
                try writer.add(member.entry, mode: member.mode)
                try member.contents.withUnsafeBytes { try writer.write($0) }
            }
        }
    }
}
