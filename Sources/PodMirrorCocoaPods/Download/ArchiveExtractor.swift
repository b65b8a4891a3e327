import Foundation
import PodMirrorFoundation
import ZIPFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Extracts a downloaded pod archive with podmirror's own writer (`PodTreeWriter`): tar kinds read by
/// `TarListing` (gzip, bzip2 and xz decompressed by the system tools, run by argv, streaming), zip read with
/// ZIPFoundation where CocoaPods runs `unzip`. Nothing can land outside the destination; the bounds of
/// `limits` stop archive bombs.
struct ArchiveExtractor {
    /// The source URL, redacted, for messages.
    var shownURL: String
    var cancellation: CancellationToken
    /// The environment the tools run in; its `$PATH` finds `gzip`, `bzip2` and `xz`.
    var environment: [String: String]
    var limits: ArchiveLimits = .default

    init(
        shownURL: String, cancellation: CancellationToken, environment: [String: String],
        limits: ArchiveLimits = .default
    ) {
        self.shownURL = shownURL
        self.cancellation = cancellation
        self.environment = environment
        self.limits = limits
    }

    var searchPath: String? { environment["PATH"] }

    enum Compression: String {
        case plain, gzip, bzip2, xz

        /// By the file's first bytes, as `tar xf` itself decides (not by the URL's extension).
        static func sniff(_ path: String) -> Compression? {
            guard let h = FileHandle(forReadingAtPath: path) else { return nil }
            defer { try? h.close() }
            let magic = [UInt8]((try? h.read(upToCount: 512)) ?? Data())
            if magic.starts(with: [0x1F, 0x8B]) { return .gzip }
            if magic.starts(with: Array("BZh".utf8)) { return .bzip2 }
            if magic.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
            if magic.count == 512 { return .plain }
            return nil
        }
    }

    /// Extracts `archive` into `destination` (an existing empty folder). On failure `destination` is left
    /// empty.
    func extract(_ archive: String, type: ArchiveType, into destination: String) throws {
        var st = stat()
        let size = stat(archive, &st) == 0 ? Int64(st.st_size) : 0
        try write(into: destination, archiveBytes: size) { writer in
            if size > limits.maxArchiveBytes {
                throw PodTreeFailure.limit(.archiveBytes, limit: limits.maxArchiveBytes)
            }
            if type == .zip {
                try extractZip(archive, into: writer)
            } else {
                try extractTar(archive, into: writer)
            }
        }
    }

    /// Writes a tree into `destination` (an existing empty folder) with `body`, then its links; on failure
    /// `destination` is left empty and a `PodTreeFailure` becomes the `HTTPSourceError` that names the archive.
    func write(into destination: String, archiveBytes: Int64, _ body: (PodTreeWriter) throws -> Void) throws {
        do {
            let writer = try PodTreeWriter(root: destination, limits: limits, archiveBytes: archiveBytes)
            try body(writer)
            try writer.finish()
        } catch {
            try? FolderWalk.empty(destination)
            throw (error as? PodTreeFailure).map(failure) ?? error
        }
    }

    // MARK: tar

    func extractTar(_ archive: String, into writer: PodTreeWriter) throws {
        guard let compression = Compression.sniff(archive) else {
            throw failed(Message("pods.http.not-an-archive", ["url": shownURL, "type": "tar"]))
        }
        var listing = TarListing()
        listing.onMember = { entry, mode in try writer.add(entry, mode: mode) }
        listing.onData = { try writer.write($0) }
        do {
            if compression == .plain {
                guard let h = FileHandle(forReadingAtPath: archive) else {
                    throw failed(reason: "cannot read the archive")
                }
                defer { try? h.close() }
                while let chunk = try h.read(upToCount: 1 << 16), !chunk.isEmpty {
                    if cancellation.isCancelled { throw InterruptedError() }
                    try listing.feed(chunk)
                }
            } else {
                let tool = try self.tool(compression.rawValue)
                let outcome = try ChildProcess.run(
                    tool, ["-dc", archive], environment: childEnvironment,
                    cancellation: cancellation, output: .capture { try listing.feed($0) })
                guard outcome.status == 0 else {
                    throw failed(reason: Self.firstLine(outcome.stderr))
                }
            }
            try listing.finish()
        } catch let e as TarListing.Failure {
            let reason: String
            switch e {
            case .badChecksum(let offset): reason = "not a tar archive (bad header at byte \(offset))"
            case .unsupported(let what): reason = "\(what) is not supported"
            case .truncated: reason = "the archive is truncated"
            case .malformed(let what): reason = "a malformed tar header: \(what)"
            }
            throw failed(reason: reason)
        }
    }

