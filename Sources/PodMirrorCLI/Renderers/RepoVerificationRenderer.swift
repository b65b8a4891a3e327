import PodMirrorCocoaPods
import PodMirrorFoundation

/// `repo verify`: each repo intact (branch, head) or broken with its problems, and the remedy when any is broken.
enum RepoVerificationRenderer: ResultRenderer {
    /// The repos verified in one repos dir.
    struct Result {
        var reposDir: String
        var repos: [SpecRepoVerification]
        var intact: Bool { repos.allSatisfy(\.intact) }
    }

    static func jsonFields(_ result: Result) throws -> [String: JSONValue] {
        [
            "intact": .bool(result.intact), "reposDir": .string(result.reposDir),
            "repos": .array(result.repos.map(json)), "warnings": .array([]),
        ]
    }

    /// One repo verified: where it is, its branch, head and origin's head, and its problems (messages in English,
    /// as every JSON value).
    static func json(_ r: SpecRepoVerification) -> JSONValue {
        [
            "name": .string(r.name), "path": .string(r.path), "branch": .string(r.branch), "head": .string(r.head),
            "originHead": .string(r.originHead), "deep": .bool(r.deep), "intact": .bool(r.intact),
            "problemCount": .int(r.problemCount),
            "problems": .array(
                r.problems.map {
                    ["code": .string($0.code.rawValue), "path": .string($0.path), "message": .string($0.text.english)]
                }),
        ]
    }

    static func text(_ result: Result, console c: Console) {
        if result.repos.isEmpty { c.out(Message("verify.none", ["path": result.reposDir]).localized) }
        for r in result.repos {
            if r.intact {
                let head = String((r.head ?? "").prefix(12))
                c.out(Message("verify.intact", ["name": r.name, "branch": r.branch ?? "", "head": head]).localized)
                continue
            }
            let broken = Message("verify.broken", ["name": r.name, "count": String(r.problemCount)])
            c.out(c.paint(broken.localized, .red))
            for p in r.problems { c.out("  " + p.text.localized) }
            if r.problemCount > r.problems.count {
                c.out("  " + Message("verify.more", ["count": String(r.problemCount - r.problems.count)]).localized)
            }
        }
        if !result.intact {
            c.err(
                c.paint(Message("cli.prefix.hint").localized, .cyan, stderr: true) + Message("verify.remedy").localized)
        }
    }
}
