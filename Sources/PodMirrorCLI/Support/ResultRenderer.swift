import PodMirrorFoundation

/// How one type of read-only result is shown, once per output format: its JSON fields (the runner adds `command`
/// and `ok`) and its text on the run's console. One renderer per result type, in `Sources/PodMirrorCLI/Renderers/`;
/// a command asks the Kit for the result and hands it to `CommandRunner.show(_:with:ok:failure:)`.
protocol ResultRenderer {
    associatedtype Result
    static func jsonFields(_ result: Result) throws -> [String: JSONValue]
    static func text(_ result: Result, console: Console)
}

extension CommandRunner {
    /// Renders a read-only result with its renderer; exits with `failure` when not `ok`.
    func show<Renderer: ResultRenderer>(
        _ result: Renderer.Result, with _: Renderer.Type, ok: Bool = true, failure: ExitStatus = .failure
    ) throws {
        try show(
            ok: ok, failure: failure, json: { try Renderer.jsonFields(result) },
            text: { Renderer.text(result, console: console) })
    }
}
