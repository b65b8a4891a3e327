import Foundation
import PodMirrorFoundation

/// The header of a git bundle (`git bundle` v2 or v3): the refs it carries and the commits it needs,
/// followed by a pack. Parsed from the bytes before the pack; the pack itself is left to the indexer.
struct SpecBundleHeader: Sendable, Equatable {
    var version: Int
    /// `(object id, ref name)` in file order, e.g. `("9fce…", "refs/heads/master")`.
    var refs: [(oid: String, name: String)]
    /// Commits the pack leaves out (an incremental bundle): `-<oid>` lines.
    var prerequisites: [String]
    /// Byte offset of the pack (just after the blank line).
    var packOffset: Int

    static func == (a: Self, b: Self) -> Bool {
        a.version == b.version && a.prerequisites == b.prerequisites && a.packOffset == b.packOffset
            && a.refs.map { $0.oid + " " + $0.name } == b.refs.map { $0.oid + " " + $0.name }
    }

    static let v2Signature = "# v2 git bundle"
    static let v3Signature = "# v3 git bundle"

    /// The bytes of a v2 header for one branch (plus `HEAD`, so `git clone FILE` checks it out).
    static func v2(tip: String, branch: String) -> Data {
        Data("\(v2Signature)\n\(tip) refs/heads/\(branch)\n\(tip) HEAD\n\n".utf8)
    }

    /// Parses the header at the start of `bytes` (which must hold at least the whole header).
    /// `source` names the file or URL in errors.
    static func parse(_ bytes: Data, source: String) throws -> SpecBundleHeader {
        func bad(_ why: Message) -> PodMirrorFailure {
            PodMirrorFailure(
                "bundle.error.not-a-bundle", ["source": source], sentence: "reason", why, code: .bundleInvalid)
        }
        var lines: [String] = []
        var start = bytes.startIndex
        var offset: Int?
        while start < bytes.endIndex {
            guard let nl = bytes[start...].firstIndex(of: 0x0A) else { break }
            let line = String(decoding: bytes[start..<nl], as: UTF8.self)
            start = nl + 1
            if line.isEmpty {
                offset = start - bytes.startIndex
                break
            }
            lines.append(line)
            if lines.count == 1, line != v2Signature, line != v3Signature {
                throw bad(Message("bundle.header.first-line"))
            }
        }
        guard let first = lines.first else { throw bad(Message("bundle.header.empty")) }
        guard let packOffset = offset else {
            throw bad(Message("bundle.header.unterminated"))
        }
        var header = SpecBundleHeader(
            version: first == v3Signature ? 3 : 2, refs: [], prerequisites: [], packOffset: packOffset)
        for (i, line) in lines.dropFirst().enumerated() {
            if header.version == 3, line.hasPrefix("@") {
                if line.hasPrefix("@object-format="), line != "@object-format=sha1" {
                    throw bad(Message("bundle.header.sha256", ["line": String(i + 2), "text": line]))
                }
                continue
            }
            let isPrerequisite = line.hasPrefix("-")
            let body = isPrerequisite ? String(line.dropFirst()) : line
            let oid = String(body.prefix(40))
            guard oid.count == 40, oid.allSatisfy(\.isHexDigit) else {
                throw bad(Message("bundle.header.bad-line", ["line": String(i + 2), "text": String(line.prefix(80))]))
            }
            if isPrerequisite {
                header.prerequisites.append(oid.lowercased())
            } else {
                let name = body.dropFirst(40).trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { throw bad(Message("bundle.header.no-ref-name", ["line": String(i + 2)])) }
                header.refs.append((oid.lowercased(), name))
            }
        }
        if header.refs.isEmpty { throw bad(Message("bundle.header.no-ref")) }
        let magic = bytes.dropFirst(packOffset).prefix(4)
        if magic.count == 4, Array(magic) != Array("PACK".utf8) { throw bad(Message("bundle.header.no-pack")) }
        return header
    }

    /// The branch to check out and its tip: `wanted` when given; else the branch `HEAD` names, `master`,
    /// or the only branch.
    func branch(_ wanted: String?, source: String) throws -> (name: String, tip: String) {
        let branches = refs.filter { $0.name.hasPrefix("refs/heads/") }.map { (String($0.name.dropFirst(11)), $0.oid) }
        if let wanted {
            if let b = branches.first(where: { $0.0 == wanted }) { return b }
        } else if branches.count == 1 {
            return branches[0]
        } else if let head = refs.first(where: { $0.name == "HEAD" }),
            let b = branches.first(where: { $0.1 == head.oid && $0.0 == "master" })
                ?? branches.first(where: { $0.1 == head.oid })
        {
            return b
        } else if let b = branches.first(where: { $0.0 == "master" }) {
            return b
        }
        throw PodMirrorFailure(
            Message(
                "bundle.error.no-branch",
                [
                    "source": source, "branch": wanted ?? "master",
                    "branches": branches.map(\.0).joined(separator: ", "),
                ]),
            code: .bundleNoBranch)
    }
}