    // MARK: zip

    func extractZip(_ archive: String, into writer: PodTreeWriter) throws {
        let zip = try openZip(archive)
        let directory: ZipDirectory
        do { directory = try ZipDirectory.read(archive, limits: limits) } catch let e as ZipDirectory.Failure {
            switch e {
            case .limit(let bound): throw PodTreeFailure.limit(bound, limit: limits.value(of: bound))
            case .unreadable(let why): throw failed(reason: "the zip's central directory cannot be read: \(why)")
            case .declared(let why): throw failed(reason: why)
            }
        }
        var listed = 0
        for entry in zip {
            listed += 1
            if cancellation.isCancelled { throw InterruptedError() }
            let mode = (entry.fileAttributes[.posixPermissions] as? NSNumber)?.uint32Value ?? 0o644
            do {
                switch entry.type {
                case .directory: try writer.add(ArchiveEntry(path: entry.path, kind: .directory), mode: mode)
                case .symlink:
                    var target = Data()
                    _ = try zip.extract(entry, skipCRC32: true) { target.append($0) }
                    let link = String(decoding: target, as: UTF8.self)
                    try writer.add(ArchiveEntry(path: entry.path, kind: .symlink, linkTarget: link), mode: mode)
                case .file:
                    // The DOS time in the local time zone, as unzip reads it when no extended timestamp is given.
                    let modified = entry.fileAttributes[.modificationDate] as? Date
                    try writer.add(ArchiveEntry(path: entry.path, kind: .file, modified: modified), mode: mode)
                    let crc = try zip.extract(entry) { data in try data.withUnsafeBytes { try writer.write($0) } }
                    if crc != entry.checksum { throw failed(reason: "\(entry.path): CRC mismatch") }
                }
            } catch let e as HTTPSourceError {
                throw e
            } catch let e as PodTreeFailure {
                throw e
            } catch {
                throw failed(reason: "\(Redaction.redactText(entry.path)): \(error)")
            }
        }
        // ZIPFoundation ends its listing quietly where a record cannot be read: an archive is never half-listed.
        guard listed == directory.count else {
            throw failed(
                reason: "the zip's central directory cannot be read: \(listed) of \(directory.count) entries listed")
        }
    }

    func openZip(_ archive: String) throws -> Archive {
        do {
            return try Archive(url: URL(fileURLWithPath: archive), accessMode: .read)
        } catch {
            throw failed(Message("pods.http.not-an-archive", ["url": shownURL, "type": "zip"]))
        }
    }

    /// The error a refused member, a broken bound or a failed write becomes.
    func failure(_ f: PodTreeFailure) -> HTTPSourceError {
        switch f {
        case .unsafe(let entry, let problem): unsafe(entry, problem)
        case .limit(let bound, _): HTTPSourceError.limit(bound, of: limits, url: shownURL)
        case .io(let path, let code):
            HTTPSourceError(
                .fileSystem,
                Message(
                    "pods.http.write-failed", ["url": shownURL, "path": TerminalText.escaped(path)],
                    parts: ["reason": SystemReason.message(errno: code)]))
        }
    }

    // MARK: helpers

    var childEnvironment: [String: String] {
        var env = environment
        env["LC_ALL"] = "C"
        return env
    }

    func tool(_ name: String) throws -> String {
        guard let path = ChildProcess.find(name, path: searchPath) else {
            throw HTTPSourceError(
                .toolMissing, Message("pods.http.tool-missing", ["tool": name, "url": shownURL]),
                remedy: Message("pods.http.tool-missing.remedy", ["tool": name]))
        }
        return path
    }

    func failed(_ message: Message) -> HTTPSourceError { HTTPSourceError(.extraction, message) }

    /// Member names in `reason` (and a tool's words about them) are printed with their control bytes escaped.
    func failed(reason: String) -> HTTPSourceError {
        failed(Message("pods.http.extract-failed", ["url": shownURL, "reason": TerminalText.escaped(reason)]))
    }

    func unsafe(_ entry: String, _ problem: ArchiveSafety.Problem) -> HTTPSourceError {
        HTTPSourceError(
            .unsafeArchive,
            Message(
                problem.messageKey,
                ["url": shownURL, "entry": TerminalText.escaped(Redaction.redactText(entry))]))
    }

    static func firstLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.isEmpty ? "the tool failed without a message" : Redaction.redactText(line)
    }
}
