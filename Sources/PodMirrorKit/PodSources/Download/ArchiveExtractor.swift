import Foundation
import ZIPFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Extracts a downloaded pod archive as cocoapods-downloader does — tar kinds with `tar xf` (run by
/// argv), zip with ZIPFoundation where CocoaPods runs `unzip` — after listing every member and refusing
/// the archive when one would land outside the destination; after extraction every symlink is resolved
/// again on disk, so a chain of links that only points out once extracted is refused too.
struct ArchiveExtractor {
    /// The source URL, redacted, for messages.
    var shownURL: String
    var cancellation: CancellationToken
    /// The environment the tools run in; its `$PATH` finds `tar`, `gzip`, `bzip2` and `xz`.
    var environment: [String: String]

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

    /// Lists `archive`, refuses unsafe members, extracts into `destination` (an existing empty folder)
    /// and checks the result. On failure `destination` is left empty.
    func extract(_ archive: String, type: ArchiveType, into destination: String) throws {
        do {
            let entries = type == .zip ? try listZip(archive) : try listTar(archive)
            if let (entry, problem) = ArchiveSafety.firstProblem(in: entries) { throw unsafe(entry.path, problem) }
            if type == .zip {
                try extractZip(archive, into: destination)
            } else {
                try extractTar(archive, into: destination)
            }
            try checkLinks(under: destination)
        } catch {
            FileTree.emptyFolder(destination)
            throw error
        }
    }

    // MARK: tar

    func listTar(_ archive: String) throws -> [ArchiveEntry] {
        guard let compression = Compression.sniff(archive) else {
            throw failed(Message("pods.http.not-an-archive", ["url": shownURL, "type": "tar"]))
        }
        var listing = TarListing()
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
            }
            throw failed(reason: reason)
        }
        return listing.entries
    }

    func extractTar(_ archive: String, into destination: String) throws {
        let tar = try tool("tar")
        // --no-same-owner/--no-same-permissions: what `tar xf` does for a normal user, also when run as root.
        let arguments = ["-x", "-f", archive, "-C", destination, "--no-same-owner", "--no-same-permissions"]
        let outcome = try ChildProcess.run(
            tar, arguments, environment: childEnvironment, cancellation: cancellation, output: .capture { _ in })
        guard outcome.status == 0 else {
            throw failed(reason: Self.firstLine(outcome.stderr))
        }
    }

    // MARK: zip

    func listZip(_ archive: String) throws -> [ArchiveEntry] {
        let zip = try openZip(archive)
        var out: [ArchiveEntry] = []
        for entry in zip {
            switch entry.type {
            case .file: out.append(ArchiveEntry(path: entry.path, kind: .file))
            case .directory: out.append(ArchiveEntry(path: entry.path, kind: .directory))
            case .symlink:
                var target = Data()
                do {
                    _ = try zip.extract(entry, skipCRC32: true) { target.append($0) }
                } catch {
                    throw failed(reason: "\(entry.path): \(error)")
                }
                let link = String(decoding: target, as: UTF8.self)
                out.append(ArchiveEntry(path: entry.path, kind: .symlink, linkTarget: link))
            }
        }
        return out
    }

    func extractZip(_ archive: String, into destination: String) throws {
        let zip = try openZip(archive)
        let root = URL(fileURLWithPath: destination, isDirectory: true)
        for entry in zip {
            if cancellation.isCancelled { throw InterruptedError() }
            do {
                // The members were checked against the destination root above; ZIPFoundation's own check
                // refuses any link that leaves the link's folder (`Headers -> ../Shared/Headers`), which unzip allows.
                let target = root.appendingPathComponent(entry.path)
                let crc = try zip.extract(entry, to: target, allowUncontainedSymlinks: true)
                if entry.type == .file && crc != entry.checksum {
                    throw failed(reason: "\(entry.path): CRC mismatch")
                }
            } catch let e as HTTPSourceError {
                throw e
            } catch {
                throw failed(reason: "\(entry.path): \(error)")
            }
        }
    }

    func openZip(_ archive: String) throws -> Archive {
        do {
            return try Archive(url: URL(fileURLWithPath: archive), accessMode: .read)
        } catch {
            throw failed(Message("pods.http.not-an-archive", ["url": shownURL, "type": "zip"]))
        }
    }

    // MARK: checks

    /// Every symlink under `root` must resolve, on disk, to a path inside `root`.
    func checkLinks(under root: String) throws {
        guard let realRoot = FileTree.resolve(root) else { return }
        for (path, isLink) in FileTree.walk(root) where isLink {
            guard let target = FileTree.resolve(path), target == realRoot || target.hasPrefix(realRoot + "/") else {
                let relative = String(path.dropFirst(root.count + 1))
                throw unsafe(relative, .linkOutside)
            }
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

    func failed(reason: String) -> HTTPSourceError {
        failed(Message("pods.http.extract-failed", ["url": shownURL, "reason": reason]))
    }

    func unsafe(_ entry: String, _ problem: ArchiveSafety.Problem) -> HTTPSourceError {
        HTTPSourceError(
            .unsafeArchive,
            Message(
                problem.messageKey,
                ["url": shownURL, "entry": Redaction.redactText(entry)]))
    }

    static func firstLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.isEmpty ? "the tool failed without a message" : Redaction.redactText(line)
    }
}

/// Small file-tree operations on real paths (no following of links unless stated).
enum FileTree {
    /// Every path below `root` (not `root` itself), with whether it is a symlink; links are not followed.
    static func walk(_ root: String) -> [(String, Bool)] {
        var out: [(String, Bool)] = []
        var pending = [root]
        while let dir = pending.popLast() {
            guard let names = try? LocalFileSystem().contentsOfDirectory(dir) else { continue }
            for name in names {
                let path = dir + "/" + name
                var st = stat()
                guard lstat(path, &st) == 0 else { continue }
                let mode = st.st_mode & S_IFMT
                out.append((path, mode == S_IFLNK))
                if mode == S_IFDIR { pending.append(path) }
            }
        }
        return out
    }

    /// `path` with every symlink on the way resolved (dangling ones by name), absolute and normalised;
    /// nil after 40 links (a loop).
    static func resolve(_ path: String) -> String? {
        var resolved: [String] = []
        var queue = path.split(separator: "/").map(String.init)
        var hops = 0
        while !queue.isEmpty {
            let c = queue.removeFirst()
            if c.isEmpty || c == "." { continue }
            if c == ".." {
                if !resolved.isEmpty { resolved.removeLast() }
                continue
            }
            let candidate = "/" + (resolved + [c]).joined(separator: "/")
            var st = stat()
            if lstat(candidate, &st) == 0, st.st_mode & S_IFMT == S_IFLNK {
                hops += 1
                guard hops <= 40,
                    let target = try? LocalFileSystem().destinationOfSymbolicLink(candidate)
                else {
                    return nil
                }
                if target.hasPrefix("/") { resolved = [] }
                queue = target.split(separator: "/").map(String.init) + queue
            } else {
                resolved.append(c)
            }
        }
        return "/" + resolved.joined(separator: "/")
    }

    /// Removes everything inside `folder`, keeping the folder; folders without write permission are
    /// opened up first.
    static func emptyFolder(_ folder: String) {
        guard let names = try? LocalFileSystem().contentsOfDirectory(folder) else { return }
        for name in names { remove(folder + "/" + name) }
    }

    /// Removes `path` and everything below it, whatever the folders' permissions.
    static func remove(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFDIR {
            chmod(path, 0o700)
            emptyFolder(path)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
