import Foundation
import PodMirrorFoundation
import PodMirrorTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What making trunk whole (or bringing it forward) did.
struct TrunkOutcome: ChangeFacts, Equatable {
    /// The mirror's commit trunk is now made from, and the one it was made from before (nil: it was not podmirror's).
    var commit: String
    var previous: String?
    var stats: TrunkStats
    /// Files written (podspecs, index files) and removed.
    var written: Int
    var removed: Int
    /// Files of a CocoaPods-made trunk kept as they were (podspecs and index files the mirror agrees with, their
    /// `.etag`, files the mirror does not have), and replaced because the mirror's differ.
    var kept = 0
    var replaced = 0

    func encode(to encoder: any Encoder) throws {
        var o: [String: JSONValue] = [
            "commit": .string(commit), "previous": .string(previous), "pods": .int(stats.pods),
            "podspecs": .int(stats.podspecs), "written": .int(written), "removed": .int(removed),
            "kept": .int(kept), "replaced": .int(replaced), "leftOut": .int(stats.leftOut),
        ]
        if let example = stats.leftOutExample { o["leftOutExample"] = .string(example) }
        try JSONValue.object(o).encode(to: encoder)
    }
}

/// Makes `<repos>/trunk` CocoaPods' CDN source, complete from a git Specs mirror: every podspec of the mirror's tip at
/// its shard path, byte for byte, the index files the CDN derives (`TrunkIndex`), `CocoaPods-version.yml` and `.url`.
///
/// A trunk podmirror has not made yet is built in a staging folder of the repos dir (the mirror cloned there, shallow
/// where libgit2 can, its files written by `GitTreeExport`), a CocoaPods-made trunk's own files linked in where the
/// mirror agrees or has nothing, and then exchanged with the old folder in one step. A trunk podmirror made is brought
/// forward in place: only the podspecs and shards that changed between the two commits are rewritten, each atomically,
/// the commit being applied recorded first so a killed run's successor applies it again.
struct TrunkBuilder {
    var repos: ReposDirectory
    var url: String
    var options: TransferOptions
    /// `setup --seed`: a new trunk's objects come from this git bundle (the mirror as their origin), not a clone.
    var seed: SpecBundleImporter? = nil

    private var fs: any FileSystem { repos.fileSystem }
    private var trunkPath: String { repos.repoPath("trunk") }
    static let roots = [TrunkLayout.specs, TrunkLayout.versionFile]

    // MARK: a new trunk

    func build() throws -> TrunkOutcome {
        Libgit2.limitMemoryForSinglePass()
        let staging = repos.staging.path(purpose: "tmp", name: "trunk")
        do {
            let repo =
                try seed.map(seeded(into: staging))
                ?? GitTransfer.cloneTip(url: url, into: staging, options: options)
            Libgit2.releaseFreedMemory()
            guard let head = repo.headOID else {
                throw failure("trunk.error.empty", "trunk.error.empty.remedy", ["url": Redaction.redactURL(url)])
            }
            let metadata = try self.metadata(repo, head)
            let scan = TrunkScan()
            let layout = TrunkLayout(metadata: metadata)
            var written = try GitTreeExport(
                commit: head, maxFileSize: TrunkLayout.maxFileSize,
                decide: { layout.decide($0, scan: scan) }, observe: { scan.observe($0, $1) }
            ).run(repo, into: staging, options: options)
            if options.cancellation.isCancelled { throw InterruptedError() }
            let index = TrunkIndex(metadata: metadata, pods: scan.pods, deprecated: scan.deprecated)
            for (name, bytes) in index.files() {
                try fs.writeAtomically(bytes, to: staging + "/" + name, defaultMode: 0o644)
                written += 1
            }
            try fs.writeAtomically(Array(TrunkState.cdnURL.utf8), to: staging + "/.url", defaultMode: 0o644)
            let stats = TrunkStats(
                pods: index.pods.count, podspecs: index.podspecCount, leftOut: scan.leftOutCount,
                leftOutExample: scan.leftOutExample)
            try record(repo, commit: head, stats: stats)
            var outcome = TrunkOutcome(commit: head, previous: nil, stats: stats, written: written, removed: 0)
            if fs.isDirectory(trunkPath) {
                (outcome.kept, outcome.replaced) = try keepCocoaPodsFiles(of: trunkPath, in: staging)
            }
            if options.cancellation.isCancelled { throw InterruptedError() }
            try swapIn(staging)
            return outcome
        } catch {
            repos.staging.removeTree(staging)
            throw error
        }
    }

