import Foundation

/// What `pods fetch` is asked to do.
public struct PodsFetchRequest: Sendable {
    public var lockfilePath: String
    /// Only these root pods (empty: all).
    public var only: [String]
    public var jobs: Int
    /// `--cocoapods-version`.
    public var cocoapodsVersion: String?
    public var stallTimeout: TimeInterval
    public var lockTimeout: TimeInterval
    public var environment: RuntimeEnvironment
    public var mirrors: SourceMirrorRules
    /// The slowest a download or clone may go (`NetworkSettings.minimumRate`).
    public var minimumRate = MinimumRate.default
    /// The bounds every `:http` archive must stay within.
    public var archiveLimits: ArchiveLimits

    public init(
        lockfilePath: String, only: [String] = [], jobs: Int = 8, cocoapodsVersion: String? = nil,
        stallTimeout: TimeInterval = TransferOptions.defaultStallTimeout, lockTimeout: TimeInterval = 60,
        environment: RuntimeEnvironment, mirrors: SourceMirrorRules, archiveLimits: ArchiveLimits = .default
    ) {
        self.archiveLimits = archiveLimits
        self.lockfilePath = lockfilePath
        self.only = only
        self.jobs = jobs
        self.cocoapodsVersion = cocoapodsVersion
        self.stallTimeout = stallTimeout
        self.lockTimeout = lockTimeout
        self.environment = environment
        self.mirrors = mirrors
    }
}

/// A live view of a running fetch, for progress display.
public struct PodsFetchProgress: Sendable {
    public var done: Int
    public var total: Int
    public var bytes: Int64
    /// Set when a pod just finished.
    public var finished: PodFetchResult?
}

/// One pod's work: where it comes from, its cache slug and spec file, or why nothing is to be done.
struct PodJob: Sendable {
    var result: PodFetchResult
    var source: PodSourceLocation?
    var slug: String?
    /// Release pods: the spec file's bytes (known before download). External pods read it from the content.
    var spec: [UInt8]?
    /// True when `result` is already final (skipped or failed while planning).
    var settled: Bool
    /// A podspec to download first (a CDN podspec not stored locally, a `:podspec` URL); `source`, and for
    /// `:podspec` pods `slug` and `spec`, are known only after it.
    var remote: RemotePodspec? = nil
    /// `:podspec` pods: their `SPEC CHECKSUMS` entry, which names the cache entry. External pods: the same
    /// entry, the SHA1 of the spec CocoaPods stored, against which the spec written to the cache is checked.
    var specChecksum: String? = nil
}

extension PodJob {
    /// A job settled while planning: the pod is left to CocoaPods for `reason`.
    static func skipped(_ start: PodFetchResult, _ reason: SkipReason) -> PodJob {
        var result = start
        result.status = .skipped
        result.reason = reason.message.english
        result.reasonText = reason.message
        return PodJob(result: result, source: nil, slug: nil, spec: nil, settled: true)
    }

    /// A job settled while planning: the pod failed with `error`.
    static func failed(_ start: PodFetchResult, _ error: any Error) -> PodJob {
        var result = start
        PodsFetcher.fill(&result, error: error)
        return PodJob(result: result, source: nil, slug: nil, spec: nil, settled: true)
    }
}

/// Reads Podfile.lock, finds every pod's source, and fills CocoaPods' download cache in parallel.
public struct PodsFetcher: Sendable {
    public var request: PodsFetchRequest
    public let cache: DownloadCache

    public init(request: PodsFetchRequest) {
        self.request = request
        cache = DownloadCache(environment: request.environment, lockTimeout: request.lockTimeout)
    }

