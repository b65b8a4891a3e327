import Foundation
import PodMirrorFoundation

/// Planning `:podspec` pods: a path next to the Podfile, or an http(s) URL whose podspec `PodFetcher` downloads.
extension PodsFetchPlanner {
    /// Plans a `:podspec` pod. CocoaPods caches it as `External/<Name>/<md5 of the spec's source>-<chk5>`, where
    /// the checksum is the SHA1 of the spec as CocoaPods stored it (`Pods/Local Podspecs/<Name>.podspec.json`),
    /// which Podfile.lock's `SPEC CHECKSUMS` records.
    func planPodspec(_ pod: PodfileLock.Pod, declared: String, lock: PodfileLock, result start: PodFetchResult)
        -> PodJob
    {
        var result = start
        func skip(_ reason: SkipReason) -> PodJob { .skipped(result, reason) }
        func fail(_ error: any Error) -> PodJob { .failed(result, error) }
        guard let checksum = lock.specChecksums[pod.name]?.lowercased() else { return skip(.podspecNoChecksum) }
        let fs = request.environment.fileSystem
        let podfileDir = (request.environment.expandPath(lock.path) as NSString).deletingLastPathComponent
        // The exact bytes the lock's checksum was taken from, when the project still has them.
        let stored = podfileDir + "/Pods/Local Podspecs/\(pod.name).podspec.json"
        if let bytes = try? fs.readFile(stored), Digest.hex(.sha1, bytes) == checksum {
            result.podspec = stored
            return podspecJob(pod, bytes: bytes, isJSON: true, label: stored, checksum: checksum, result: result)
        }
        if declared.range(of: "^.+://", options: .regularExpression) != nil {
            guard let scheme = URL(string: declared)?.scheme?.lowercased(), scheme == "http" || scheme == "https"
            else { return skip(.podspecScheme(Redaction.redactURL(declared))) }
            let url = request.mirrors.rewrite(declared)
            result.podspec = Redaction.redactURL(url)
            if let slug = cache.podspecEntry(name: pod.name, specSHA1: checksum) {
                result.cachePath = cache.entryPath(slug)
                result.status = .cached
                return PodJob(result: result, source: nil, slug: slug, spec: nil, settled: true)
            }
            let path = URL(string: declared)?.path ?? declared
            let remote = RemotePodspec(url: url, kind: .podspecURL(isJSON: path.hasSuffix(".json")))
            return PodJob(
                result: result, source: nil, slug: nil, spec: nil, settled: false, remote: remote,
                specChecksum: checksum)
        }
        let path = Self.podspecPath(declared, name: pod.name, podfileDir: podfileDir, environment: request.environment)
        result.podspec = path
        let bytes: [UInt8]
        do { bytes = try fs.readFile(path) } catch {
            let reason = (error as? FileError)?.reason ?? "\(error)"
            return fail(
                PodMirrorFailure(
                    Message("pods.podspec.unreadable", ["pod": pod.name, "path": path, "reason": reason]),
                    code: .podsPodspecUnreadable))
        }
        return podspecJob(
            pod, bytes: bytes, isJSON: path.hasSuffix(".json"), label: path, checksum: checksum, result: result)
    }

    /// CocoaPods' rule for a `:podspec` path: kept when it ends in `.podspec` or `.json`, else
    /// `<path>/<Name>.podspec`; then expanded (`~` too) against the Podfile's folder.
    static func podspecPath(_ declared: String, name: String, podfileDir: String, environment: RuntimeEnvironment)
        -> String
    {
        let ext = (declared as NSString).pathExtension
        var path = ext == "podspec" || ext == "json" ? declared : declared + "/\(name).podspec"
        if path == "~" || path.hasPrefix("~/") {
            path = environment.expandPath(path)
        } else if !path.hasPrefix("/") {
            path = podfileDir + "/" + path
        }
        return (path as NSString).standardizingPath
    }

    func podspecJob(
        _ pod: PodfileLock.Pod, bytes: [UInt8], isJSON: Bool, label: String, checksum: String,
        result start: PodFetchResult
    ) -> PodJob {
        var result = start
        do {
            switch try readPodspec(
                name: pod.name, version: pod.version, bytes: bytes, isJSON: isJSON, label: label,
                checksum: checksum, result: &result)
            {
            case .failure(let why):
                result.status = .skipped
                result.reason = why.message.english
                result.reasonText = why.message
                return PodJob(result: result, source: nil, slug: nil, spec: nil, settled: true)
            case .success(let (source, slug, spec)):
                result.cachePath = cache.entryPath(slug)
                return PodJob(result: result, source: source, slug: slug, spec: spec, settled: false)
            }
        } catch {
            PodsFetcher.fill(&result, error: error)
            return PodJob(result: result, source: nil, slug: nil, spec: nil, settled: true)
        }
    }

    /// A `:podspec` pod's source (rewritten), its cache slug, and the bytes of its cache spec file: CocoaPods
    /// writes the spec it stored in `Pods/Local Podspecs`, whose SHA1 is the lock's; those bytes when at hand
    /// (or when the podspec is already in that exact form), else the podspec's own JSON, else a minimal
    /// `{name, version, source}` for a Ruby podspec. CocoaPods reads only the spec it was given for such a pod.
    func readPodspec(
        name: String, version: String, bytes: [UInt8], isJSON: Bool, label: String, checksum: String,
        result: inout PodFetchResult
    ) throws -> Result<(PodSourceLocation, String, [UInt8]), SkipReason> {
        let spec: PodSpecSource
        if isJSON {
            spec = try PodSpecSource.json(bytes, path: label)
            if let other = spec.name, other != name {
                throw PodMirrorFailure(
                    Message("pods.podspec.name", ["pod": name, "path": label, "name": other]),
                    code: .podsPodspecName)
            }
        } else {
            switch PodSpecSource.ruby(String(decoding: bytes, as: UTF8.self), version: version) {
            case .failure(let why): return .failure(why)
            case .success(let s): spec = s
            }
        }
        switch locate(spec, result: &result) {
        case .failure(let why): return .failure(why)
        case .success(let source):
            let exact = Digest.hex(.sha1, bytes) == checksum
            let specBytes =
                exact || isJSON ? bytes : Self.minimalSpecJSON(name: name, version: version, source: spec.params)
            let slug = DownloadCache.podspecSlug(name: name, params: spec.params, specSHA1: checksum)
            return .success((source, slug, specBytes))
        }
    }
}
