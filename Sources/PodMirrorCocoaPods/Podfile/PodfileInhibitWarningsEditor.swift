import Foundation
import PodMirrorFoundation

/// `inhibit_all_warnings!` at root level: adds it (uncommenting a commented one) or removes it.
struct PodfileInhibitWarningsEditor: PodfileVerbEditor {
    var text: PodfileTextEdits

    /// `inhibit-warnings on|off` at root level.
    mutating func inhibitWarnings(_ on: Bool) throws {
        let root = text.reader.root
        if !on {
            for s in root.inhibits { text.edits.append(try text.callDeletion(of: s, takesArguments: false)) }
            var inTargets: [String] = []
            func visit(_ s: PodfileScope) {
                if !s.inhibits.isEmpty, s.statement != nil { inTargets.append(s.name) }; s.children.forEach(visit)
            }
            visit(root)
            if !inTargets.isEmpty {
                text.warnings.append(
                    text.finding(
                        .note, .podfileInhibitInTargets,
                        Message("podfile.inhibit.stays-in-targets", ["targets": inTargets.joined(separator: ", ")])))
            }
            return
        }
        guard root.inhibits.isEmpty else { return }
        if let comment = text.commentedLine(in: root, matching: #"^#\s*inhibit_all_warnings!\s*$"#) {
            text.edits.append(TextEdit(range: comment.range, replacement: "inhibit_all_warnings!"))
        } else if let p = root.platforms.first(where: { text.isRootStatement($0.statement) }) {
            text.edits.append(text.insertion(after: p.statement, "inhibit_all_warnings!"))
        } else if let last = text.reader.sources.last(where: { text.isRootStatement($0.statement) }) {
            text.edits.append(text.insertion(after: last.statement, "inhibit_all_warnings!"))
        } else {
            text.edits.append(text.topInsertion(["inhibit_all_warnings!"]))
        }
    }
}
