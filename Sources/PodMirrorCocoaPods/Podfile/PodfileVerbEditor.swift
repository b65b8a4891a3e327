/// The editor of one Podfile verb (`source`, `platform`, `build_setting`…): it decides one `PodfileEdit` on the
/// document its `text` holds and adds the edits and warnings there.
protocol PodfileVerbEditor {
    var text: PodfileTextEdits { get }
}

extension PodfileVerbEditor {
    /// Runs one of the editor's verbs on a copy of it: what that verb decided.
    func deciding(_ verb: (inout Self) throws -> Void) rethrows -> PodfileTextEdits {
        var editor = self
        try verb(&editor)
        return editor.text
    }
}