    /// A repository at `staging` holding the seed bundle's pack, set up as a clone of the mirror at the bundle's tip
    /// would be (branch, `origin`, its tracking ref), so later runs fetch only what the mirror has since.
    private func seeded(into staging: String) -> (SpecBundleImporter) throws -> GitRepository {
        { importer in
            let (repo, branch, tip) = try importer.indexPack(into: staging)
            let message = "podmirror setup --seed"
            try repo.setReference("refs/heads/\(branch)", to: tip, message: message)
            try repo.setSymbolicReference("HEAD", to: "refs/heads/\(branch)", message: message)
            try repo.addRemote("origin", url: url)
            try repo.setReference("refs/remotes/origin/\(branch)", to: tip, message: message)
            try repo.setConfig("branch.\(branch).remote", "origin")
            try repo.setConfig("branch.\(branch).merge", "refs/heads/\(branch)")
            return repo
        }
    }

    /// The mirror's `CocoaPods-version.yml` at `commit`: a tree without it is not a Specs repo.
    private func metadata(_ repo: GitRepository, _ commit: String) throws -> SpecRepoMetadata {
        guard let blob = try repo.blobID(commit: commit, file: TrunkLayout.versionFile) else {
            throw failure(
                "trunk.error.not-specs", "trunk.error.not-specs.remedy",
                ["url": Redaction.redactURL(url), "commit": commit])
        }
        let bytes = try repo.blobBytes(blob, maxSize: 1 << 20, path: TrunkLayout.versionFile)
        return try SpecRepoMetadata(yaml: bytes, path: "\(Redaction.redactURL(url)): \(TrunkLayout.versionFile)")
    }