    /// Runs the fetch (`.apply`) or reports what is missing (`.dryRun`, `.check`: nothing written).
    public func run(
        mode: RunMode, cancellation: CancellationToken,
        progress: (@Sendable (PodsFetchProgress) -> Void)? = nil
    ) throws -> PodsFetchReport {
        let lock = try PodfileLock.read(path: request.lockfilePath, fileSystem: request.environment.fileSystem)
        let unknown = request.only.filter { n in !lock.pods.contains { $0.name == n } }
        if !unknown.isEmpty {
            throw PodMirrorFailure(
                Message(
                    "pods.only.unknown",
                    [
                        "names": unknown.joined(separator: ", "),
                        "path": request.lockfilePath,
                    ]),
                code: .podsOnlyUnknown)
        }
        var warnings: [Diagnostic] = []
        let tools = ToolVersion(environment: request.environment)
        guard
            let (version, source) = cache.chooseVersion(
                flag: request.cocoapodsVersion,
                podVersion: { tools.locate("pod").flatMap { tools.version(of: $0) } },
                lockfile: lock.cocoapodsVersion)
        else {
            throw PodMirrorFailure(
                Message("pods.version.unknown"), remedy: Message("pods.version.unknown.remedy"),
                code: .podsVersionUnknown)
        }
        let action = cache.versionAction(version)
        if source != .flag {
            // Only an applied run writes VERSION; a VERSION that already says it is only named.
            let key =
                action == .none
                ? "pods.version.kept" : mode == .apply ? "pods.version.chosen" : "pods.version.would-write"
            warnings.append(
                Diagnostic(
                    .warning, code: .podsVersionSource,
                    Message(key, ["version": version, "source": source.rawValue])))
        }
        if action == .wipe {
            warnings.append(
                Diagnostic(
                    .warning, code: .podsVersionWipe,
                    Message(
                        "pods.version.wipe",
                        [
                            "old": cache.currentVersion ?? "",
                            "new": version, "path": cache.path,
                        ])))
        }
        let jobs = plan(lock, sources: podfileSources())
        var report = PodsFetchReport(
            lockfile: request.lockfilePath, cachePath: cache.path, cocoapodsVersion: version,
            versionSource: source, versionAction: action, pods: [], warnings: warnings,
            mode: mode, interrupted: false)
        if mode != .apply {
            report.pods = jobs.map { job in
                var r = job.result
                if !job.settled { r.status = job.slug.map { cache.isCached($0) ? .cached : .missing } ?? .missing }
                return r
            }
            return report
        }
        try cache.ensureVersion(version)
        cache.sweepStaging(keepingOwn: true)
        report.pods = execute(jobs, cancellation: cancellation, progress: progress)
        cache.sweepStaging(keepingOwn: false)
        report.interrupted = cancellation.isCancelled
        return report
    }

    // MARK: Planning

    /// The `source` URLs of the Podfile beside Podfile.lock, in order (empty: it names none); nil without a
    /// Podfile, or one podmirror cannot read (the YAML form), where the lock's `SPEC REPOS` repo is asked first.
    /// Released pods' podspecs are looked up in these, as CocoaPods resolves them.
    func podfileSources() -> [String]? {
        let fs = request.environment.fileSystem
        let folder = (request.environment.expandPath(request.lockfilePath) as NSString).deletingLastPathComponent
        guard let path = PodfileDocument.locate(in: folder, fs: fs) else { return nil }
        return try? PodfileDocument.load(path: path, fs: fs).model.sourceURLs
    }

    /// One job per root pod of the lockfile (filtered by `only`), in the lockfile's order; `sources` as
    /// `podfileSources()` gives them.
    func plan(_ lock: PodfileLock, sources: [String]?) -> [PodJob] {
        let lookup = SpecLookup(repos: ReposDirectory(environment: request.environment))
        return lock.pods.filter { request.only.isEmpty || request.only.contains($0.name) }.map { pod in
            planOne(pod, lock: lock, sources: sources, lookup: lookup)
        }
    }

