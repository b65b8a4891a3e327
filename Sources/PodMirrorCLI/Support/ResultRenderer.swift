import ArgumentParser
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
    /// Renders a read-only result with its renderer: with `--json` one document with `command`, `ok` and the
    /// renderer's fields, else its text. Exits with `failure` when not `ok`.
    func show<Renderer: ResultRenderer>(
        _ result: Renderer.Result, with _: Renderer.Type, ok: Bool = true, failure: ExitStatus = .failure,
        error: (any PodMirrorError)? = nil
    ) throws {
        if options.json {
            var object = try Renderer.jsonFields(result)
            object["command"] = .string(command)
            object["ok"] = .bool(ok)
            // `ok: false` always comes with an `error` object (docs/json.md), its status the one the run exits with.
            if !ok {
                var fields = Render.errorFields(
                    error ?? PodMirrorFailure(Message("cli.not-ok", ["command": command]), code: .error))
                fields["exitStatus"] = .int(Int(failure.rawValue))
                object["error"] = .object(fields)
            }
            Render.json(object, console: console)
        } else {
            Renderer.text(result, console: console)
        }
        if !ok { throw ExitCode(failure.rawValue) }
    }
}
