import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// What `pods fetch` is asked to do.
package struct PodsFetchRequest: Sendable {
    var lockfilePath: String
    /// Only these root pods (empty: all).
    var only: [String]
    var jobs: Int
    /// `--cocoapods-version`.
    var cocoapodsVersion: String?
    /// The run's network settings, whole: every transfer's stall timeout, minimum rate and proxy, the cache lock's
    /// wait, and the insteadOf rules of the files git reads (the source mirrors every URL goes through).
    package var network: NetworkSettings
    package var environment: RuntimeEnvironment
    /// The bounds every `:http` archive must stay within.
    var archiveLimits: ArchiveLimits
    /// `--strict-checksums`: a released pod whose podspec in the spec repo does not hash to the lock's
    /// `SPEC CHECKSUMS` fails, instead of being fetched as `pod install` will install it (rewriting that line).
    package var strictChecksums = false

    package init(
        lockfilePath: String, only: [String] = [], jobs: Int = 8, cocoapodsVersion: String? = nil,
        network: NetworkSettings, environment: RuntimeEnvironment, archiveLimits: ArchiveLimits = .default
    ) {
        self.lockfilePath = lockfilePath
        self.only = only
        self.jobs = jobs
        self.cocoapodsVersion = cocoapodsVersion
        self.network = network
        self.environment = environment
        self.archiveLimits = archiveLimits
    }

    /// The source mirrors: git's insteadOf rules (`NetworkSettings.urlRewrite`), which every URL goes through.
    var mirrors: SourceMirrorRules { network.urlRewrite }
}

/// A live view of a running fetch, for progress display.
package struct PodsFetchProgress: Sendable {
    package var done: Int
    package var total: Int
    package var bytes: Int64
    /// Set when a pod just finished.
    package var finished: PodFetchResult?
    /// Seconds since the fetching began (after planning, which reads the lock and the specs and takes no part in
    /// a rate or a time left).
    package var seconds: TimeInterval = 0
}

