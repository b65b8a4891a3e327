import Foundation
import PodMirrorFoundation

/// An editor that writes into the post_install hook (`build_setting`, `deployment-target`): the hook, the
/// `install!` options that decide the form of its lines, and where a new line goes.
protocol PodfilePostInstallEditor: PodfileVerbEditor {
    var text: PodfileTextEdits { get set }
}

extension PodfilePostInstallEditor {
    var multipleProjects: Bool { installOption("generate_multiple_pod_projects") }

    /// `install! 'cocoapods', :OPTION => true` (or `OPTION: true`) at root level.
    func installOption(_ option: String) -> Bool {
        let toks = text.syntax.tokens
        for s in text.syntax.statements where s.name == "install!" {
            let sig = (s.first...s.last).filter { RubySyntax.isSignificant(toks[$0]) && toks[$0].kind != .newline }
            for (n, k) in sig.enumerated() where toks[k].value == option {
                let rest = sig.dropFirst(n + 1).prefix(2).map { toks[$0] }
                if toks[k].kind == .label, rest.first?.isKeyword("true") == true { return true }
                if toks[k].kind == .symbol, rest.count == 2, rest[0].isPunct("=>"), rest[1].isKeyword("true") {
                    return true
                }
            }
        }
        return false
    }

    /// The single post_install hook, or nil. Throws CocoaPods' error when there are several.
    func postInstallHook() throws -> (index: Int, site: HookSite)? {
        let hooks = text.reader.hooks.enumerated().filter { $0.element.name == "post_install" }
        if hooks.count > 1 {
            throw PodfileError(
                Message("podfile.error.multiple-hooks"), file: text.doc.path,
                line: hooks[1].element.statement.line,
                remedy: Message(
                    "podfile.error.multiple-hooks.remedy",
                    [
                        "lines": hooks.map { String($0.element.statement.line) }.joined(separator: ", ")
                    ]),
                code: .podfileMultipleHooks)
        }
        return hooks.first.map { ($0.offset, $0.element) }
    }

    func matches(_ s: PodfileBuildSetting, _ key: String, _ configuration: String?, _ pod: String?) -> Bool {
        s.key == key && s.configuration == configuration && s.pod == pod
    }

    /// Inserts a statement (made for the hook's block parameter) at the end of the post_install hook,
    /// giving a parameter-less hook `|installer|`; without a hook, appends one.
    mutating func insertIntoPostInstall(_ hook: (index: Int, site: HookSite)?, _ statement: (String) -> String) {
        guard let (_, site) = hook else {
            appendHook(statement("installer"))
            return
        }
        let block = site.block
        var parameter = block.parameters.first ?? "installer"
        if block.parameters.isEmpty {
            parameter = "installer"
            text.edits.append(.insert(" |installer|", at: text.syntax.tokens[block.opener].range.upperBound))
        }
        let line = statement(parameter)
        let closer = text.syntax.tokens[block.closer]
        if text.startsLine(closer.range.lowerBound) {
            text.edits.append(
                .insert(text.bodyIndent(block) + line + text.nl, at: text.syntax.lineStart(closer.range.lowerBound)))
        } else if let last = block.body.last {
            text.edits.append(.insert("; " + line, at: text.syntax.range(of: last).upperBound))
        } else {
            text.edits.append(.insert(" " + line, at: text.syntax.tokens[block.bodyStart - 1].range.upperBound))
        }
    }

    /// Appends a new top-level post_install hook (before `__END__` when present).
    mutating func appendHook(_ statement: String) {
        let b = text.syntax.bytes
        let at = text.syntax.dataStart ?? b.count
        var lines = ""
        if at > 0, b[at - 1] != 0x0A { lines += text.lineBreak(endingLineAt: at) }
        if at > 0 { lines += text.nl }
        lines += "post_install do |installer|" + text.nl + "  " + statement + text.nl + "end" + text.nl
        text.edits.append(.insert(lines, at: at))
    }
}
