import Foundation
import PodMirrorFoundation

/// Moves a fetched, verified tree into CocoaPods' download cache with its spec file (the spec copy CocoaPods
/// writes beside each entry): a released pod's spec is known from planning, an external pod's is read from the
/// tree itself. A pod whose spec cannot be made exact is recorded as CocoaPods' to fetch (`LeftToCocoaPods`).
struct PodPublisher: Sendable {
    let cache: DownloadCache
    /// External pods an earlier download showed to be CocoaPods' to fetch.
    let left: LeftToCocoaPods

    /// Publishes `job`'s tree at `content` (fetched into `staging`); `result` becomes fetched, cached (another
    /// process placed it first) or skipped (left to CocoaPods, with why).
    func publish(
        _ job: PodJob, content: String, staging dir: String, result: inout PodFetchResult,
        cancellation: CancellationToken
    ) throws {
        guard let slug = job.slug else { return }
        var spec = job.spec
        if spec == nil {
            switch try Self.externalSpec(name: result.name, content: content, checksum: job.specChecksum) {
            case .failure(let why):
                left.record(why, slug: slug, checksum: job.specChecksum)
                result.status = .skipped
                result.reason = why.message.english
                result.reasonText = why.message
                return
            case .success(let bytes): spec = bytes
            }
        }
        if cancellation.isCancelled { throw InterruptedError() }
        let placed = try cache.publish(
            slug: slug, content: content, spec: spec ?? [], staging: dir,
            cancellation: cancellation)
        result.status = placed ? .fetched : .cached
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
                        "file.error.read", ["path": content + "/" + file],
                        parts: ["reason": SystemReason.message(errno: code)]),
                    code: .fileRead)
            }
        }
        func checkName(_ found: String?, in file: String) throws {
            guard found == name else {
                throw PodMirrorFailure(
                    Message(
                        "pods.podspec.name",
                        ["pod": name, "path": file, "name": TerminalText.escaped(found ?? "(none)")]),
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
