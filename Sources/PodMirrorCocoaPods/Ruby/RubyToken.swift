import Foundation

/// One lexical token of Ruby (a Podfile, a podspec), with its byte range in the original bytes.
struct RubyToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case identifier, constant, keyword, variable
        /// `:name`, `:"name"`.
        case symbol
        /// `name:` in a hash or keyword argument.
        case label
        /// Any string-like literal: quotes, `%q %Q %w %i`, heredoc start (`<<~ID`), backticks.
        case string
        case regex
        case number
        /// Operators and punctuation: `( ) [ ] { } , . => = == << |` …
        case punct
        case newline
        /// `# …` to the end of the line.
        case comment
        /// `=begin` … `=end`.
        case blockComment
        /// A heredoc's body lines (belongs to the `string` token that started it).
        case heredocBody
    }

    var kind: Kind
    /// Byte range in the original file.
    var range: Range<Int>
    /// 1-based line and column (column in bytes) of the first byte.
    var line: Int
    var column: Int
    /// The token's source text (typographic quotes as written).
    var text: String
    /// For string literals without interpolation: the decoded value. For symbols: the name.
    var value: String?
    /// For quoted strings: the byte range of the content between the delimiters (what an editor replaces).
    var contentRange: Range<Int>?
    /// Opening delimiter as written (`'`, `"`, `%q(`, `<<~EOS`…), for strings.
    var delimiter: String?
    /// True when whitespace (or line start) precedes the token.
    var spaceBefore: Bool

    func isPunct(_ s: String) -> Bool { kind == .punct && text == s }
    func isKeyword(_ s: String) -> Bool { kind == .keyword && text == s }
    func isIdentifier(_ s: String) -> Bool { kind == .identifier && text == s }

    /// Tokens after which an expression has ended (so `/`, `%`, `<<`, `if` are operators/modifiers).
    var endsValue: Bool {
        switch kind {
        case .identifier, .constant, .variable, .symbol, .string, .regex, .number: return true
        case .keyword: return ["end", "self", "true", "false", "nil", "__FILE__", "__dir__"].contains(text)
        case .punct: return [")", "]", "}"].contains(text)
        default: return false
        }
    }
}