    func planOne(_ pod: PodfileLock.Pod, lock: PodfileLock, sources: [String]?, lookup: SpecLookup) -> PodJob {
        var result = PodFetchResult(
            name: pod.name, version: pod.version, kind: .other, origin: .release, url: nil,
            status: .skipped, reason: nil, error: nil, errorCode: nil, bytes: 0, seconds: 0,
            cachePath: nil, commit: nil, podspec: nil, specRepo: nil, reasonText: nil, errorText: nil, exitStatus: nil)
        func skip(_ reason: SkipReason) -> PodJob { .skipped(result, reason) }
        func fail(_ error: any Error) -> PodJob { .failed(result, error) }
        if let external = lock.externalSources[pod.name] {
            result.origin = .external
            if external["path"] != nil { result.kind = .path; return skip(.localPath) }
            if let declared = external["podspec"] {
                result.kind = .podspec
                return planPodspec(pod, declared: declared, lock: lock, result: result)
            }
            guard let params = lock.checkoutOptions[pod.name] else { return skip(.noSource) }
            switch PodSourceLocation.from(params: params) {
            case .failure(let why): return skip(why)
            case .success(let location):
                result.kind = location.kind
                result.url = Redaction.redactURL(request.mirrors.rewrite(location.url))
                let slug = DownloadCache.externalSlug(name: pod.name, params: params)
                result.cachePath = cache.entryPath(slug)
                let checksum = lock.specChecksums[pod.name]?.lowercased()
                var spec: [UInt8]?
                // The spec CocoaPods stored for this pod is the one it writes into the cache entry.
                if let checksum, let stored = localPodspec(pod.name, lock: lock, checksum: checksum) {
                    if (try? PodSpecSource.json(stored, path: ""))?.hasPrepareCommand == true {
                        return skip(.prepareCommand)
                    }
                    spec = stored
                } else if let why = left.reason(slug: slug, checksum: checksum) {
                    // An earlier run downloaded it and found it is CocoaPods' to fetch.
                    return skip(why)
                }
                return PodJob(
                    result: result, source: location, slug: slug, spec: spec, settled: false,
                    specChecksum: checksum)
            }
        }
        guard let repoKey = lock.specRepo(of: pod.name) else {
            return fail(
                PodMirrorFailure(
                    Message("pods.spec.no-spec-repo", ["pod": pod.name, "path": lock.path]),
                    code: .podsSpecNoSpecRepo))
        }
        let found: FoundSpec
        do {
            switch try lookup.resolve(
                name: pod.name, version: pod.version, sources: sources, lockSource: repoKey,
                checksum: lock.specChecksums[pod.name])
            {
            case .skipped(let why): return skip(why)
            case .found(let f): found = f
            case .remote(let cdn):
                // Verified against SPEC CHECKSUMS once downloaded, so the lock's value names the entry.
                guard let sum = lock.specChecksums[pod.name]?.lowercased() else {
                    return skip(.cdnSpecMissing(cdn.localPath))
                }
                let url = request.mirrors.rewrite(cdn.url)
                result.podspec = Redaction.redactURL(url)
                result.specRepo = cdn.repoName
                let slug = DownloadCache.releaseSlug(name: pod.name, version: pod.version, specSHA1: sum)
                result.cachePath = cache.entryPath(slug)
                let remote = RemotePodspec(
                    url: url, kind: .cdn(repoName: cdn.repoName, localPath: cdn.localPath, sha1: sum))
                return PodJob(result: result, source: nil, slug: slug, spec: nil, settled: false, remote: remote)
            }
        } catch { return fail(error) }
        result.specRepo = found.repoName
        let spec: PodSpecSource
        var specBytes = found.bytes
        if found.isJSON {
            do { spec = try PodSpecSource.json(found.bytes, path: found.path) } catch { return fail(error) }
        } else {
            switch PodSpecSource.ruby(String(decoding: found.bytes, as: UTF8.self), version: pod.version) {
            case .failure(let why): return skip(why)
            case .success(let s): spec = s
            }
            specBytes = Self.minimalSpecJSON(name: pod.name, version: pod.version, source: spec.params)
        }
        switch locate(spec, result: &result) {
        case .failure(let why): return skip(why)
        case .success(let location):
            let slug = DownloadCache.releaseSlug(name: pod.name, version: pod.version, specSHA1: found.sha1)
            result.cachePath = cache.entryPath(slug)
            return PodJob(result: result, source: location, slug: slug, spec: specBytes, settled: false)
        }
    }

