internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// A fetch one commit deep over git's smart HTTP (protocol v0, stateless), for libgit2 versions that cannot
/// fetch shallow (1.5 and 1.6): what `git clone --depth 1` and `git fetch --depth 1` ask a server, with the
/// pack fed to libgit2's indexer as it arrives and `.git/shallow` written as git writes it.
///
/// A whole Specs repo's history is about 2 million objects, and libgit2 1.5's indexer keeps about 150 bytes
/// for each; one commit of it is under half of them. Used for trunk and for pods' git sources; nil (not
/// applicable) for a URL that is not http(s) or a server that is not smart or cannot deepen.
enum GitHTTPShallowFetch {
    /// What the server's `info/refs` advertises.
    struct Advertisement {
        var refs: [(name: String, oid: String)] = []
        var capabilities: Set<String> = []
        /// Where `git-upload-pack` is POSTed: the repository URL that answered, after redirects.
        var base: String

        /// The branch HEAD names (`symref=HEAD:refs/heads/…`, or the branch at HEAD's commit) and its commit.
        var defaultBranch: (name: String, oid: String)? {
            let symref = capabilities.first { $0.hasPrefix("symref=HEAD:") }.map { String($0.dropFirst(12)) }
            if let symref, let oid = oid(of: symref) { return (symref, oid) }
            guard let head = oid(of: "HEAD") else { return nil }
            let branches = refs.filter { $0.name.hasPrefix("refs/heads/") && $0.oid == head }
            let named = branches.first { $0.name == "refs/heads/master" || $0.name == "refs/heads/main" }
            return (named ?? branches.first).map { ($0.name, $0.oid) }
        }

        func oid(of name: String) -> String? { refs.first { $0.name == name }?.oid }

        /// Sideband, shallow: what the fetch needs of the server.
        var canFetchShallow: Bool {
            capabilities.contains("shallow")
                && (capabilities.contains("side-band-64k") || capabilities.contains("side-band"))
        }
    }

    /// What the server said of the repository's new boundary.
    struct ShallowUpdate: Equatable {
        var shallow: [String] = []
        var unshallow: [String] = []
        /// Bytes of the server's answer.
        var bytes: Int64 = 0
    }

    static let zeroID = String(repeating: "0", count: 40)

