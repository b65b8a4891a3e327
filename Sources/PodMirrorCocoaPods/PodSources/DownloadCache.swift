import Foundation
import PodMirrorFoundation
import Yams

/// CocoaPods' pod download cache (`<cache root>/Pods`): where it is, its `VERSION`, its slugs, and
/// publishing an entry so that CocoaPods never takes a half-written one.
struct DownloadCache: Sendable {
    /// `<cache root>/Pods`.
    var path: String
    var lockTimeout: TimeInterval
    /// The file system the cache is read and changed through.
    var fileSystem: any FileSystem

    init(path: String, lockTimeout: TimeInterval = 60, fileSystem: any FileSystem) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.fileSystem = fileSystem
    }

    /// The cache root as CocoaPods computes it; later rules win: `~/Library/Caches/CocoaPods` (on Linux
    /// too), `$CP_HOME_DIR/cache`, `cache_root:` in `<home dir>/config.yaml`, `$CP_CACHE_DIR`. A `config.yaml`
    /// nested too deeply to parse safely is refused (`YAMLNesting`); one that is not YAML is passed over.
    static func root(environment env: RuntimeEnvironment) throws -> String {
        let vars = env.variables
        var root = env.expandPath("~/Library/Caches/CocoaPods")
        let cpHome = vars["CP_HOME_DIR"].flatMap { $0.isEmpty ? nil : env.expandPath($0) }
        if let cpHome { root = cpHome + "/cache" }
        let homeDir = cpHome ?? env.expandPath("~/.cocoapods")
        let config = homeDir + "/config.yaml"
        let data = env.fileSystem.contents(config)
        if let data { try YAMLNesting.check(Array(data), path: config, code: .fileRead) }
        if let data, let node = try? Yams.compose(yaml: String(decoding: data, as: UTF8.self)),
            let value = node.mapping?[Node("cache_root")]?.scalar?.string, !value.isEmpty
        {
            root = env.expandPath(value)
        }
        if let c = vars["CP_CACHE_DIR"], !c.isEmpty { root = env.expandPath(c) }
        return root
    }

    init(environment: RuntimeEnvironment, lockTimeout: TimeInterval = 60) throws {
        try self.init(
            path: Self.root(environment: environment) + "/Pods", lockTimeout: lockTimeout,
            fileSystem: environment.fileSystem)
    }

    // MARK: Slugs

    /// `Release/<Name>/<version>-<sha1[0,5]>`.
    static func releaseSlug(name: String, version: String, specSHA1: String) -> String {
        "Release/\(name)/\(version.trimmingCharacters(in: .whitespaces))-\(specSHA1.prefix(5))"
    }

    /// `External/<Name>/<md5 of k=v sorted by key, joined with ->`.
    static func externalSlug(name: String, params: [String: String]) -> String {
        let opts = params.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "-")
        return "External/\(name)/\(Digest.hex(.md5, Array(opts.utf8)))"
    }

    /// A `:podspec` pod: `External/<Name>/<md5 of the spec's source params>-<sha1 of its spec[0,5]>`.
    static func podspecSlug(name: String, params: [String: String], specSHA1: String) -> String {
        externalSlug(name: name, params: params) + "-\(specSHA1.prefix(5))"
    }

    /// The slug of a complete `:podspec` entry of `name` whose name ends in `-<sha1[0,5]>`, if one exists.
    /// The spec's SHA1 fixes the spec, hence its source and the whole slug, so no download is needed to know.
    func podspecEntry(name: String, specSHA1: String) -> String? {
        let suffix = "-\(specSHA1.prefix(5)).podspec.json"
        let dir = path + "/Specs/External/" + name
        let names = (try? fileSystem.contentsOfDirectory(dir)) ?? []
        for file in names.sorted() where file.hasSuffix(suffix) {
            let slug = "External/\(name)/" + file.dropLast(".podspec.json".count)
            if isCached(slug) { return slug }
        }
        return nil
    }

    func entryPath(_ slug: String) -> String { path + "/" + slug }
    func specPath(_ slug: String) -> String { path + "/Specs/" + slug + ".podspec.json" }

    /// True when CocoaPods would take the entry: the spec parses as a JSON object and the folder exists.
    func isCached(_ slug: String) -> Bool {
        guard fileSystem.isDirectory(entryPath(slug)), let data = fileSystem.contents(specPath(slug))
        else { return false }
        return (try? JSONSerialization.jsonObject(with: data)) is [String: Any]
    }

    // MARK: VERSION

    /// Where the CocoaPods version written to `VERSION` came from, in the words the user sees.
    enum VersionSource: String, Sendable, Codable {
        case flag = "--cocoapods-version"
        case existingFile = "cache VERSION"
        case podCommand = "pod --version"
        case lockfile = "Podfile.lock"
    }

    /// The `VERSION` file's content, stripped, or nil.
    var currentVersion: String? {
        guard let data = fileSystem.contents(path + "/VERSION") else { return nil }
        let v = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return v.isEmpty ? nil : v
    }

    /// The version of the `pod` that will read the cache: `flag`, else the existing `VERSION`, else
    /// `pod --version`, else the lockfile's `COCOAPODS`.
    func chooseVersion(flag: String?, podVersion: () -> String?, lockfile: String?)
        -> (version: String, source: VersionSource)?
    {
        if let flag, !flag.isEmpty { return (flag, .flag) }
        if let v = currentVersion { return (v, .existingFile) }
        if let v = podVersion(), !v.isEmpty { return (v, .podCommand) }
        if let v = lockfile, !v.isEmpty { return (v, .lockfile) }
        return nil
    }

    /// What `ensureVersion` would do.
    enum VersionAction: String, Sendable { case none, write, wipe }

    func versionAction(_ version: String) -> VersionAction {
        let data = fileSystem.contents(path + "/VERSION")
        if let data, Array(data) == Array(version.utf8) { return .none }
        if currentVersion == nil || currentVersion == version { return .write }
        return .wipe
    }

    /// Makes `VERSION` hold exactly `version` (no newline), deleting the whole cache first when it names
    /// another version, as CocoaPods does. Writes nothing when the bytes are already right.
    @discardableResult
    func ensureVersion(_ version: String) throws -> VersionAction {
        let action = versionAction(version)
        let fs = fileSystem
        do {
            if action == .wipe { try fs.removeItem(path) }
            if action != .none {
                try fs.createDirectory(path)
                try fs.writeAtomically(Array(version.utf8), to: path + "/VERSION", defaultMode: 0o644)
            }
        } catch {
            throw PodMirrorFailure(
                Message("pods.cache.version-write", ["path": path + "/VERSION", "reason": "\(error)"]),
                code: .podsCacheVersion)
        }
        return action
    }

    // MARK: Staging and publishing

    /// Podmirror's scratch folder inside the cache (same file system, so entries move in by rename).
    /// CocoaPods never reads it.
    var stagingRoot: String { path + "/.podmirror-staging" }

    /// A new, empty staging folder owned by this process.
    func makeStaging() throws -> String {
        let dir = stagingRoot + "/\(getpid())-\(UUID().uuidString.prefix(8))"
        // Another podmirror may rmdir the (empty) staging root between the two mkdirs: try again.
        for attempt in 1...3 {
            do {
                try fileSystem.createDirectory(dir)
                break
            } catch  where attempt < 3 { continue }
        }
        return dir
    }

    /// Removes staging folders and temporary files (`VERSION`'s, the left-to-CocoaPods records') left by
    /// processes that no longer run, and the staging root when empty.
    func sweepLeftovers(keepingOwn: Bool) {
        let fs = fileSystem
        for folder in [path, LeftToCocoaPods.folder(inCache: path)] {
            for stale in TempName.stale(in: folder, fileSystem: fs) { try? fs.removeItem(stale) }
        }
        for name in (try? fs.contentsOfDirectory(stagingRoot)) ?? [] {
            let pid = Int32(name.split(separator: "-").first ?? "") ?? 0
            if !TempName.isRunning(pid) || (!keepingOwn && pid == getpid()) {
                try? fs.removeItem(stagingRoot + "/" + name)
            }
        }
        // rmdir removes it only when empty: another podmirror may be staging there.
        rmdir(stagingRoot)
    }

    /// Publishes `content` (a folder in staging) and `spec` (exact bytes) as the entry `slug`: the
    /// folder first, then the spec file, each by atomic rename, both under the entry's lock (CocoaPods' lock of the
    /// folder; the spec's own lock is taken inside it). So a folder without its spec found under the entry's lock
    /// was left by a writer that no longer holds it, a killed one, and only then is it replaced (CocoaPods itself
    /// replaces whatever folder it finds). Before, the lock was let go between the two renames, and a concurrent
    /// fetch of the same pod took the fresh folder for an interrupted one and replaced it. Returns false when
    /// another process published the entry meanwhile (then `content` is left for the caller to delete).
    func publish(
        slug: String, content: String, spec: [UInt8], staging: String,
        cancellation: CancellationToken
    ) throws -> Bool {
        let entry = entryPath(slug)
        let specFile = specPath(slug)
        let fs = fileSystem
        do {
            try fs.createDirectory((entry as NSString).deletingLastPathComponent)
            try fs.createDirectory((specFile as NSString).deletingLastPathComponent)
        } catch {
            throw PodMirrorFailure(
                Message("pods.cache.write", ["path": entry, "reason": "\(error)"]), code: .podsCacheWrite)
        }
        if isCached(slug) { return false }
        let tmpSpec = staging + "/spec.podspec.json"
        do { try Data(spec).write(to: URL(fileURLWithPath: tmpSpec)) } catch {
            throw PodMirrorFailure(
                Message("pods.cache.write", ["path": tmpSpec, "reason": "\(error)"]), code: .podsCacheWrite)
        }
        return try CacheLock.withExclusive(entry, timeout: lockTimeout, cancellation: cancellation) { () -> Bool in
            if isCached(slug) { return false }
            if fs.fileExists(entry) {
                // A folder without a spec whose writer let go of the lock: an interrupted writer. Replace it.
                let old = staging + "/old-entry"
                try renameOrThrow(entry, old)
                try? fs.removeItem(old)
            }
            try renameOrThrow(content, entry)
            try CacheLock.withExclusive(specFile, timeout: lockTimeout, cancellation: cancellation) {
                try renameOrThrow(tmpSpec, specFile)
            }
            return true
        }
    }

    private func renameOrThrow(_ from: String, _ to: String) throws {
        if rename(from, to) != 0 {
            throw PodMirrorFailure(
                Message("pods.cache.write", ["path": to], parts: ["reason": SystemReason.message(errno: errno)]),
                code: .podsCacheWrite)
        }
    }
}
