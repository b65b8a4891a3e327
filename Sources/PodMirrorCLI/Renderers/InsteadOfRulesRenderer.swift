import PodMirrorFoundation
import PodMirrorTransport

/// `gitconfig insteadof list`: the Specs rules, then the pod-source rules, each with its file and whether podmirror
/// wrote it; credentials redacted.
enum InsteadOfRulesRenderer: ResultRenderer {
    struct Result {
        var specs: [InsteadOfRule.InFile]
        var sourceMirrors: [InsteadOfRule.InFile]
    }

    static func jsonFields(_ result: Result) throws -> [String: JSONValue] {
        // One shape for both lists: `{file, base, insteadOf, managed}`.
        func shown(_ list: [InsteadOfRule.InFile]) throws -> JSONValue {
            try JSONValue.encoding(
                list.map { found in
                    var copy = found
                    copy.rule.base = Redaction.redactURL(found.rule.base)
                    copy.rule.insteadOf = Redaction.redactURL(found.rule.insteadOf)
                    return copy
                })
        }
        return [
            "rules": try shown(result.specs), "sourceMirrors": try shown(result.sourceMirrors), "warnings": .array([]),
        ]
    }

    static func text(_ result: Result, console c: Console) {
        func args(_ r: InsteadOfRule.InFile) -> [String: String] {
            [
                "prefix": Redaction.redactURL(r.rule.insteadOf), "mirror": Redaction.redactURL(r.rule.base),
                "file": r.file,
            ]
        }
        if result.specs.isEmpty { c.out(Message("gitconfig.specs.list-empty").localized) }
        for r in result.specs {
            c.out(
                Message(r.managed ? "gitconfig.specs.list-line-managed" : "gitconfig.specs.list-line", args(r))
                    .localized)
        }
        // A broader rule (`https://github.com/`) listed with the Specs ones, which rewrites pod sources too, is not
        // repeated.
        if result.sourceMirrors.isEmpty { c.out(Message("gitconfig.source-mirror.list-empty").localized) }
        for r in result.sourceMirrors where !result.specs.contains(where: { $0.file == r.file && $0.rule == r.rule }) {
            let key = r.managed ? "gitconfig.source-mirror.list-line-managed" : "gitconfig.source-mirror.list-line"
            c.out(Message(key, args(r)).localized)
        }
    }
}
