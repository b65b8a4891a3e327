import Foundation

/// Unified diffs (as `diff -u` prints them) for dry runs. Lines keep their own endings, so a CRLF
/// file shows its `\r` untouched; a missing final newline is marked as `diff` does.
enum UnifiedDiff {
    /// An operation on lines: keep, delete from old, insert from new.
    enum Op: Equatable { case keep(Int, Int), delete(Int), insert(Int) }

    static func render(
        old: [UInt8], new: [UInt8], oldName: String = "a", newName: String = "b",
        context: Int = 3
    ) -> String {
        let a = splitLines(old)
        let b = splitLines(new)
        let ops = diff(a, b)
        let isChange: (Op) -> Bool = { if case .keep = $0 { return false } else { return true } }
        guard ops.contains(where: isChange) else { return "" }
        // Line positions in old and new before each op.
        var positions: [(Int, Int)] = []
        var oa = 0
        var nb = 0
        for op in ops {
            positions.append((oa, nb))
            switch op {
            case .keep: oa += 1; nb += 1
            case .delete: oa += 1
            case .insert: nb += 1
            }
        }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var i = 0
        while let firstChange = ops[i...].firstIndex(where: isChange) {
            let start = max(i, firstChange - context)
            var lastChange = firstChange
            var j = firstChange
            while j < ops.count {
                if isChange(ops[j]) { lastChange = j } else if j - lastChange > 2 * context { break }
                j += 1
            }
            let end = min(ops.count, lastChange + context + 1)
            var oldCount = 0
            var newCount = 0
            var body = ""
            for op in ops[start..<end] {
                switch op {
                case .keep(let x, _): body += " " + text(a[x]); oldCount += 1; newCount += 1
                case .delete(let x): body += "-" + text(a[x]); oldCount += 1
                case .insert(let y): body += "+" + text(b[y]); newCount += 1
                }
            }
            let (o, n) = positions[start]
            out += "@@ -\(oldCount == 0 ? o : o + 1),\(oldCount) +\(newCount == 0 ? n : n + 1),\(newCount) @@\n" + body
            i = end
            if i >= ops.count { break }
        }
        return out
    }

    /// One line as printed. The ending is tested on bytes: in Swift `"\r\n"` is a single Character, so a
    /// String's `hasSuffix("\n")` is false for every CRLF line.
    static func text(_ line: ArraySlice<UInt8>) -> String {
        let s = String(decoding: line, as: UTF8.self)
        return line.last == 0x0A ? s : s + "\n\\ No newline at end of file\n"
    }

    /// Splits into lines, each keeping its `\n` (and any `\r` before it).
    static func splitLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(bytes[start...i])
            start = i + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// Myers' O(ND) diff on lines, after trimming the common prefix and suffix.
    static func diff(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Op] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let a1 = Array(a[prefix..<(a.count - suffix)])
        let b1 = Array(b[prefix..<(b.count - suffix)])
        var ops: [Op] = (0..<prefix).map { .keep($0, $0) }
        ops += (deletionsOnly(a1, b1) ?? middle(a1, b1)).map {
            switch $0 {
            case .keep(let x, let y): return .keep(x + prefix, y + prefix)
            case .delete(let x): return .delete(x + prefix)
            case .insert(let y): return .insert(y + prefix)
            }
        }
        ops += (0..<suffix).map { .keep(a.count - suffix + $0, b.count - suffix + $0) }
        return ops
    }

    /// When `b` is `a` with lines deleted, the earliest-match alignment is a minimal script, found in
    /// linear time and memory (Myers' trace grows with lines × differences: gigabytes on large
    /// project files).
    static func deletionsOnly(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Op]? {
        guard b.count <= a.count else { return nil }
        var ops: [Op] = []
        ops.reserveCapacity(a.count)
        var x = 0
        for y in 0..<b.count {
            while x < a.count, a[x] != b[y] { ops.append(.delete(x)); x += 1 }
            guard x < a.count else { return nil }
            ops.append(.keep(x, y))
            x += 1
        }
        while x < a.count { ops.append(.delete(x)); x += 1 }
        return ops
    }

    private static func middle(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Op] {
        let n = a.count
        let m = b.count
        if n == 0 { return (0..<m).map { .insert($0) } }
        if m == 0 { return (0..<n).map { .delete($0) } }
        let maxD = n + m
        // Past this many differences, show a plain replacement: cheaper and just as readable.
        let limit = min(maxD, 4000)
        let offset = maxD
        var v = [Int](repeating: 0, count: 2 * maxD + 2)
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...limit {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { found = true; break outer }
            }
        }
        guard found else { return (0..<n).map { .delete($0) } + (0..<m).map { .insert($0) } }
        var ops: [Op] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let vd = trace[d]
            let k = x - y
            let prevK: Int
            if k == -d || (k != d && vd[offset + k - 1] < vd[offset + k + 1]) { prevK = k + 1 } else { prevK = k - 1 }
            let prevX = vd[offset + prevK]
            let prevY = prevX - prevK
            while x > prevX, y > prevY { x -= 1; y -= 1; ops.append(.keep(x, y)) }
            if d > 0 {
                if x == prevX { y -= 1; ops.append(.insert(y)) } else { x -= 1; ops.append(.delete(x)) }
            }
        }
        return ops.reversed()
    }
}