    /// The pod's source as its podspec gives it (`result` gets its kind and the URL the source mirrors
    /// rewrite it to), or why it is left to CocoaPods. The download rewrites it (once) when it runs.
    func locate(_ spec: PodSpecSource, result: inout PodFetchResult) -> Result<PodSourceLocation, SkipReason> {
        if spec.hasPrepareCommand { return .failure(.prepareCommand) }
        switch PodSourceLocation.from(params: spec.params) {
        case .failure(let why): return .failure(why)
        case .success(let location):
            result.kind = location.kind
            result.url = Redaction.redactURL(request.mirrors.rewrite(location.url))
            return .success(location)
        }
    }

    /// `{name, version, source}` as CocoaPods' pretty JSON, for a Ruby podspec read statically.
    static func minimalSpecJSON(name: String, version: String, source: [String: String]) -> [UInt8] {
        let params = source.sorted { $0.key < $1.key }.map { k, v in
            PodspecJSON.Member(k, v == "true" || v == "false" ? .bool(v == "true") : .string(v))
        }
        return PodspecJSON.object([
            PodspecJSON.Member("name", .string(name)), PodspecJSON.Member("version", .string(version)),
            PodspecJSON.Member("source", .object(params)),
        ]).prettyBytes(.multiLine)
    }

    static func fill(_ result: inout PodFetchResult, error: any Error) {
        // dmg and types cocoapods-downloader does not know are CocoaPods' to download, not failures.
        if let e = error as? HTTPSourceError, e.kind == .leftToCocoaPods {
            result.status = .skipped
            result.reason = Redaction.redactText(e.message)
            result.reasonText = e.text
            return
        }
        result.status = .failed
        if let e = error as? any PodMirrorError {
            result.error = Redaction.redactText(e.message)
            result.errorText = e.text
            result.errorCode = e.code
            result.exitStatus = e.exitStatus
        } else {
            result.error = Redaction.redactText("\(error)")
            result.errorCode = .podsFetchFailed
            result.exitStatus = .failure
        }
    }

    // MARK: Running

    /// Runs the jobs on `request.jobs` threads; one failing never stops the others.
    func execute(
        _ jobs: [PodJob], cancellation: CancellationToken,
        progress: (@Sendable (PodsFetchProgress) -> Void)?
    ) -> [PodFetchResult] {
        final class State: @unchecked Sendable {
            let lock = NSLock()
            var next = 0
            var done = 0
            var bytes: Int64 = 0
            var results: [PodFetchResult?]
            init(count: Int) { results = Array(repeating: nil, count: count) }
        }
        let state = State(count: jobs.count)
        let total = jobs.count
        let group = DispatchGroup()
        let workers = max(1, min(request.jobs, jobs.count))
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                while true {
                    state.lock.lock()
                    let i = state.next
                    state.next += 1
                    state.lock.unlock()
                    if i >= jobs.count { return }
                    let live = LiveBytes()
                    let result = self.runOne(jobs[i], cancellation: cancellation) { received in
                        state.lock.lock()
                        state.bytes += received - live.value
                        live.value = received
                        let snapshot = PodsFetchProgress(
                            done: state.done, total: total, bytes: state.bytes, finished: nil)
                        state.lock.unlock()
                        progress?(snapshot)
                    }
                    state.lock.lock()
                    state.results[i] = result
                    state.done += 1
                    state.bytes += result.bytes - live.value
                    let snapshot = PodsFetchProgress(
                        done: state.done, total: total, bytes: state.bytes, finished: result)
                    state.lock.unlock()
                    progress?(snapshot)
                }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        return state.results.map { $0! }
    }

