import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation

/// `repo list`: each spec repo with its type, URL, head and path, then the count.
enum SpecReposRenderer: ResultRenderer {
    /// The repos of one repos dir.
    struct Result {
        var reposDir: String
        var repos: [SpecRepo]
    }

    static func jsonFields(_ result: Result) throws -> [String: JSONValue] {
        ["reposDir": .string(result.reposDir), "repos": .array(result.repos.map(json))]
    }

    /// One repo: its name, type, path, URL (redacted), branch and head; when known, its head's date and the mirror
    /// a trunk was made from (redacted).
    static func json(_ repo: SpecRepo) -> JSONValue {
        var o: [String: JSONValue] = [
            "name": .string(repo.name), "type": .string(repo.kind.rawValue), "path": .string(repo.path),
            "url": .string(repo.displayURL), "branch": .string(repo.branch), "head": .string(repo.head),
        ]
        if let headDate = repo.headDate { o["headDate"] = .string(ISO8601DateFormatter().string(from: headDate)) }
        if let madeFrom = repo.madeFrom { o["madeFrom"] = .string(Redaction.redactURL(madeFrom)) }
        return .object(o)
    }

    static func text(_ result: Result, console c: Console) {
        let repos = result.repos
        for r in repos {
            c.out("")
            c.out(c.paint(r.name, .yellow))
            switch r.kind {
            case .git:
                let branch = r.branch ?? Message("repo.list.detached").localized
                c.out(Message("repo.list.type-git", ["branch": branch]).localized)
            case .cdn: c.out(Message("repo.list.type-cdn").localized)
            case .dir: c.out(Message("repo.list.type-dir").localized)
            }
            c.out(Message("repo.list.url", ["url": r.displayURL ?? ""]).localized)
            if let from = r.madeFrom {
                c.out(Message("repo.list.made-from", ["url": Redaction.redactURL(from)]).localized)
            }
            if let head = r.head { c.out(Message("repo.list.head", ["head": head]).localized) }
            c.out(Message("repo.list.path", ["path": r.path]).localized)
        }
        if !repos.isEmpty { c.out("") }
        let count =
            repos.count == 1
            ? Message("repo.list.count-one") : Message("repo.list.count", ["count": String(repos.count)])
        c.out(c.paint(count.localized, .green))
    }
}
