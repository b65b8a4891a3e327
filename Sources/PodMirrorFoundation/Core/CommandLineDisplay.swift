import Foundation

/// An argv as a person would type it in a POSIX shell, for display only (podmirror never runs a
/// command line as a string): words with characters a shell treats specially are single-quoted,
/// and credentials in URLs are redacted.
package enum CommandLineDisplay {
    /// `["/usr/bin/pod", "install", "--project-directory=My App"]` →
    /// `/usr/bin/pod install '--project-directory=My App'`.
    package static func render(_ argv: [String]) -> String {
        argv.map { quote(Redaction.redactText($0)) }.joined(separator: " ")
    }

    /// One word, single-quoted when a shell would split or expand it (`'` written as `'\''`).
    package static func quote(_ word: String) -> String {
        if word.isEmpty { return "''" }
        let plain = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (CharacterSet.alphanumerics.contains(scalar) || "@%+=:,./_-".unicodeScalars.contains(scalar))
        }
        if plain { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
