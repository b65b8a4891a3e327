/// Table columns in a terminal: CJK characters take two cells, so padding counts cells, not characters.
enum TextColumns {
    /// The cells `text` takes in a terminal.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

    /// `text` followed by spaces up to `cells` cells (never cut).
    static func pad(_ text: String, _ cells: Int) -> String {
        text + String(repeating: " ", count: max(0, cells - width(text)))
    }

    /// East Asian wide and full-width ranges: CJK, Hangul, kana, full-width forms.
    private static func isWide(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default: return false
        }
    }
}
