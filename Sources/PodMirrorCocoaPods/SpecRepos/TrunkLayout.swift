import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Which entries of a git Specs repo's tree are trunk's files, as CocoaPods' CDN source would ask for them:
/// `CocoaPods-version.yml` and `Specs/<shard>/<Name>/<version>/<file>`, where the shard is the MD5 prefixes of the
/// name, the name one CocoaPods accepts and the version one it parses. Hidden version folders are skipped as
/// CocoaPods skips them; anything else of the tree is left out (counted when it is under `Specs/`). A symbolic link or
/// submodule under `Specs/` fails the whole build: a mirror that holds one is not a Specs repo to trust.
struct TrunkLayout: Sendable {
    var metadata: SpecRepoMetadata

    static let specs = "Specs"
    static let versionFile = "CocoaPods-version.yml"
    /// The largest file trunk takes from a mirror (the largest real podspec is well under 1 MiB).
    static let maxFileSize = 8 << 20

    /// What a path of the tree is.
    enum Role: Equatable {
        case versionFile
        /// `Specs` or a shard folder: looked into.
        case folder
        case pod(String)
        case version(pod: String, version: String)
        /// A file of a version folder.
        case podspec(pod: String, version: String)
        /// Hidden version folders and everything outside `Specs/` (not counted).
        case ignored
        /// Under `Specs/` but not where CocoaPods looks: left out and counted.
        case misplaced
    }

    func role(_ path: String, isFolder: Bool) -> Role {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.first == Self.specs else {
            return parts == [Self.versionFile] && !isFolder ? .versionFile : .ignored
        }
        let n = metadata.prefixLengths.count
        let below = parts.count - 1
        if below == 0 { return isFolder ? .folder : .ignored }
        if below <= n {
            let name = parts[below]
            let isHex = name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
            return isFolder && isHex && name.utf8.count == metadata.prefixLengths[below - 1] ? .folder : .misplaced
        }
        let pod = parts[n + 1]
        guard PodNaming.isValidName(pod), metadata.shard(of: pod) == Array(parts[1..<(n + 1)]) else {
            return .misplaced
        }
        if below == n + 1 { return isFolder ? .pod(pod) : .misplaced }
        let version = parts[n + 2]
        if version.hasPrefix(".") { return .ignored }
        guard PodNaming.isValidVersion(version) else { return .misplaced }
        if below == n + 2 { return isFolder ? .version(pod: pod, version: version) : .misplaced }
        return below == n + 3 && !isFolder ? .podspec(pod: pod, version: version) : .misplaced
    }

    /// The export's decision for one entry, recording pods, versions and what was left out in `scan`.
    func decide(_ entry: GitTreeEntry, scan: TrunkScan) -> GitTreeEntryDecision {
        let underSpecs = entry.path == Self.specs || entry.path.hasPrefix(Self.specs + "/")
        if entry.kind == .link || entry.kind == .submodule {
            guard underSpecs || entry.path == Self.versionFile else { return .skip }
            return .refuse(Message("trunk.cause.special"))
        }
        switch role(entry.path, isFolder: entry.kind == .folder) {
        case .versionFile, .folder, .podspec: return .take
        case .pod(let pod):
            scan.add(pod: pod)
            return .take
        case .version(let pod, let version):
            scan.add(pod: pod, version: version)
            return .take
        case .ignored: return .skip
        case .misplaced:
            scan.leftOut(entry.path)
            return .skip
        }
    }
}

/// What an export of trunk found, filled from the writer threads.
final class TrunkScan: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var pods: [String: Set<String>] = [:]
    private(set) var deprecated: Set<String> = []
    private(set) var leftOutCount = 0
    private(set) var leftOutExample: String?

    func add(pod: String, version: String? = nil) {
        lock.lock()
        defer { lock.unlock() }
        if let version { pods[pod, default: []].insert(version) } else if pods[pod] == nil { pods[pod] = [] }
    }

    func leftOut(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        leftOutCount += 1
        if leftOutExample == nil || path.utf8.lexicographicallyPrecedes(leftOutExample!.utf8) { leftOutExample = path }
    }

    /// Looks at a written file: a deprecated `.podspec.json` joins `deprecated_podspecs.txt`.
    func observe(_ path: String, _ bytes: UnsafeRawBufferPointer) {
        guard path.hasSuffix(".podspec.json"), TrunkIndex.isDeprecated(json: bytes) else { return }
        lock.lock()
        defer { lock.unlock() }
        deprecated.insert(path)
    }
}
