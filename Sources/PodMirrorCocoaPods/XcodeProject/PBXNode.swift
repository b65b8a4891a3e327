import Foundation

/// A value of a property list as read from project.pbxproj, with where it sits in the file.
/// pbxproj has no numbers or booleans: every scalar is a string, kept as its exact (unescaped) text.
package struct PBXNode: Sendable, Equatable {
    package enum Value: Sendable, Equatable {
        case string(String)
        case data([UInt8])
        case array([PBXNode])
        case dictionary([PBXEntry])
    }

    package var value: Value
    /// The bytes of the value itself.
    package var range: Range<Int>
    /// As an array element: the value with its trailing comma and annotation (what deleting it removes).
    var itemRange: Range<Int>

    package init(_ value: Value, range: Range<Int>, itemRange: Range<Int>? = nil) {
        self.value = value
        self.range = range
        self.itemRange = itemRange ?? range
    }

    package var string: String? { if case .string(let s) = value { return s } else { return nil } }
    package var array: [PBXNode]? { if case .array(let a) = value { return a } else { return nil } }
    package var entries: [PBXEntry]? { if case .dictionary(let d) = value { return d } else { return nil } }

    /// The first entry with this key, for dictionaries.
    subscript(key: String) -> PBXNode? { entries?.first { $0.key == key }?.value }

    /// The same value without positions, for comparing two files' content.
    var plain: PlainValue {
        switch value {
        case .string(let s): return .string(s)
        case .data(let d): return .data(d)
        case .array(let a): return .array(a.map(\.plain))
        case .dictionary(let d):
            return .dictionary(d.map { ($0.key, $0.value.plain) }.reduce(into: [:]) { $0[$1.0] = $1.1 })
        }
    }

    /// Equality ignores positions: two files with the same content compare equal.
    package static func == (a: PBXNode, b: PBXNode) -> Bool { a.plain == b.plain }
}

/// A value without positions.
indirect enum PlainValue: Equatable, Sendable {
    case string(String)
    case data([UInt8])
    case array([PlainValue])
    case dictionary([String: PlainValue])
}

/// `key = value;` in a dictionary, with the range from the key to the `;` (what deleting it removes).
package struct PBXEntry: Sendable, Equatable {
    package var key: String
    package var value: PBXNode
    package var range: Range<Int>

    package init(key: String, value: PBXNode, range: Range<Int>) {
        self.key = key
        self.value = value
        self.range = range
    }
}
