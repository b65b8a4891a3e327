import Foundation
import PodMirrorFoundation

/// Where a pod's source comes from, as its podspec's `source` (or Podfile.lock `CHECKOUT OPTIONS`) says.
enum PodSourceLocation: Sendable, Equatable {
    /// `:git` with at most one of `tag`, `commit`, `branch`; `submodules` as given.
    case git(url: String, tag: String?, commit: String?, branch: String?, submodules: Bool)
    case http(HTTPSource)

    /// `git` or `http`.
    var kind: PodFetchResult.Kind {
        if case .git = self { return .git }
        return .http
    }

    var url: String {
        switch self {
        case .git(let url, _, _, _, _): return url
        case .http(let s): return s.url
        }
    }

    /// Reads `git`/`http` params (keys without the colon, values as written). Returns nil with a reason
    /// for strategies podmirror leaves to CocoaPods (`svn`, `hg`, `scp`, unknown archive types).
    static func from(params: [String: String]) -> Result<PodSourceLocation, SkipReason> {
        if let git = params["git"] {
            let sub = params["submodules"].map { $0 == "true" } ?? false
            return .success(
                .git(
                    url: git, tag: params["tag"], commit: params["commit"], branch: params["branch"],
                    submodules: sub))
        }
        if let http = params["http"] {
            var type: ArchiveType?
            if let t = params["type"] {
                guard let known = ArchiveType(rawValue: t) else { return .failure(.unsupportedArchive(t)) }
                type = known
            }
            guard let resolved = type ?? ArchiveType.from(url: http) else { return .failure(.unsupportedArchive(http)) }
            if resolved == .dmg { return .failure(.unsupportedArchive("dmg")) }
            let flatten = params["flatten"].map { $0 == "true" }
            return .success(
                .http(
                    HTTPSource(
                        url: http, type: type, flatten: flatten, sha256: params["sha256"],
                        sha1: params["sha1"])))
        }
        let strategy = ["svn", "hg", "scp"].first { params[$0] != nil } ?? "?"
        return .failure(.unsupportedStrategy(strategy))
    }
}

/// Why a pod is left to CocoaPods.
package enum SkipReason: Error, Sendable, Equatable {
    case localPath
    /// A `:podspec` that is neither a file path nor an http(s) URL.
    case podspecScheme(String)
    /// A `:podspec` pod without a `SPEC CHECKSUMS` entry: its cache entry's name cannot be known.
    case podspecNoChecksum
    case prepareCommand
    case rubyPodspec(String)
    case unsupportedStrategy(String)
    case unsupportedArchive(String)
    case cdnSpecMissing(String)
    case noSource

    package var message: Message {
        switch self {
        case .localPath: return Message("pods.skip.local-path")
        case .podspecScheme(let v): return Message("pods.skip.podspec-url", ["value": v])
        case .podspecNoChecksum: return Message("pods.skip.podspec-no-checksum")
        case .prepareCommand: return Message("pods.skip.prepare-command")
        case .rubyPodspec(let why): return Message("pods.skip.ruby-podspec", ["reason": why])
        case .unsupportedStrategy(let s): return Message("pods.skip.strategy", ["strategy": s])
        case .unsupportedArchive(let a): return Message("pods.skip.archive", ["value": a])
        case .cdnSpecMissing(let p): return Message("pods.skip.cdn-spec-missing", ["path": p])
        case .noSource: return Message("pods.skip.no-source")
        }
    }
}

/// The parts of a podspec podmirror needs: its `source`, and whether it has a `prepare_command`.
struct PodSpecSource: Sendable, Equatable {
    var name: String?
    var version: String?
    var params: [String: String]
    var hasPrepareCommand: Bool

