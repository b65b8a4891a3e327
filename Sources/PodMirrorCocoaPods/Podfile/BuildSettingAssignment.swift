import Foundation
import PodMirrorFoundation

/// `KEY=VALUE` for a build setting, as every command takes it (`podfile build-setting`,
/// `setup --build-setting`). A key may carry Xcode conditions: `EXCLUDED_ARCHS[sdk=iphonesimulator*]=arm64`
/// splits at the first `=` outside the brackets.
package struct BuildSettingAssignment: Sendable, Equatable {
    package var key: String
    package var value: String

    package init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    package init(parsing text: String) throws {
        var depth = 0
        var split: String.Index?
        for i in text.indices {
            switch text[i] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case "=" where depth == 0: split = i
            default: break
            }
            if split != nil { break }
        }
        guard let eq = split, eq != text.startIndex else {
            throw PodMirrorFailure(
                Message("podfile.build-setting.bad-assignment", ["text": text]),
                remedy: Message("podfile.build-setting.bad-assignment.remedy"), code: .buildSettingSyntax)
        }
        let key = String(text[..<eq])
        try Self.validate(key: key)
        self.init(key: key, value: String(text[text.index(after: eq)...]))
    }

    /// A build setting name, optionally with conditions: `NAME`, `NAME[sdk=iphonesimulator*]`,
    /// `NAME[sdk=macosx*][arch=x86_64]`.
    package static func validate(key: String) throws {
        guard
            key.range(of: #"^[A-Za-z_][A-Za-z0-9_]*(\[[A-Za-z_]+=[^\]'"\\\[]+\])*$"#, options: .regularExpression)
                != nil
        else {
            throw PodMirrorFailure(
                Message("podfile.build-setting.bad-key", ["key": key]),
                remedy: Message("podfile.build-setting.bad-assignment.remedy"), code: .buildSettingKey)
        }
    }
}