    /// True for the URLs this fetch speaks to.
    static func isHTTP(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The refs `connect` advertises; nil when it is not a smart HTTP server that can fetch shallow.
    static func advertisement(
        _ connect: String, operation: String, subject: String, network: NetworkSettings,
        cancellation: CancellationToken
    ) throws -> Advertisement? {
        if Trace.isEnabled {
            let proxy = network.proxy.choice(for: connect).displayURL
            Trace.emit(.gitTransfer(operation: operation, url: Redaction.redactURL(connect), proxy: proxy))
        }
        var base = connect
        while base.hasSuffix("/") { base.removeLast() }
        let query = "/info/refs?service=git-upload-pack"
        var body: [UInt8] = []
        let limit = HTTPGet.defaultMaxBodyBytes
        let stream = HTTPStream(
            url: base + query, headers: ["Pragma: no-cache"], followRedirects: true, network: network,
            cancellation: cancellation)
        let answer = try transfer(operation: operation, subject: subject, network: network) {
            try stream.perform { bytes in
                guard Int64(body.count + bytes.count) <= limit else {
                    throw GitError(
                        .transport, operation: operation, subject: subject,
                        cause: Message("git.cause.too-large", ["size": String(body.count), "limit": String(limit)]))
                }
                body.append(contentsOf: bytes)
            }
        }
        guard answer.contentType?.lowercased().hasPrefix("application/x-git-upload-pack-advertisement") == true
        else { return nil }
        if let effective = answer.effectiveURL, effective.hasSuffix(query) {
            base = String(effective.dropLast(query.count))
        }
        var ad = Advertisement(base: base)
        var packets: [GitPktLine.Packet] = []
        var reader = GitPktLine.Reader()
        do {
            try body.withUnsafeBytes { try reader.feed($0) { packets.append($0) } }
        } catch {
            throw protocolError(operation, subject, "bad pkt-line")
        }
        // "# service=git-upload-pack", a flush, then one ref a line (capabilities after a NUL on the first).
        guard case .data(let first) = packets.first, GitPktLine.text(first) == "# service=git-upload-pack" else {
            throw protocolError(operation, subject, "no service line")
        }
        for packet in packets.dropFirst() {
            guard case .data(var line) = packet else { continue }
            if let nul = line.firstIndex(of: 0) {
                let caps = GitPktLine.text(Array(line[(nul + 1)...]))
                ad.capabilities = Set(caps.split(separator: " ").map(String.init))
                line = Array(line[..<nul])
            }
            let text = GitPktLine.text(line)
            let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, isObjectID(parts[0]) else { throw protocolError(operation, subject, text) }
            if parts[0] == zeroID || parts[1].hasSuffix("^{}") { continue }
            ad.refs.append((parts[1], parts[0]))
        }
        return ad.canFetchShallow ? ad : nil
    }

    /// Fetches `wants` one commit deep into `repo`'s object database: `haves` are commits it has, `shallow`
    /// its boundary (`.git/shallow`). Returns the boundary's change as the server states it.
    static func fetch(
        into repo: GitRepository, from ad: Advertisement, wants: [String], haves: [String], shallow: [String],
        operation: String, subject: String, session: TransferSession
    ) throws -> ShallowUpdate {
        let network = session.options.network
        var request: [UInt8] = []
        var caps = ["thin-pack", "ofs-delta", "side-band-64k", "side-band", "no-progress"].filter {
            ad.capabilities.contains($0)
        }
        if caps.contains("side-band-64k") { caps.removeAll { $0 == "side-band" } }
        caps += ["shallow", "agent=podmirror/\(PodMirrorVersion.string)"]
        for (i, want) in wants.enumerated() {
            request += GitPktLine.encode("want \(want)" + (i == 0 ? " " + caps.joined(separator: " ") : "") + "\n")
        }
        for id in shallow { request += GitPktLine.encode("shallow \(id)\n") }
        request += GitPktLine.encode("deepen 1\n")
        request += GitPktLine.flush
        for id in haves { request += GitPktLine.encode("have \(id)\n") }
        request += GitPktLine.encode("done\n")

        let indexer = try GitPackIndexer(
            into: repo.gitDirectory + "/objects/pack", subject: subject, options: session.options,
            completingFrom: repo
        ) { session.transferProgress($0) }
        var response = UploadPackResponse(operation: operation, subject: subject)
        let stream = HTTPStream(
            url: ad.base + "/git-upload-pack", body: request,
            headers: [
                "Content-Type: application/x-git-upload-pack-request",
                "Accept: application/x-git-upload-pack-result", "Expect:",
            ],
            network: network, cancellation: session.options.cancellation)
        var received: Int64 = 0
        _ = try transfer(operation: operation, subject: subject, network: network) {
            try stream.perform { bytes in
                received += Int64(bytes.count)
                try response.feed(bytes, into: indexer)
            }
        }
        guard response.ended else { throw protocolError(operation, subject, "the pack ended early") }
        _ = try indexer.commit()
        var update = response.update
        update.bytes = received
        return update
    }

    /// The upload-pack answer to a deepening request, read as it comes: the new boundary (`shallow`/`unshallow`
    /// lines, a flush), the acknowledgements (`ACK`/`NAK`), then the pack in sideband 1, the server's progress
    /// in 2 and its error in 3, until a flush.
    struct UploadPackResponse {
        let operation: String
        let subject: String
        var update = ShallowUpdate()
        private var reader = GitPktLine.Reader()
        private var stage = Stage.shallowInfo
        private(set) var ended = false

        private enum Stage { case shallowInfo, acknowledgements, pack }
        /// The most boundary lines taken from a server (one a wanted branch is a real one's count).
        static let maxBoundary = 10_000

        init(operation: String, subject: String) {
            self.operation = operation
            self.subject = subject
        }

        mutating func feed(_ bytes: UnsafeRawBufferPointer, into indexer: GitPackIndexer) throws {
            do {
                var packets: [GitPktLine.Packet] = []
                try reader.feed(bytes) { packets.append($0) }
                for packet in packets { try handle(packet, indexer) }
            } catch is GitPktLine.Reader.Failure {
                throw protocolError(operation, subject, "bad pkt-line")
            }
        }

        private mutating func handle(_ packet: GitPktLine.Packet, _ indexer: GitPackIndexer) throws {
            guard !ended else { throw protocolError(operation, subject, "data after the end") }
            switch (stage, packet) {
            case (.shallowInfo, .flush): stage = .acknowledgements
            case (.shallowInfo, .data(let line)):
                let text = GitPktLine.text(line)
                if text.hasPrefix("ERR ") { throw serverError(String(text.dropFirst(4))) }
                let parts = text.split(separator: " ").map(String.init)
                guard parts.count == 2, isObjectID(parts[1]) else { throw protocolError(operation, subject, text) }
                guard update.shallow.count + update.unshallow.count < Self.maxBoundary else {
                    throw protocolError(operation, subject, "more than \(Self.maxBoundary) shallow lines")
                }
                switch parts[0] {
                case "shallow": update.shallow.append(parts[1])
                case "unshallow": update.unshallow.append(parts[1])
                default: throw protocolError(operation, subject, text)
                }
            case (.acknowledgements, .data(let line)) where line.first.map({ $0 > 3 }) ?? true:
                let text = GitPktLine.text(line)
                if text.hasPrefix("ERR ") { throw serverError(String(text.dropFirst(4))) }
                guard text == "NAK" || text.hasPrefix("ACK ") else { throw protocolError(operation, subject, text) }
            case (.acknowledgements, .data), (.pack, .data):
                stage = .pack
                guard case .data(let line) = packet, let band = line.first else { return }
                switch band {
                case 1:
                    try line.withUnsafeBytes { try indexer.append(UnsafeRawBufferPointer(rebasing: $0.dropFirst())) }
                case 2: break
                default: throw serverError(GitPktLine.text(Array(line.dropFirst())))
                }
            case (.pack, .flush): ended = true
            case (.acknowledgements, .flush): throw protocolError(operation, subject, "no pack")
            }
        }

        private func serverError(_ said: String) -> GitError {
            GitError(
                .transport, operation: operation, subject: subject,
                cause: Message("git.cause.server-said", ["said": said]))
        }
    }

    static func isObjectID(_ s: String) -> Bool {
        s.utf8.count == 40 && s.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func protocolError(_ operation: String, _ subject: String, _ what: String) -> GitError {
        GitError(
            .transport, operation: operation, subject: subject,
            cause: Message("git.cause.protocol", ["detail": String(what.prefix(200))]))
    }

    /// Runs one request, its failures said as a git transfer's (`GitError`, `InterruptedError`).
    private static func transfer<R>(
        operation: String, subject: String, network: NetworkSettings, _ body: () throws -> R
    ) throws -> R {
        do {
            return try body()
        } catch let error as HTTPStream.Failure {
            switch error {
            case .cancelled: throw InterruptedError()
            case .receiver(let thrown): throw thrown
            case .stalled: throw GitError.stalled(operation: operation, subject: subject, network: network)
            case .tooSlow: throw GitError.tooSlow(operation: operation, subject: subject, network: network)
            case .httpStatus(let status):
                throw GitError(
                    .transport, operation: operation, subject: subject,
                    cause: Message("network.cause.http-status", ["status": String(status)]))
            case .transport(let reason):
                throw GitError(.transport, operation: operation, subject: subject, cause: reason)
            }
        }
    }
}
