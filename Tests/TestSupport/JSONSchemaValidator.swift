import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport

/// Validates a JSON document against the subset of JSON Schema (draft 7) that docs/podmirror.schema.json
/// uses: `type` (a name or a list), `required`, `properties`, `items`, `enum` (of strings), `oneOf`, and
/// `$ref` to `#/definitions/NAME`. Returns the problems, each with its JSON path.
package struct JSONSchemaValidator {
    package let root: [String: JSONValue]

    package init(schemaFile: String) throws {
        guard
            case .object(let o) = try JSONDecoder().decode(
                JSONValue.self,
                from: Data(contentsOf: URL(fileURLWithPath: schemaFile)))
        else {
            throw NSError(domain: "JSONSchemaValidator", code: 1, userInfo: [NSLocalizedDescriptionKey: "not a schema"])
        }
        root = o
    }

    /// Problems of the JSON text `document` (a parse failure is one problem).
    package func problems(document: String) -> [String] {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(document.utf8)) else {
            return ["$: not one JSON document: \(document.prefix(200))"]
        }
        return check(value, .object(root), "$")
    }

    static func object(_ v: JSONValue?) -> [String: JSONValue]? { if case .object(let o)? = v { return o }; return nil }
    static func array(_ v: JSONValue?) -> [JSONValue]? { if case .array(let a)? = v { return a }; return nil }
    static func string(_ v: JSONValue?) -> String? { if case .string(let s)? = v { return s }; return nil }

    func resolve(_ schema: [String: JSONValue]) -> [String: JSONValue] {
        guard let ref = Self.string(schema["$ref"]), ref.hasPrefix("#/definitions/") else { return schema }
        return Self.object(Self.object(root["definitions"])?[String(ref.dropFirst("#/definitions/".count))]) ?? [:]
    }

    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .int: return "integer"
        case .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    func check(_ value: JSONValue, _ raw: JSONValue, _ path: String) -> [String] {
        let schema = resolve(Self.object(raw) ?? [:])
        var out: [String] = []
        if let type = schema["type"] {
            let allowed = Self.array(type)?.compactMap { Self.string($0) } ?? [Self.string(type) ?? ""]
            let actual = Self.typeName(value)
            if !(allowed.contains(actual) || (actual == "integer" && allowed.contains("number"))) {
                return ["\(path): \(actual), expected \(allowed.joined(separator: " or "))"]
            }
        }
        if let options = Self.array(schema["oneOf"]) {
            let passing = options.filter { check(value, $0, path).isEmpty }.count
            if passing != 1 { out.append("\(path): matches \(passing) of the oneOf schemas, expected 1") }
        }
        if let allowed = Self.array(schema["enum"])?.compactMap({ Self.string($0) }) {
            if !allowed.contains(Self.string(value) ?? "\u{0}") { out.append("\(path): not one of \(allowed)") }
        }
        if case .object(let object) = value {
            for key in Self.array(schema["required"])?.compactMap({ Self.string($0) }) ?? [] where object[key] == nil {
                out.append("\(path): missing required key \"\(key)\"")
            }
            for (key, sub) in Self.object(schema["properties"]) ?? [:] {
                if let v = object[key] { out += check(v, sub, "\(path).\(key)") }
            }
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (i, v) in items.enumerated() { out += check(v, itemSchema, "\(path)[\(i)]") }
        }
        return out
    }
}