    /// Fetches and publishes one pod; never throws.
    func runOne(_ job: PodJob, cancellation: CancellationToken, bytes: @escaping @Sendable (Int64) -> Void)
        -> PodFetchResult
    {
        var result = job.result
        if job.settled { return result }
        if let slug = job.slug, cache.isCached(slug) { result.status = .cached; return result }
        if cancellation.isCancelled { Self.fill(&result, error: InterruptedError()); return result }
        let start = Date()
        result = download(job, cancellation: cancellation, bytes: bytes)
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    /// Downloads and publishes one pod that is not cached yet; never throws.
    private func download(
        _ job: PodJob, cancellation: CancellationToken, bytes: @escaping @Sendable (Int64) -> Void
    ) -> PodFetchResult {
        var result = job.result
        var job = job
        let fs = request.environment.fileSystem
        var staging: String?
        defer { if let staging { try? fs.removeItem(staging) } }
        do {
            let dir = try cache.makeStaging()
            staging = dir
            if let remote = job.remote {
                if case .failure(let why) = try resolve(remote, job: &job, result: &result, scratch: dir, cancellation)
                {
                    result.status = .skipped
                    result.reason = why.message.english
                    result.reasonText = why.message
                    return result
                }
                if let slug = job.slug, cache.isCached(slug) { result.status = .cached; return result }
            }
            guard let slug = job.slug, let source = job.source else { return result }
            let content = dir + "/content"
            switch source {
            case .git(let url, let tag, let commit, let branch, let submodules):
                let revision: GitSourceFetcher.Revision =
                    tag.map { .tag($0) } ?? commit.map { .commit($0) }
                    ?? branch.map { .branch($0) } ?? .head
                let options = TransferOptions(
                    stallTimeout: request.stallTimeout,
                    progress: ByteProgress(report: bytes), cancellation: cancellation,
                    proxy: ProxySettings.load(environment: request.environment.variables),
                    urlRewrite: request.mirrors, minimumRate: request.minimumRate)
                let got = try GitSourceFetcher.fetch(
                    url: url, revision: revision, submodules: submodules, into: content, options: options)
                result.commit = got.commit
                result.bytes = got.bytes
            case .http(var http):
                http.url = request.mirrors.rewrite(http.url)
                try fs.createDirectory(content)
                let scratch = dir + "/scratch"
                try fs.createDirectory(scratch)
                var options = DownloadOptions(
                    stallTimeout: request.stallTimeout, cancellation: cancellation,
                    environment: request.environment.variables, progress: bytes, limits: request.archiveLimits)
                options.minimumRate = request.minimumRate
                result.bytes = try HTTPSourceDownloader.fetch(http, into: content, scratch: scratch, options: options)
                try? fs.removeItem(scratch)
            }
            var spec = job.spec
            if spec == nil {
                switch try Self.externalSpec(name: result.name, content: content, checksum: job.specChecksum) {
                case .failure(let why):
                    left.record(why, slug: slug, checksum: job.specChecksum)
                    result.status = .skipped
                    result.reason = why.message.english
                    result.reasonText = why.message
                    return result
                case .success(let bytes): spec = bytes
                }
            }
            if cancellation.isCancelled { throw InterruptedError() }
            let placed = try cache.publish(
                slug: slug, content: content, spec: spec ?? [], staging: dir,
                cancellation: cancellation)
            result.status = placed ? .fetched : .cached
        } catch {
            Self.fill(&result, error: error)
        }
        return result
    }

    /// External pods an earlier download showed to be CocoaPods' to fetch.
    var left: LeftToCocoaPods { LeftToCocoaPods(cachePath: cache.path, fileSystem: request.environment.fileSystem) }

    /// `<project>/Pods/Local Podspecs/<Name>.podspec.json` when its SHA1 is `checksum`: the spec CocoaPods
    /// stored for an external pod, byte for byte what it writes into the pod's cache entry.
    func localPodspec(_ name: String, lock: PodfileLock, checksum: String) -> [UInt8]? {
        let podfileDir = (request.environment.expandPath(lock.path) as NSString).deletingLastPathComponent
        guard let bytes = try? LocalFileSystem().readFile(podfileDir + "/Pods/Local Podspecs/\(name).podspec.json"),
            Digest.hex(.sha1, bytes) == checksum
        else { return nil }
        return bytes
    }

    /// The most bytes a podspec read from a downloaded source may have.
    static let maxSpecBytes = 4 << 20

    /// An external pod's spec as CocoaPods writes it into the cache (`spec.to_pretty_json`), from the checkout's
    /// top-level `<Name>.podspec.json`, else from `<Name>.podspec` read statically. Each is read as a regular file
    /// without following a link (a link, a FIFO, a device or a file over `maxSpecBytes` is refused), and the spec's
    /// `name` must be the pod's. The Ruby one is used only when the result's SHA1 is `checksum` (the lock's record
    /// of the spec CocoaPods stored), so it is exact; otherwise the pod is left to CocoaPods. A JSON podspec's
    /// bytes are kept when they cannot be re-written.
    static func externalSpec(name: String, content: String, checksum: String?) throws -> Result<[UInt8], SkipReason> {
        let file = "\(name).podspec.json"
        let tree: PodTree
        do { tree = try PodTree(content) } catch {
            return .failure(.rubyPodspec("no \(file) at the top of the repository"))
        }
        func read(_ file: String) throws -> [UInt8]? {
            func refuse(_ key: String, _ extra: [String: String] = [:]) -> PodMirrorFailure {
                PodMirrorFailure(
                    Message(key, ["pod": name, "path": file].merging(extra) { $1 }), code: .podsSpecUnsafe)
            }
            switch tree.readRegularFile(file, limit: maxSpecBytes) {
            case .success(let b): return b
            case .failure(.missing): return nil
            case .failure(.link): throw refuse("pods.spec.link")
            case .failure(.notRegular): throw refuse("pods.spec.not-regular")
            case .failure(.tooLarge): throw refuse("pods.spec.too-large", ["limit": String(maxSpecBytes)])
            case .failure(.io(let code)):
                throw PodMirrorFailure(
                    Message(
                        "file.error.read", ["path": content + "/" + file, "reason": String(cString: strerror(code))]),
                    code: .fileRead)
            }
        }
        func checkName(_ found: String?, in file: String) throws {
            guard found == name else {
                throw PodMirrorFailure(
                    Message("pods.podspec.name", ["pod": name, "path": file, "name": found ?? "(none)"]),
                    code: .podsPodspecName)
            }
        }
        guard let bytes = try read(file) else {
            let rubyFile = "\(name).podspec"
            guard let ruby = try read(rubyFile) else {
                return .failure(.rubyPodspec("no \(file) or \(rubyFile) at the top of the repository"))
            }
            if String(decoding: ruby, as: UTF8.self).contains("prepare_command") { return .failure(.prepareCommand) }
            switch RubyPodspecReader.read(ruby) {
            case .failure(let why): return .failure(why)
            case .success(let spec):
                let forms = PodspecJSON.EmptyStyle.allCases.map { spec.cocoapodsForm().prettyBytes($0) }
                guard let checksum, let exact = forms.first(where: { Digest.hex(.sha1, $0) == checksum }) else {
                    return .failure(
                        .rubyPodspec("\(rubyFile) read statically does not give the spec SPEC CHECKSUMS records"))
                }
                try checkName((try? PodSpecSource.json(exact, path: content))?.name, in: rubyFile)
                return .success(exact)
            }
        }
        guard let spec = try? PodSpecSource.json(bytes, path: content) else {
            return .failure(.rubyPodspec("\(file) is not a JSON object"))
        }
        try checkName(spec.name, in: file)
        if spec.hasPrepareCommand { return .failure(.prepareCommand) }
        guard let form = PodspecJSON.parse(bytes)?.cocoapodsForm() else { return .success(bytes) }
        let forms = PodspecJSON.EmptyStyle.allCases.map { form.prettyBytes($0) }
        // The json gem's form the lock's checksum shows, else json < 2.8's (the reference run's).
        return .success(forms.first { Digest.hex(.sha1, $0) == checksum?.lowercased() } ?? forms[0])
    }
}

/// Bytes one running pod has reported so far (guarded by the fetch state's lock).
final class LiveBytes: @unchecked Sendable {
    var value: Int64 = 0
}

/// Forwards libgit2's received-bytes count.
struct ByteProgress: ProgressReporter {
    let report: @Sendable (Int64) -> Void
    func report(_ event: ProgressEvent) {
        if let b = event.bytes { report(Int64(b)) }
    }
}
