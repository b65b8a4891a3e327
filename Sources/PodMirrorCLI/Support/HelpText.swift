import ArgumentParser
import PodMirrorFoundation
import PodMirrorKit

extension Message {
    /// The text as ArgumentParser help for an option, flag or argument, in the language chosen at start-up.
    var help: ArgumentHelp { ArgumentHelp(HelpText.wrapped(localized, cells: HelpText.columnCells)) }

    /// A command's abstract (also shown in its parent's list of subcommands, in the help column).
    var abstractText: String { HelpText.wrapped(localized, cells: HelpText.columnCells) }

    /// A command's discussion, shown from the first column.
    var discussionText: String { HelpText.wrapped(localized, cells: HelpText.pageCells) }
}

/// ArgumentParser wraps help at spaces and counts characters, so Chinese text (two cells a character, few
/// spaces) would run far past the terminal's edge: it is broken into lines here, by cells, before ArgumentParser
/// sees it. English text has spaces and is left to ArgumentParser as it always was.
enum HelpText {
    /// The help column: 80 columns less ArgumentParser's 26-column label column.
    static let columnCells = 54
    static let pageCells = 78
    /// ArgumentParser's label column (options, arguments, subcommands).
    static let labelColumns = 26
    /// Off for completion scripts and the help dump, where a line break would end up inside a quoted string; bound
    /// per run by `PodmirrorMain.run`.
    @TaskLocal static var wraps = true

    static func wrapped(_ text: String, cells: Int) -> String {
        guard wraps, text.unicodeScalars.contains(where: { TextColumns.width(String($0)) == 2 }) else { return text }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += wrapLine(Array(paragraph), cells: cells)
        }
        return lines.joined(separator: "\n")
    }

    /// ArgumentParser appends `(values: …)` and `(default: …)` to a help text broken into lines here and wraps it
    /// again counting characters, so a Chinese line can run past `cells`: each such line is broken again by cells,
    /// with the lines that continue it, in the column its text starts in.
    static func fitted(_ help: String, cells: Int = 80) -> String {
        guard wraps, help.unicodeScalars.contains(where: { TextColumns.width(String($0)) == 2 }) else { return help }
        var lines = help.components(separatedBy: "\n")
        var i = 0
        while i < lines.count {
            let line = lines[i]
            guard TextColumns.width(line) > cells, !line.hasPrefix("USAGE:"), let start = textColumn(line) else {
                i += 1
                continue
            }
            let chars = Array(line)
            var body = Array(chars[start...])
            var end = i + 1
            // Lines that continue it: indented to the same column, not a new option.
            while end < lines.count, let column = textColumn(lines[end]), column == start,
                lines[end].prefix(column).allSatisfy({ $0 == " " })
            {
                let next = Array(lines[end].dropFirst(column))
                if let last = body.last, let first = next.first, TextColumns.width(String(last)) == 1,
                    TextColumns.width(String(first)) == 1
                {
                    body.append(" ")
                }
                body += next
                end += 1
            }
            let indent = String(repeating: " ", count: start)
            let broken = wrapLine(body, cells: cells - start).enumerated().map {
                ($0.offset == 0 ? String(chars[..<start]) : indent) + $0.element
            }
            lines.replaceSubrange(i..<end, with: broken)
            i += broken.count
        }
        return lines.joined(separator: "\n")
    }

    /// Where a help line's text starts: after its indentation, or after an option's (or a subcommand's) label and
    /// the gap of two or more spaces that follows it in the label column.
    private static func textColumn(_ line: String) -> Int? {
        let chars = Array(line)
        guard let first = chars.firstIndex(where: { $0 != " " }) else { return nil }
        guard first > 0 else { return first }
        var i = first
        while i + 1 < min(chars.count, labelColumns) {
            if chars[i] == " ", chars[i + 1] == " " {
                var j = i
                while j < chars.count, chars[j] == " " { j += 1 }
                return j < chars.count ? j : nil
            }
            i += 1
        }
        return first
    }

    private static let noLineStart: Set<Character> = Set("，。、；：！？）」』》,.;:!?)]")
    private static let noLineEnd: Set<Character> = Set("（「『《([")

    /// Greedy: each line takes as many characters as fit; it breaks at a space (dropped) or next to a wide
    /// character, never inside an ASCII word, never before closing or after opening punctuation.
    private static func wrapLine(_ chars: [Character], cells: Int) -> [String] {
        var lines: [String] = []
        var start = 0
        while start < chars.count {
            var used = 0
            var end = start
            var lastBreak: Int?
            while end < chars.count {
                let w = TextColumns.width(String(chars[end]))
                if used + w > cells { break }
                if end > start, canBreak(before: end, chars) { lastBreak = end }
                used += w
                end += 1
            }
            if end == chars.count {
                lines.append(String(chars[start...]))
                break
            }
            let cut = lastBreak ?? end
            lines.append(String(chars[start..<cut]).trimmingSuffixSpaces())
            start = cut
            while start < chars.count, chars[start] == " " { start += 1 }
        }
        return lines
    }

    private static func canBreak(before i: Int, _ chars: [Character]) -> Bool {
        let prev = chars[i - 1]
        let next = chars[i]
        if noLineStart.contains(next) || noLineEnd.contains(prev) { return false }
        if next == " " || prev == " " { return true }
        return TextColumns.width(String(prev)) == 2 || TextColumns.width(String(next)) == 2
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
