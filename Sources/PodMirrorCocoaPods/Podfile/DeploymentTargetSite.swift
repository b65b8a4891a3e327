import Foundation
import PodMirrorFoundation

/// A "raise to at least" line podmirror wrote in the post_install hook.
struct DeploymentTargetSite {
    var key: String
    var value: String
    var statement: RubyStatement
    var hook: Int
}

extension PodfileReader {
    static let deploymentTargetKeys = Set(PodPlatform.allCases.map(\.deploymentTargetSetting))

    /// Recognises the one-line form `deploymentTargetStatement` writes (either project form).
    var deploymentTargetSites: [DeploymentTargetSite] {
        var out: [DeploymentTargetSite] = []
        let toks = syntax.tokens
        for (h, hook) in hooks.enumerated() where hook.name == "post_install" {
            guard let param = hook.block.parameters.first else { continue }
            for s in hook.block.body where toks[s.first].isIdentifier(param) && s.name == nil {
                guard !syntax.bytes[syntax.range(of: s)].contains(0x0A) else { continue }
                let sig = (s.first...s.last).filter { RubySyntax.isSignificant(toks[$0]) && toks[$0].kind != .newline }
                guard sig.contains(where: { toks[$0].kind == .constant && toks[$0].text == "Version" }),
                    sig.contains(where: { toks[$0].isKeyword("if") })
                else { continue }
                for (n, k) in sig.enumerated() where toks[k].isIdentifier("build_settings") && n + 5 < sig.count {
                    guard toks[sig[n + 1]].isPunct("["), let key = toks[sig[n + 2]].value,
                        Self.deploymentTargetKeys.contains(key),
                        toks[sig[n + 3]].isPunct("]"), toks[sig[n + 4]].isPunct("="), toks[sig[n + 5]].kind == .string,
                        let value = toks[sig[n + 5]].value
                    else { continue }
                    out.append(DeploymentTargetSite(key: key, value: value, statement: s, hook: h))
                    break
                }
            }
        }
        return out
    }
}
