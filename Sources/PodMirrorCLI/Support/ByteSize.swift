import Foundation

/// Sizes for a person, written one way everywhere (progress, `-v` stages, reports): `0 B`, `512 B`, `1.2 MB`, in
/// decimal units as ByteCountFormatter's `.file` style, whose own words for small values ("Zero KB", "12 bytes")
/// are not used.
enum ByteSize {
    static func text(_ bytes: Int64) -> String {
        guard abs(bytes) >= 1000 else { return "\(bytes) B" }
        let formatter = ByteCountFormatter()
        formatter.countStyle = .file
        formatter.allowsNonnumericFormatting = false
        return formatter.string(fromByteCount: bytes)
    }

    static func text(_ bytes: Int) -> String { text(Int64(bytes)) }
}