    /// Reads a JSON podspec's `source` and `prepare_command`.
    static func json(_ bytes: [UInt8], path: String) throws -> PodSpecSource {
        guard let obj = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            throw PodMirrorFailure(Message("pods.spec.json", ["path": path]), code: .podsSpecJSON)
        }
        var params: [String: String] = [:]
        for (k, v) in (obj["source"] as? [String: Any]) ?? [:] {
            switch v {
            case let s as String: params[k] = s
            case let b as Bool: params[k] = b ? "true" : "false"
            case let n as NSNumber: params[k] = n.stringValue
            default: continue
            }
        }
        let prepare = (obj["prepare_command"] as? String).map { !$0.isEmpty } ?? false
        return PodSpecSource(
            name: obj["name"] as? String, version: obj["version"] as? String, params: params,
            hasPrepareCommand: prepare)
    }

    /// Reads a Ruby `.podspec` only as far as a static reader safely can: `s.source = { :git => '…',
    /// :tag => '…' }` with literal strings, `"#{s.version}"` or `s.version.to_s`. Anything else fails with
    /// the reason, and the pod is left to CocoaPods.
    static func ruby(_ text: String, version: String) -> Result<PodSpecSource, SkipReason> {
        if text.contains("prepare_command") { return .failure(.prepareCommand) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let sourceLines = lines.filter {
            $0.range(of: #"^\s*\w+\.source\s*="#, options: .regularExpression) != nil
        }
        guard sourceLines.count == 1, let line = sourceLines.first else {
            return .failure(
                .rubyPodspec(sourceLines.isEmpty ? "no one-line `source = { … }`" : "several `source =` lines"))
        }
        guard let open = line.firstIndex(of: "{"), let close = line.lastIndex(of: "}"), open < close,
            line[line.index(after: close)...].trimmingCharacters(in: .whitespaces).isEmpty
                || line[line.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("#")
        else {
            return .failure(.rubyPodspec("`source` is not a literal hash"))
        }
        let body = String(line[line.index(after: open)..<close])
        var params: [String: String] = [:]
        for part in body.split(separator: ",") {
            let kv = part.components(separatedBy: "=>")
            let key: String
            let rawValue: String
            if kv.count == 2 {
                key = kv[0].trimmingCharacters(in: .whitespaces)
                rawValue = kv[1].trimmingCharacters(in: .whitespaces)
            } else {
                // `git: '…'` (Ruby 1.9 hash syntax): split at the first ": ".
                guard let r = part.range(of: ": ") else { return .failure(.rubyPodspec("`source` entry `\(part)`")) }
                key = ":" + part[..<r.lowerBound].trimmingCharacters(in: .whitespaces)
                rawValue = part[r.upperBound...].trimmingCharacters(in: .whitespaces)
            }
            guard key.hasPrefix(":"), key.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                let value = rubyLiteral(rawValue, version: version)
            else {
                return .failure(.rubyPodspec("`source` value `\(rawValue)` is not a literal"))
            }
            params[String(key.dropFirst())] = value
        }
        guard !params.isEmpty else { return .failure(.rubyPodspec("empty `source`")) }
        return .success(PodSpecSource(name: nil, version: version, params: params, hasPrepareCommand: false))
    }

    /// A Ruby string literal without interpolation other than the version, or `s.version.to_s`, or true/false.
    static func rubyLiteral(_ raw: String, version: String) -> String? {
        if raw == "true" || raw == "false" { return raw }
        if raw.range(of: #"^\w+\.version(\.to_s)?$"#, options: .regularExpression) != nil { return version }
        guard raw.count >= 2, let q = raw.first, q == "'" || q == "\"", raw.last == q else { return nil }
        var inner = String(raw.dropFirst().dropLast())
        if q == "\"" {
            inner = inner.replacingOccurrences(
                of: #"#\{\w+\.version(\.to_s)?\}"#, with: version,
                options: .regularExpression)
            if inner.contains("#{") || inner.contains("\\") || inner.contains("\"") { return nil }
        } else if inner.contains("\\") || inner.contains("'") {
            return nil
        }
        return inner
    }
}
