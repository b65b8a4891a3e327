import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Why an `:http` pod source could not be made ready. URLs in it are redacted.
struct HTTPSourceError: PodMirrorError {
    enum Kind: String, Sendable, Codable {
        /// `dmg` or a type cocoapods-downloader does not know: podmirror leaves the pod to CocoaPods.
        case leftToCocoaPods
        /// The server answered an HTTP error that retrying does not fix (404, 403, …).
        case httpStatus
        /// No complete answer after every attempt (timeouts, stalls, dropped connections, 5xx).
        case transfer
        /// `sha256`/`sha1` of the archive is not the podspec's.
        case checksum
        /// An entry would land outside the pod's folder (`../`, absolute path, link pointing out).
        case unsafeArchive
        /// The archive is larger than `ArchiveLimits.maxArchiveBytes`.
        case archiveTooLarge
        /// The archive has more members than `ArchiveLimits.maxEntries`.
        case tooManyEntries
        /// The archive expands to more than `ArchiveLimits.maxExpandedBytes`.
        case expandedTooLarge
        /// The archive expands more than `ArchiveLimits.maxRatio` times its size (an archive bomb).
        case compressionRatio
        /// The archive could not be read or extracted.
        case extraction
        /// A program extraction needs (`gzip`, `xz`, …) is missing.
        case toolMissing
        /// The archive or its folder could not be written.
        case fileSystem
    }

    var kind: Kind
    var message: String
    var remedy: String?
    var text: Message?
    var remedyText: Message?
    /// The HTTP status, for `httpStatus` (and `transfer` when the last answer was one).
    var status: Int?

    var code: ErrorCode {
        switch kind {
        case .leftToCocoaPods: .podsHTTPLeftToCocoaPods
        case .httpStatus: .podsHTTPStatus
        case .transfer: .podsHTTPTransfer
        case .checksum: .podsHTTPChecksum
        case .unsafeArchive: .podsHTTPUnsafeArchive
        case .archiveTooLarge: .podsHTTPArchiveTooLarge
        case .tooManyEntries: .podsHTTPTooManyEntries
        case .expandedTooLarge: .podsHTTPExpandedTooLarge
        case .compressionRatio: .podsHTTPCompressionRatio
        case .extraction: .podsHTTPExtraction
        case .toolMissing: .podsHTTPToolMissing
        case .fileSystem: .podsHTTPFileSystem
        }
    }

    /// True for `leftToCocoaPods`: the orchestrator reports the pod as skipped, not failed.
    var isLeftToCocoaPods: Bool { kind == .leftToCocoaPods }

    init(_ kind: Kind, _ text: Message, remedy: Message? = nil, status: Int? = nil) {
        self.kind = kind
        var text = text
        // A mirror's URL `(for` the podspec's: said in the reader's language.
        if let url = text.arguments["url"], let said = GitTransfer.subjectText(url) { text.parts["url"] = said }
        self.text = text
        self.message = text.english
        self.remedyText = remedy
        self.remedy = remedy?.english
        self.status = status
    }
}

extension HTTPSourceError.Kind {
    /// The kind of error for a broken archive bound.
    init(_ bound: ArchiveLimits.Bound) {
        switch bound {
        case .archiveBytes: self = .archiveTooLarge
        case .entries: self = .tooManyEntries
        case .expandedBytes: self = .expandedTooLarge
        case .ratio: self = .compressionRatio
        }
    }
}

extension HTTPSourceError {
    /// A failed download (`HTTPDownload`) said as a pod source's error: a file over the size bound is the
    /// archive's `maxArchiveBytes` of `limits`.
    init(_ error: HTTPDownloadError, limits: ArchiveLimits) {
        switch (error.kind, error.text) {
        case (.httpStatus, let text?): self.init(.httpStatus, text, status: error.status)
        case (.transfer, let text?): self.init(.transfer, text, status: error.status)
        case (.fileSystem, let text?): self.init(.fileSystem, text)
        default: self = .limit(.archiveBytes, of: limits, url: error.url)
        }
    }

    /// Runs `download`, its error said as a pod source's (`init(_:limits:)`).
    static func downloading<T>(limits: ArchiveLimits, _ download: () throws -> T) throws -> T {
        do { return try download() } catch let error as HTTPDownloadError {
            throw HTTPSourceError(error, limits: limits)
        }
    }

    /// An archive that broke `bound` of `limits`, naming the URL, the bound's value and the variable raising it.
    static func limit(_ bound: ArchiveLimits.Bound, of limits: ArchiveLimits, url shown: String) -> HTTPSourceError {
        let variable = ArchiveLimits.variables.first { $0.0 == bound }?.1 ?? ""
        return HTTPSourceError(
            Kind(bound), Message(bound.messageKey, ["url": shown, "limit": String(limits.value(of: bound))]),
            remedy: Message("pods.http.archive-limit.remedy", ["variable": variable]))
    }
}