    /// Brings CocoaPods' own files of `old` into `staging`: a file the mirror has too stays the mirror's (its
    /// `.etag` kept only when the bytes are the same, so CocoaPods revalidates the others), a file the mirror does
    /// not have is kept. Files are hard-linked, so the old trunk stays whole until the exchange.
    private func keepCocoaPodsFiles(of old: String, in staging: String) throws -> (kept: Int, replaced: Int) {
        var kept = 0
        var replaced = 0
        for rel in fs.subpaths(old) where rel != ".git" && !rel.hasPrefix(".git/") {
            let from = old + "/" + rel
            var st = stat()
            guard lstat(from, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            let to = staging + "/" + rel
            if rel.hasSuffix(".etag") {
                let base = String(rel.dropLast(5))
                guard let mine = fs.contents(staging + "/" + base), fs.contents(old + "/" + base) == mine,
                    !fs.fileExists(to)
                else { continue }
            } else if fs.fileExists(to) {
                if fs.contents(to) == fs.contents(from) { kept += 1 } else { replaced += 1 }
                continue
            }
            try makeParents(of: to)
            if link(from, to) != 0 {
                try fs.writeAtomically(try fs.readFile(from), to: to, defaultMode: 0o644)
            }
            kept += 1
        }
        return (kept, replaced)
    }

    /// Puts the finished staging folder in trunk's place in one step (an exchange where the system has one), and
    /// removes what was there.
    private func swapIn(_ staging: String) throws {
        guard fs.isDirectory(trunkPath) else { return try repos.staging.rename(staging, trunkPath) }
        if try PlatformShims.exchange(staging, trunkPath) {
            repos.staging.removeTree(staging)
            return
        }
        let aside = try repos.staging.moveAside(trunkPath, name: "trunk")
        try repos.staging.rename(staging, trunkPath)
        repos.staging.removeTree(aside)
    }

    // MARK: bringing trunk forward

    func update(_ state: TrunkState) throws -> TrunkOutcome {
        Libgit2.limitMemoryForSinglePass()
        let repo = try GitRepository.open(trunkPath)
        if repo.remoteURL() != url { try repo.setRemoteURL("origin", url) }
        try GitTransfer.fetch(repo, options: options)
        Libgit2.releaseFreedMemory()
        guard let branch = repo.headBranch, let tip = repo.resolve("refs/remotes/origin/\(branch)"),
            let built = state.commit
        else {
            throw failure("trunk.error.no-branch", "trunk.error.no-branch.remedy", ["url": Redaction.redactURL(url)])
        }
        var outcome = TrunkOutcome(
            commit: tip, previous: built, stats: state.stats ?? TrunkStats(pods: 0, podspecs: 0), written: 0,
            removed: 0)
        if tip == built && state.pending == nil { return outcome }
        let metadata = try self.metadata(repo, tip)
        guard metadata == (try self.metadata(repo, built)) else {
            throw failure(
                "trunk.error.layout", "trunk.error.layout.remedy", ["url": Redaction.redactURL(url), "path": trunkPath])
        }
        try repo.setReference(TrunkState.pendingRef, to: tip, message: "podmirror: trunk to \(tip)")
        var changes = try repo.treeChanges(from: built, to: tip, under: Self.roots)
        if let pending = state.pending, pending != tip {
            let known = Set(changes.map(\.path))
            for c in try repo.treeChanges(from: built, to: pending, under: Self.roots) where !known.contains(c.path) {
                changes.append(
                    GitTreeChange(path: c.path, blob: try repo.blobID(commit: tip, file: c.path), isSpecial: false))
            }
        }
        if state.pending != nil { sweepKilledWrites(of: changes.map(\.path)) }
        let layout = TrunkLayout(metadata: metadata)
        if let special = changes.first(where: { $0.isSpecial && Self.roots.contains(where: $0.path.hasPrefix) }) {
            throw GitError(
                .repository, operation: "export", subject: special.path, cause: Message("trunk.cause.special"))
        }
        var pods = Set<String>()
        var deprecated = Set(lines(TrunkIndex.deprecatedPodspecs))
        for change in changes {
            if options.cancellation.isCancelled { throw InterruptedError() }
            let role = layout.role(change.path, isFolder: false)
            switch role {
            case .versionFile, .podspec: break
            default: continue
            }
            if case .podspec(let pod, _) = role { pods.insert(pod) }
            if let blob = change.blob {
                let bytes = try repo.blobBytes(blob, maxSize: TrunkLayout.maxFileSize, path: change.path)
                if try write(bytes, to: change.path) { outcome.written += 1 }
                if change.path.hasSuffix(".podspec.json") {
                    let isDeprecated = bytes.withUnsafeBytes { TrunkIndex.isDeprecated(json: $0) }
                    if isDeprecated { deprecated.insert(change.path) } else { deprecated.remove(change.path) }
                }
            } else {
                if try remove(change.path) { outcome.removed += 1 }
                deprecated.remove(change.path)
            }
        }
        outcome.stats = try reindex(repo, tip: tip, layout: layout, pods: pods, deprecated: deprecated, into: &outcome)
        try repo.setReference("refs/heads/\(branch)", to: tip, message: "podmirror: trunk to \(tip)")
        try record(repo, commit: tip, stats: outcome.stats)
        repo.deleteReference(TrunkState.pendingRef)
        return outcome
    }

    /// Removes what a killed run's atomic writes left (`TempName`) in the folders of `paths` and in trunk's root,
    /// where the index files are: only a run that was stopped in the middle of an update can have left any.
    private func sweepKilledWrites(of paths: [String]) {
        let folders = Set(paths.map { trunkPath + "/" + ($0 as NSString).deletingLastPathComponent } + [trunkPath])
        for folder in folders {
            for stale in TempName.stale(in: folder, fileSystem: fs) { try? fs.removeItem(stale) }
        }
    }

    /// Rewrites the index files the changed pods appear in; returns the new counts.
    private func reindex(
        _ repo: GitRepository, tip: String, layout: TrunkLayout, pods changed: Set<String>,
        deprecated: Set<String>, into outcome: inout TrunkOutcome
    ) throws -> TrunkStats {
        var all = Set(lines(TrunkIndex.allPods))
        var podspecs = outcome.stats.podspecs
        let shards = Set(changed.map(layout.metadata.shard(of:)))
        for shard in shards {
            let folder = ([TrunkLayout.specs] + shard).joined(separator: "/")
            var index = TrunkIndex(metadata: layout.metadata)
            for pod in try repo.treeEntries(commit: tip, folder: folder) where pod.kind == .folder {
                guard case .pod(let name) = layout.role(pod.path, isFolder: true) else { continue }
                var versions = Set<String>()
                for v in try repo.treeEntries(commit: tip, folder: pod.path) where v.kind == .folder {
                    if case .version(_, let version) = layout.role(v.path, isFolder: true) { versions.insert(version) }
                }
                index.pods[name] = versions
            }
            let file = TrunkIndex.shardFile(shard)
            let before = lines(file).reduce(0) { $0 + $1.split(separator: "/").count - 1 }
            podspecs += index.podspecCount - before
            for pod in changed where layout.metadata.shard(of: pod) == shard {
                if index.pods[pod] != nil { all.insert(pod) } else { all.remove(pod) }
            }
            if let bytes = index.shardBytes(shard) {
                if try write(bytes, to: file) { outcome.written += 1 }
            } else if try remove(file) {
                outcome.removed += 1
            }
        }
        let index = TrunkIndex(
            metadata: layout.metadata, pods: Dictionary(uniqueKeysWithValues: all.map { ($0, []) }),
            deprecated: deprecated)
        if try write(index.allPodsBytes, to: TrunkIndex.allPods) { outcome.written += 1 }
        if try write(index.deprecatedBytes, to: TrunkIndex.deprecatedPodspecs) { outcome.written += 1 }
        var stats = outcome.stats
        stats.pods = all.count
        stats.podspecs = podspecs
        return stats
    }

    /// The lines of one of trunk's index files (none when it is missing).
    private func lines(_ name: String) -> [String] {
        guard let data = fs.contents(trunkPath + "/" + name) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Writes one of trunk's files atomically when its bytes change, dropping CocoaPods' `.etag` for it.
    private func write(_ bytes: [UInt8], to rel: String) throws -> Bool {
        let path = trunkPath + "/" + rel
        try makeParents(of: path)
        guard try fs.writeIfChanged(bytes, to: path) else { return false }
        if fs.fileExists(path + ".etag") { try fs.removeItem(path + ".etag") }
        return true
    }

    /// Removes one of trunk's files, its `.etag` and the folders it leaves empty.
    private func remove(_ rel: String) throws -> Bool {
        let path = trunkPath + "/" + rel
        guard fs.fileExists(path) else { return false }
        try fs.removeItem(path)
        if fs.fileExists(path + ".etag") { try fs.removeItem(path + ".etag") }
        var folder = (path as NSString).deletingLastPathComponent
        while folder.count > trunkPath.count + 1 + TrunkLayout.specs.count,
            (try? fs.contentsOfDirectory(folder))?.isEmpty == true
        {
            try fs.removeItem(folder)
            folder = (folder as NSString).deletingLastPathComponent
        }
        return true
    }

    private func makeParents(of path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        if !fs.isDirectory(parent) { try fs.createDirectory(parent) }
    }

    /// Marks trunk as made from `commit`, with its counts; the last step of a build or an update.
    private func record(_ repo: GitRepository, commit: String, stats: TrunkStats) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try fs.writeAtomically(
            Array(try encoder.encode(stats)), to: repo.gitDirectory + "/" + TrunkState.statsFile, defaultMode: 0o644)
        try repo.setReference(TrunkState.builtRef, to: commit, message: "podmirror: trunk made from \(commit)")
    }

    private func failure(_ key: String, _ remedy: String, _ arguments: [String: String]) -> PodMirrorFailure {
        PodMirrorFailure(Message(key, arguments), remedy: Message(remedy, arguments), code: .trunkMirror)
    }
}
