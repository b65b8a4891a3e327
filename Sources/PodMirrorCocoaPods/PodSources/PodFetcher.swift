import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// One pod's transfer: its podspec first when only its URL is known (a trunk CDN podspec not stored yet, a
/// `:podspec` URL), then its source, git through libgit2 or an `:http` archive, into a folder of its own. Every
/// URL goes through the source mirrors; nothing is placed in the cache here (`PodPublisher` does that).
struct PodFetcher: Sendable {
    var request: PodsFetchRequest
    /// Reads the downloaded podspecs as planning reads local ones.
    var planner: PodsFetchPlanner

    /// Fetches `source` into `content` (which must not exist), using `staging` for scratch files; `result` gets
    /// the bytes received and, for git, the commit checked out. `bytes` hears the bytes received so far.
    func transfer(
        _ source: PodSourceLocation, into content: String, staging dir: String, result: inout PodFetchResult,
        cancellation: CancellationToken, bytes: @escaping @Sendable (Int64) -> Void
    ) throws {
        let fs = request.environment.fileSystem
        switch source {
        case .git(let url, let tag, let commit, let branch, let submodules):
            let revision: GitSourceFetcher.Revision =
                tag.map { .tag($0) } ?? commit.map { .commit($0) }
                ?? branch.map { .branch($0) } ?? .head
            let options = TransferOptions(
                network: request.network, progress: ByteProgress(report: bytes), cancellation: cancellation)
            let got = try GitSourceFetcher.fetch(
                url: url, revision: revision, submodules: submodules, into: content, options: options)
            try PodTree(content).verifyCheckout(of: url)
            result.commit = got.commit
            result.bytes = got.bytes
        case .http(var http):
            let declared = http.url
            http.url = request.mirrors.rewrite(declared)
            if http.url != declared { http.declaredURL = declared }
            try fs.createDirectory(content)
            let scratch = dir + "/scratch"
            try fs.createDirectory(scratch)
            let options = DownloadOptions(
                network: request.network, cancellation: cancellation, environment: request.environment.variables,
                progress: bytes)
            result.bytes = try HTTPSourceDownloader.fetch(
                http, into: content, scratch: scratch, options: options, limits: request.archiveLimits)
            try? fs.removeItem(scratch)
        }
    }

    /// Downloads `remote` and completes `job` with what it says: a CDN podspec is checked against
    /// `SPEC CHECKSUMS` and stored in its repo before it is used; a `:podspec` URL gives the slug too.
    func resolve(
        _ remote: RemotePodspec, job: inout PodJob, result: inout PodFetchResult, scratch: String,
        _ cancellation: CancellationToken
    ) throws -> Result<Void, SkipReason> {
        let options = DownloadOptions(
            network: request.network, cancellation: cancellation, environment: request.environment.variables)
        let shown = Redaction.redactURL(remote.url)
        let got: (bytes: [UInt8], etag: String?)
        do { got = try remote.download(options: options, scratch: scratch) } catch let e as HTTPSourceError
            where e.kind == .httpStatus && e.status == 404
        {
            if case .cdn(let repo, _, _) = remote.kind {
                throw PodMirrorFailure(
                    Message("pods.cdn.not-found", ["pod": result.name, "version": result.version, "url": shown]),
                    remedy: Message("pods.cdn.not-found.remedy", ["repo": repo]), code: .podsCDNNotFound)
            }
            throw e
        }
        switch remote.kind {
        case .cdn(let repo, let localPath, let sha1):
            let actual = Digest.hex(.sha1, got.bytes)
            guard actual == sha1 else {
                throw PodMirrorFailure(
                    Message(
                        "pods.cdn.checksum",
                        ["pod": result.name, "url": shown, "repo": repo, "lock": sha1, "actual": actual]),
                    remedy: Message("pods.cdn.checksum.remedy"), code: .podsCDNChecksum)
            }
            try RemotePodspec.storeCDN(
                got.bytes, etag: got.etag, at: localPath, fileSystem: request.environment.fileSystem)
            let spec = try PodSpecSource.json(got.bytes, path: shown)
            switch planner.locate(spec, result: &result) {
            case .failure(let why): return .failure(why)
            case .success(let source):
                job.source = source
                job.spec = got.bytes
                return .success(())
            }
        case .podspecURL(let isJSON):
            switch try planner.readPodspec(
                name: result.name, version: result.version, bytes: got.bytes, isJSON: isJSON, label: shown,
                checksum: job.specChecksum ?? "", result: &result)
            {
            case .failure(let why): return .failure(why)
            case .success(let (source, slug, spec)):
                job.source = source
                job.slug = slug
                job.spec = spec
                result.cachePath = planner.cache.entryPath(slug)
                return .success(())
            }
        }
    }
}
