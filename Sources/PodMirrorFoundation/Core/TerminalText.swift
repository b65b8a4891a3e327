import Foundation

/// Text from outside (an archive member's name, a path inside a pod, a tool's message about them) made safe to
/// print on a terminal: C0 controls (ESC, CR, LF, TAB, …), DEL and C1 controls are written as JSON writes them
/// (`\n`, `\r`, `\t`, `\u001b`), so a name can neither move the cursor, recolour the terminal nor forge a line of
/// output. Printable text, non-ASCII letters included, is unchanged.
package enum TerminalText {
    /// `text` with its control characters escaped.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out
    }

    /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
