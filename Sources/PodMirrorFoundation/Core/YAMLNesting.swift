import Foundation

/// The guard run before any bytes reach the YAML parser (Yams, libyaml), whose recursion overflows the stack on
/// absurdly nested input (about 10,000 levels of `[`, `{` or `- `) and crashes the process: every YAML file
/// podmirror reads (Podfile.lock, CocoaPods' `config.yaml`, a spec repo's `CocoaPods-version.yml`, gemrc,
/// Bundler's config) goes through `check` first.
package enum YAMLNesting {
    /// Deeper than any lock, gemrc or config file; far below what overflows an 8 MB stack (or a 512 KB thread's).
    package static let limit = 512

    /// An upper bound of the nesting depth: open flow brackets plus, per line, indentation and
    /// compact `- `/`? ` indicators. Over-counting (brackets inside quotes) only makes it stricter.
    package static func depthBound(_ bytes: [UInt8]) -> Int {
        var flow = 0
        var maxFlow = 0
        var maxBlock = 0
        var lineStart = true
        var block = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A { lineStart = true; block = 0; i += 1; continue }
            if lineStart {
                if b == 0x20 { block += 1; i += 1; continue }
                if b == 0x2D || b == 0x3F, i + 1 < bytes.count, bytes[i + 1] == 0x20 { block += 2; i += 2; continue }
                lineStart = false
                maxBlock = max(maxBlock, block)
            }
            if b == 0x5B || b == 0x7B { flow += 1; maxFlow = max(maxFlow, flow) }
            if (b == 0x5D || b == 0x7D) && flow > 0 { flow -= 1 }
            i += 1
        }
        return maxFlow + max(maxBlock, block)
    }

    /// Throws a failure naming the file when it nests deeper than `limit`; `code` is the one the file's other
    /// YAML errors carry.
    package static func check(_ bytes: [UInt8], path: String, code: ErrorCode) throws {
        guard depthBound(bytes) > limit else { return }
        throw PodMirrorFailure(
            Message("yaml.error.too-deep", ["path": path, "limit": String(limit)]),
            remedy: Message("yaml.error.too-deep.remedy"), code: code)
    }
}
