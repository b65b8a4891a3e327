import Foundation

/// One simple statement of a Podfile (a call or assignment without a block, at any depth: `source '…'`,
/// `platform :ios, '13.0'`, a build setting assignment in a hook), with the lines it spans: where an edit about it
/// may write. The Podfile's Ruby syntax tree stays inside the area; this is what a caller sees of it.
package struct PodfileStatement: Sendable, Equatable {
    /// The statement's source text, from its first to its last token.
    package var text: String
    /// The lines (1-based) it spans, including those inside a multi-line last token (a `<<~` string, say).
    package var lines: ClosedRange<Int>
}

extension PodfileDocument {
    /// The Podfile's simple statements, in file order (those inside blocks and compounds where they appear).
    package var simpleStatements: [PodfileStatement] {
        var out: [PodfileStatement] = []
        func visit(_ s: RubyStatement) {
            if s.blocks.isEmpty, s.compound == nil {
                let last = syntax.tokens[s.last]
                let end = last.line + syntax.bytes[last.range.dropLast()].filter { $0 == 0x0A }.count
                out.append(PodfileStatement(text: syntax.text(of: s), lines: syntax.tokens[s.first].line...end))
                return
            }
            s.blocks.forEach { $0.body.forEach(visit) }
            s.children.forEach(visit)
        }
        syntax.statements.forEach(visit)
        return out
    }
}
