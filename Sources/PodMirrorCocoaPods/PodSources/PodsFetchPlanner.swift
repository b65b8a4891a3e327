import Foundation
import PodMirrorFoundation

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
    /// Release pods whose spec repo podspec does not hash to the lock's checksum: `pod install` will install it and
    /// rewrite that `SPEC CHECKSUMS` line (fetched all the same unless `--strict-checksums`).
    var checksumRewrite: ChecksumRewrite? = nil

    struct ChecksumRewrite: Sendable {
        var lock: String
        var local: String
        var path: String
    }
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

/// What a fetch is to do, before anything is written: the CocoaPods version naming the download cache, and one
/// job per root pod of Podfile.lock.
struct PodsFetchPlan: Sendable {
    var version: String
    var versionSource: DownloadCache.VersionSource
    var versionAction: DownloadCache.VersionAction
    var warnings: [Diagnostic]
    var jobs: [PodJob]
}

/// Works out from Podfile.lock and the podspecs what each pod needs: cached, missing (with its source, cache entry
/// and spec file), or skipped (left to CocoaPods, with why). Reads only; writes nothing.
struct PodsFetchPlanner: Sendable {
    var request: PodsFetchRequest
    let cache: DownloadCache

    /// Reads Podfile.lock and chooses the CocoaPods version; the version warnings speak of `mode`'s writes.
    func make(mode: RunMode) throws -> PodsFetchPlan {
        var warnings: [Diagnostic] = []
        let lock = try readLock()
        let unknown = request.only.filter { n in !lock.pods.contains { $0.name == n } }
        if !unknown.isEmpty {
            throw PodMirrorFailure(
                Message(
                    "pods.only.unknown",
                    [
                        "names": unknown.joined(separator: ", "),
                        "path": request.lockfilePath,
                    ]),
                remedy: Self.closestPods(to: unknown, in: lock.pods.map(\.name)), code: .podsOnlyUnknown)
        }
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
        if source != .flag, action != .none {
            // Only an applied run writes VERSION; a VERSION that already holds it needs no word (it was named on
            // every run).
            let key = mode == .apply ? "pods.version.chosen" : "pods.version.would-write"
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
        let podfile = podfile()
        let jobs = plan(lock, podfile: podfile)
        for job in jobs {
            guard let rewrite = job.checksumRewrite else { continue }
            warnings.append(
                Diagnostic(
                    .warning, code: .podsChecksumRewrite,
                    Message(
                        "pods.checksum.rewrite",
                        [
                            "pod": job.result.name, "version": job.result.version, "path": rewrite.path,
                            "lock": rewrite.lock, "local": rewrite.local, "lockfile": request.lockfilePath,
                        ])))
        }
        let planned = Set(jobs.map(\.result.name))
        for d in podfile?.dependencies ?? [] where planned.contains(d.name) {
            guard let expression = d.sourceExpression else { continue }
            warnings.append(
                Diagnostic(
                    .warning, code: .podsSourceExpression,
                    Message(
                        "pods.source-expression", ["pod": d.name, "line": String(d.line), "expression": expression]),
                    line: d.line))
        }
        return PodsFetchPlan(
            version: version, versionSource: source, versionAction: action, warnings: warnings, jobs: jobs)
    }

    /// Podfile.lock, or an error that says how CocoaPods makes one: `pod install` beside the Podfile (naming the
    /// folder), or the flags that point at another folder when there is no Podfile either.
    func readLock() throws -> PodfileLock {
        let fs = request.environment.fileSystem
        do { return try PodfileLock.read(path: request.lockfilePath, fileSystem: fs) } catch let e
            as PodMirrorFailure where e.code == .podsLockUnreadable
        {
            let folder = (request.lockfilePath as NSString).deletingLastPathComponent
            let remedy =
                PodfileDocument.locate(in: folder, fs: fs).map {
                    Message("pods.lock.unreadable.remedy", ["folder": folder, "podfile": $0])
                } ?? Message("pods.lock.unreadable.no-podfile.remedy", ["folder": folder])
            throw PodMirrorFailure(
                Message("pods.lock.unreadable", ["path": request.lockfilePath]), remedy: remedy,
                code: .podsLockUnreadable)
        }
    }

    /// "did you mean" for `--only` names Podfile.lock does not hold: for each, the pod of the lock whose name is the
    /// same but for case, else the nearest by edit distance; nil when none is near.
    static func closestPods(to unknown: [String], in names: [String]) -> Message? {
        let guesses = unknown.compactMap { word in
            names.first { $0.lowercased() == word.lowercased() }
                ?? Suggestion.nearest(to: word.lowercased(), in: names.map { $0.lowercased() }).flatMap { near in
                    names.first { $0.lowercased() == near }
                }
        }
        guard !guesses.isEmpty else { return nil }
        return Message("pods.only.did-you-mean", ["names": guesses.map { "--only \($0)" }.joined(separator: ", ")])
    }

    /// Each job's result as a dry run or check tells it: a pod not settled while planning is cached or missing.
    func described(_ jobs: [PodJob]) -> [PodFetchResult] {
        jobs.map { job in
            var r = job.result
            if !job.settled { r.status = job.slug.map { cache.isCached($0) ? .cached : .missing } ?? .missing }
            return r
        }
    }

    /// The Podfile beside Podfile.lock; nil without one, or one podmirror cannot read (the YAML form), where
    /// the lock's `SPEC REPOS` repo is asked first. Released pods' podspecs are looked up in its sources for
    /// each pod (`PodfileModel.sourceURLs(forPod:)`: a per-pod `:source` first), as CocoaPods resolves them.
    func podfile() -> PodfileModel? {
        let fs = request.environment.fileSystem
        let folder = (request.environment.expandPath(request.lockfilePath) as NSString).deletingLastPathComponent
        guard let path = PodfileDocument.locate(in: folder, fs: fs) else { return nil }
        return try? PodfileDocument.load(path: path, fs: fs).model
    }

    /// One job per root pod of the lockfile (filtered by `only`), in the lockfile's order, each looked up in the
    /// sources `podfile` gives it.
    func plan(_ lock: PodfileLock, podfile: PodfileModel?) -> [PodJob] {
        let lookup = SpecLookup(repos: ReposDirectory(environment: request.environment))
        return lock.pods.filter { request.only.isEmpty || request.only.contains($0.name) }.map { pod in
            planOne(pod, lock: lock, sources: podfile?.sourceURLs(forPod: pod.name), lookup: lookup)
        }
    }

    func planOne(_ pod: PodfileLock.Pod, lock: PodfileLock, sources: [String]?, lookup: SpecLookup) -> PodJob {
        var result = PodFetchResult(
            name: pod.name, version: pod.version, kind: .other, origin: .release, url: nil,
            status: .skipped, reason: nil, error: nil, errorCode: nil, bytes: 0, seconds: 0,
            cachePath: nil, commit: nil, podspec: nil, specRepo: nil, reasonText: nil, errorText: nil, exitStatus: nil)
        func skip(_ reason: SkipReason) -> PodJob { .skipped(result, reason) }
        func fail(_ error: any Error) -> PodJob { .failed(result, error) }
        // A lock's name or version becomes part of cache and spec repo paths: only what CocoaPods accepts.
        guard PodNaming.isValidName(pod.name) else {
            return fail(
                PodMirrorFailure(
                    Message("pods.lock.bad-name", ["pod": pod.name, "path": lock.path]), code: .podsLockName))
        }
        guard PodNaming.isValidVersion(pod.version) else {
            return fail(
                PodMirrorFailure(
                    Message("pods.lock.bad-version", ["pod": pod.name, "version": pod.version, "path": lock.path]),
                    code: .podsLockVersion))
        }
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
                checksum: lock.specChecksums[pod.name], strict: request.strictChecksums)
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
            var job = PodJob(result: result, source: location, slug: slug, spec: specBytes, settled: false)
            job.checksumRewrite = found.lockChecksum.map { .init(lock: $0, local: found.sha1, path: found.path) }
            return job
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

    /// External pods an earlier download showed to be CocoaPods' to fetch.
    var left: LeftToCocoaPods { LeftToCocoaPods(cachePath: cache.path, fileSystem: request.environment.fileSystem) }

    /// `<project>/Pods/Local Podspecs/<Name>.podspec.json` when its SHA1 is `checksum`: the spec CocoaPods
    /// stored for an external pod, byte for byte what it writes into the pod's cache entry.
    func localPodspec(_ name: String, lock: PodfileLock, checksum: String) -> [UInt8]? {
        let podfileDir = (request.environment.expandPath(lock.path) as NSString).deletingLastPathComponent
        let path = podfileDir + "/Pods/Local Podspecs/\(name).podspec.json"
        guard let bytes = try? request.environment.fileSystem.readFile(path),
            Digest.hex(.sha1, bytes) == checksum
        else { return nil }
        return bytes
    }
}
