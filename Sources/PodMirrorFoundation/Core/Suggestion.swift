import Foundation

/// The nearest candidate to a mistyped word, for "did you mean" hints.
package enum Suggestion {
    /// The candidate at the smallest edit distance, when that distance is small for the word's length.
    package static func nearest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word, $0)) }.min { $0.1 < $1.1 }
        guard let (best, d) = scored, d <= max(1, min(3, word.count / 3)) else { return nil }
        return best
    }

    /// Levenshtein distance, with a transposition of neighbours counted as one edit.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