/// `pods fetch`: plans (`PodsFetchPlanner`), then fetches (`PodFetcher`) and publishes (`PodPublisher`) every
/// missing pod into CocoaPods' download cache, on several threads.
package struct PodsFetcher: BatchJob {
    package var request: PodsFetchRequest
    let cache: DownloadCache

    package init(request: PodsFetchRequest) throws {
        self.request = request
        cache = try DownloadCache(environment: request.environment, lockTimeout: request.network.lockTimeout)
    }

    /// CocoaPods' cache root, whose `Pods/` a fetch fills, as CocoaPods computes it from `environment` (its
    /// variables and `~/.cocoapods/config.yaml`); a `config.yaml` nested too deeply to parse safely is refused.
    package static func cacheRoot(environment: RuntimeEnvironment) throws -> String {
        try DownloadCache.root(environment: environment)
    }

    /// Runs the fetch (`.apply`) or reports what is missing (`.dryRun`, `.check`: nothing written).
    package func run(
        mode: RunMode, cancellation: CancellationToken,
        progress: (@Sendable (PodsFetchProgress) -> Void)? = nil
    ) throws -> PodsFetchReport {
        let plan = try planner.make(mode: mode)
        var report = PodsFetchReport(
            lockfile: request.lockfilePath, cachePath: cache.path, cocoapodsVersion: plan.version,
            versionSource: plan.versionSource, versionAction: plan.versionAction, pods: [], warnings: plan.warnings,
            mode: mode, interrupted: false)
        if mode != .apply {
            report.pods = planner.described(plan.jobs)
            return report
        }
        try cache.ensureVersion(plan.version)
        cache.sweepLeftovers(keepingOwn: true)
        report.pods = execute(plan.jobs, cancellation: cancellation, progress: progress)
        cache.sweepLeftovers(keepingOwn: false)
        report.interrupted = cancellation.isCancelled
        return report
    }

    /// What each pod needs (`pods list`): the report of a check, nothing written.
    package func list(cancellation: CancellationToken) throws -> PodsFetchReport {
        try run(mode: .check, cancellation: cancellation)
    }

    /// Decides what each pod needs, reading only.
    var planner: PodsFetchPlanner { PodsFetchPlanner(request: request, cache: cache) }

    /// Places fetched trees into the cache.
    var publisher: PodPublisher { PodPublisher(cache: cache, left: planner.left) }

    /// Records `error` in `result`: failed with its code and exit status, or skipped when it says the pod is
    /// CocoaPods' to download.
    static func fill(_ result: inout PodFetchResult, error: any Error) {
        // dmg and types cocoapods-downloader does not know are CocoaPods' to download, not failures.
        if let e = error as? HTTPSourceError, e.kind == .leftToCocoaPods {
            result.status = .skipped
            result.reason = Redaction.redactText(e.message)
            result.reasonText = e.text
            return
        }
        // Stopped by SIGINT/SIGTERM: not the pod's failure (it is fetched on the next run).
        result.status = (error as? any PodMirrorError)?.code == .interrupted ? .interrupted : .failed
        if let e = error as? any PodMirrorError {
            result.error = Redaction.redactText(e.message)
            result.errorText = e.text
            result.errorCode = e.code
            result.exitStatus = e.exitStatus
            // A remedy written for a pod (update the spec repo, refresh the lock) travels with it, in text and JSON;
            // a transfer's own (git's "nothing was changed") does not speak of pods.
            if e.code.rawValue.hasPrefix("pods.") {
                result.remedy = e.remedy.map(Redaction.redactText)
                result.remedyText = e.remedyText
            }
            // A lookup that failed in named spec repos: the first of them is the one to update.
            if let lookup = e as? SpecRepoLookupError, let repo = lookup.repos.first { result.specRepo = repo }
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
        let began = Date()
        let group = DispatchGroup()
        let workers = max(1, min(request.jobs, jobs.count))
        for _ in 0..<workers {
            group.enter()
            let work: @Sendable () -> Void = {
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
                            done: state.done, total: total, bytes: state.bytes, finished: nil,
                            seconds: Date().timeIntervalSince(began))
                        state.lock.unlock()
                        progress?(snapshot)
                    }
                    state.lock.lock()
                    state.results[i] = result
                    state.done += 1
                    state.bytes += result.bytes - live.value
                    let snapshot = PodsFetchProgress(
                        done: state.done, total: total, bytes: state.bytes, finished: result,
                        seconds: Date().timeIntervalSince(began))
                    state.lock.unlock()
                    progress?(snapshot)
                }
            }
            // The run's language and trace sink go with each worker.
            let thread = Thread(block: RunScope.carried(work))
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

    /// Downloads and publishes one pod that is not cached yet, in a staging folder of the cache that is removed
    /// after; never throws.
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
            let fetcher = PodFetcher(request: request, planner: planner)
            if let remote = job.remote {
                if case .failure(let why) = try fetcher.resolve(
                    remote, job: &job, result: &result, scratch: dir, cancellation)
                {
                    result.status = .skipped
                    result.reason = why.message.english
                    result.reasonText = why.message
                    return result
                }
                if let slug = job.slug, cache.isCached(slug) { result.status = .cached; return result }
            }
            guard job.slug != nil, let source = job.source else { return result }
            let content = dir + "/content"
            try fetcher.transfer(
                source, into: content, staging: dir, result: &result, cancellation: cancellation, bytes: bytes)
            try publisher.publish(job, content: content, staging: dir, result: &result, cancellation: cancellation)
        } catch {
            Self.fill(&result, error: error)
            if let url = job.source?.url ?? job.remote?.url,
                let hint = SourceMirrorHint.remedy(url: url, status: result.exitStatus, mirrors: request.mirrors)
            {
                result.remedy = hint.english
                result.remedyText = hint
            }
        }
        return result
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
