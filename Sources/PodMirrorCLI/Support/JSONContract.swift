import PodMirrorFoundation
import PodMirrorKit

/// The envelope every `--json` document keeps (docs/json.md, docs/podmirror.schema.json): `command`,
/// `ok`, `warnings` (always an array), `error` (an object, or null); in `changes` and `warnings`, absent
/// values are null rather than missing keys.
enum JSONContract {
    static func normalized(_ object: [String: JSONValue]) -> [String: JSONValue] {
        var out = object
        switch out["error"] {
        case .none: out["error"] = .null
        case .string(let message)?:
            out["error"] = .object([
                "code": .string("failure"), "message": .string(message), "remedy": .null,
                "exitStatus": .int(Int(ExitStatus.failure.rawValue)),
            ])
        default: break
        }
        if out["ok"] == nil {
            if case .null? = out["error"] { out["ok"] = .bool(true) } else { out["ok"] = .bool(false) }
        }
        out["warnings"] = .array(items(out["warnings"]).map { filled($0, ["file", "line"]) })
        if out["changes"] != nil {
            out["changes"] = .array(items(out["changes"]).map { filled($0, ["diff", "error"]) })
        }
        return out
    }

    private static func items(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let a)? = value { return a }
        return []
    }

    private static func filled(_ value: JSONValue, _ keys: [String]) -> JSONValue {
        guard case .object(var o) = value else { return value }
        for k in keys where o[k] == nil { o[k] = .null }
        return .object(o)
    }
}
