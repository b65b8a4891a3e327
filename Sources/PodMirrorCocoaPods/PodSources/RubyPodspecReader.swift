import Foundation

/// Reads a Ruby `.podspec` into the attributes hash CocoaPods' DSL would build, without running Ruby, when the
/// file is only plain assignments: `Pod::Spec.new do |s|`, then lines such as `s.name = 'X'`,
/// `s.ios.deployment_target = '12.0'`, `s.platform = :ios, '12.0'`, `s.frameworks = 'A', 'B'`,
/// `s.dependency 'Y', '~> 1.0'`, `s.source = { :git => '…', :tag => s.version.to_s }`, with string, symbol,
/// number, boolean, array and hash literals, and `s.version`/`s.name` (also in `"#{…}"`). Attributes are
/// stored as Core's `store_attribute` stores them (key order of first assignment, top-level strings stripped,
/// hash keys as strings, singular writers under the plural key). Anything else (variables, conditionals,
/// heredocs, subspecs, unknown attributes) fails with the reason: only an exact reading is of use.
enum RubyPodspecReader {
    /// The attributes hash, or why the file cannot be read exactly.
    static func read(_ bytes: [UInt8]) -> Result<PodspecJSON, SkipReason> {
        do {
            var reader = try Reader(bytes: bytes)
            return .success(try reader.run())
        } catch let e as Unreadable {
            return .failure(.rubyPodspec(e.reason))
        } catch {
            return .failure(.rubyPodspec("the podspec cannot be parsed as Ruby"))
        }
    }

    struct Unreadable: Error { var reason: String }

    /// Attributes a platform proxy (`s.ios.…`) may also set, by writer (singular writers map to the plural).
    static let multiPlatform: [String: String] = {
        var m: [String: String] = [:]
        for a in [
            "requires_arc", "frameworks", "weak_frameworks", "libraries", "compiler_flags", "pod_target_xcconfig",
            "user_target_xcconfig", "xcconfig", "prefix_header_contents", "prefix_header_file", "module_map",
            "source_files", "public_header_files", "private_header_files", "project_header_files",
            "vendored_frameworks", "vendored_libraries", "resource_bundles", "resources", "exclude_files",
            "preserve_paths", "header_dir", "header_mappings_dir",
        ] { m[a] = a }
        for (one, many) in [
            ("framework", "frameworks"), ("weak_framework", "weak_frameworks"), ("library", "libraries"),
            ("vendored_framework", "vendored_frameworks"), ("vendored_library", "vendored_libraries"),
            ("resource", "resources"), ("preserve_path", "preserve_paths"),
        ] { m[one] = many }
        return m
    }()

    /// Attributes only the spec itself sets.
    static let rootOnly: [String: String] = {
        var m: [String: String] = [:]
        for a in [
            "name", "version", "swift_versions", "cocoapods_version", "authors", "social_media_url", "license",
            "homepage", "source", "summary", "description", "screenshots", "documentation_url", "readme",
            "changelog", "deprecated", "deprecated_in_favor_of", "static_framework", "module_name",
        ] { m[a] = a }
        for (one, many) in [("swift_version", "swift_versions"), ("author", "authors"), ("screenshot", "screenshots")] {
            m[one] = many
        }
        return m
    }()

    static let platformNames = [
        "ios": "ios", "osx": "osx", "macos": "osx", "tvos": "tvos", "watchos": "watchos",
        "visionos": "visionos",
    ]

    struct Reader {
        var tokens: [RubyToken] = []
        var specVar = ""
        var hash: [PodspecJSON.Member] = []
        /// The bodies of the current statement's heredocs, in order.
        var heredocs: [String] = []
        /// Literals (`[`, `{`) open around the value being read.
        var depth = 0

        /// The most statements, and items of one literal, read: keys are found by a scan, so a podspec of
        /// hundreds of thousands of attributes (under the size cap) would take hours. Real podspecs have dozens.
        static let maxItems = 5_000
        /// The deepest literals read (real podspecs nest two or three): each level is a few frames of recursion,
        /// and a worker thread's stack is 1 MiB.
        static let maxDepth = 64

        init(bytes: [UInt8]) throws {
            tokens = try RubyLexer.tokenize(bytes, file: "podspec").tokens.filter {
                $0.kind != .comment && $0.kind != .blockComment
            }
        }

        func fail(_ reason: String) -> Unreadable { Unreadable(reason: reason) }

        /// Splits the tokens into statements: lines, joined while a bracket is open or a line ends in `,`, `=>`.
        func statements() -> [[RubyToken]] {
            var out: [[RubyToken]] = []
            var current: [RubyToken] = []
            var depth = 0
            for t in tokens {
                // A heredoc's body follows the line that opened it.
                if t.kind == .heredocBody {
                    if current.isEmpty, !out.isEmpty { out[out.count - 1].append(t) } else { current.append(t) }
                    continue
                }
                if t.kind == .newline {
                    let continues = depth > 0 || (current.last.map { $0.isPunct(",") || $0.isPunct("=>") } ?? false)
                    if !continues && !current.isEmpty {
                        out.append(current)
                        current = []
                    }
                    continue
                }
                if t.kind == .punct, ["(", "[", "{"].contains(t.text) { depth += 1 }
                if t.kind == .punct, [")", "]", "}"].contains(t.text) { depth -= 1 }
                current.append(t)
            }
            if !current.isEmpty { out.append(current) }
            return out
        }

        mutating func run() throws -> PodspecJSON {
            var lines = statements()
            guard let header = lines.first, let last = lines.last, lines.count >= 2 else {
                throw fail("no `Pod::Spec.new do |s| … end` block")
            }
            let head = header.map(\.text).joined()
            guard
                let m = head.range(
                    of: #"^Pod::Spec(ification)?\.newdo\|[a-z_][A-Za-z0-9_]*\|$"#, options: .regularExpression),
                m == head.startIndex..<head.endIndex, last.count == 1, last[0].isKeyword("end")
            else { throw fail("the file is more than one `Pod::Spec.new do |s| … end` block") }
            specVar = String(head.split(separator: "|")[1])
            guard lines.count <= Self.maxItems + 2 else { throw fail("more than \(Self.maxItems) statements") }
            lines.removeFirst()
            lines.removeLast()
            for line in lines { try statement(line) }
            return .object(hash)
        }

        static func set(_ members: inout [PodspecJSON.Member], _ key: String, _ value: PodspecJSON) {
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = value
            } else {
                members.append(PodspecJSON.Member(key, value))
            }
        }

        /// The object at `key` (created in place when missing), changed by `body`.
        mutating func withObject(_ key: String, _ body: (inout [PodspecJSON.Member]) -> Void) {
            var inner: [PodspecJSON.Member] = []
            if case .object(let m)? = hash.first(where: { $0.key == key })?.value { inner = m }
            body(&inner)
            Self.set(&hash, key, .object(inner))
        }

        mutating func statement(_ all: [RubyToken]) throws {
            heredocs = all.filter { $0.kind == .heredocBody }.map(\.text)
            let t = all.filter { $0.kind != .heredocBody }
            let text = t.map(\.text).joined(separator: " ")
            guard t.count >= 3, t[0].text == specVar, t[1].isPunct("."), t[2].kind == .identifier else {
                throw fail("`\(text)` is not an attribute of the spec")
            }
            var i = 3
            var platform: String?
            var writer = t[2].text
            if let p = Self.platformName(writer), t.count > 4, t[3].isPunct("."), t[4].kind == .identifier {
                platform = p
                writer = t[4].text
                i = 5
            }
            if writer == "dependency" {
                var args = Array(t[i...])
                if args.first?.isPunct("(") == true, args.last?.isPunct(")") == true {
                    args = Array(args.dropFirst().dropLast())
                }
                let values = try list(args)
                guard case .string(let name)? = values.first, values.allSatisfy({ $0.string != nil }) else {
                    throw fail("`\(text)` is not a plain dependency")
                }
                let dep = PodspecJSON.array(values.dropFirst().map { $0 })
                if let platform {
                    withObject(platform) { inner in
                        var deps: [PodspecJSON.Member] = []
                        if case .object(let d)? = inner.first(where: { $0.key == "dependencies" })?.value { deps = d }
                        Self.set(&deps, name, dep)
                        Self.set(&inner, "dependencies", .object(deps))
                    }
                } else {
                    withObject("dependencies") { Self.set(&$0, name, dep) }
                }
                return
            }
            guard i < t.count, t[i].isPunct("=") else { throw fail("`\(text)` is not an assignment") }
            let values = try list(Array(t[(i + 1)...]))
            guard !values.isEmpty else { throw fail("`\(text)` assigns nothing") }
            var value = values.count == 1 ? values[0] : .array(values)
            // `store_attribute` stores a string as `value.strip_heredoc.strip`.
            if case .string(let s) = value { value = .string(Self.rubyStrip(Self.stripHeredoc(s))) }
            switch (platform, writer) {
            case (let p?, "deployment_target"):
                guard values.count == 1, values[0].string != nil else { throw fail("`\(text)`: not a literal target") }
                withObject("platforms") { Self.set(&$0, p, values[0]) }
            case (nil, "platform"):
                guard case .string(let raw)? = values.first, let name = Self.platformName(raw), values.count <= 2 else {
                    throw fail("`\(text)` is not a literal platform")
                }
                Self.set(&hash, "platforms", .object([PodspecJSON.Member(name, values.count == 2 ? values[1] : .null)]))
            case (let p?, _):
                guard let key = multiPlatform[writer] else {
                    throw fail("`\(specVar).\(t[2].text).\(writer)` is not read")
                }
                withObject(p) { Self.set(&$0, key, value) }
            case (nil, _):
                guard let key = rootOnly[writer] ?? multiPlatform[writer] else {
                    throw fail("`\(specVar).\(writer)` is not read")
                }
                Self.set(&hash, key, value)
            }
        }

        static func platformName(_ s: String) -> String? { platformNames[s] }

        /// Comma-separated values filling all of `t`.
        mutating func list(_ t: [RubyToken]) throws -> [PodspecJSON] {
            var i = 0
            var out: [PodspecJSON] = []
            while i < t.count {
                out.append(try value(t, &i))
                if i < t.count {
                    guard t[i].isPunct(",") else { throw fail("unexpected `\(t[i].text)`") }
                    i += 1
                }
            }
            return out
        }

        /// The version or name as set so far (`s.version`, `s.version.to_s`, `s.name`).
        func reference(_ t: [RubyToken], _ i: inout Int) throws -> PodspecJSON {
            guard i + 2 < t.count, t[i + 1].isPunct("."), ["version", "name"].contains(t[i + 2].text),
                let v = hash.first(where: { $0.key == t[i + 2].text })?.value, v.string != nil
            else { throw fail("`\(t[i].text)` is used as a value") }
            i += 3
            if t[i - 1].text == "version", i + 1 < t.count, t[i].isPunct("."), t[i + 1].text == "to_s" { i += 2 }
            return .string(v.string!)
        }

        mutating func value(_ t: [RubyToken], _ i: inout Int) throws -> PodspecJSON {
            guard i < t.count else { throw fail("a value is missing") }
            let tok = t[i]
            if tok.kind == .punct && (tok.text == "[" || tok.text == "{") {
                // Nested literals recurse: bounded, so no depth exhausts a worker's stack.
                guard depth < Self.maxDepth else { throw fail("literals nested deeper than \(depth)") }
                depth += 1
            }
            defer { if tok.kind == .punct && (tok.text == "[" || tok.text == "{") { depth -= 1 } }
            switch tok.kind {
            case .string:
                i += 1
                return .string(try stringValue(tok))
            case .symbol:
                i += 1
                guard let name = tok.value else { throw fail("symbol `\(tok.text)`") }
                return .string(name)
            case .number:
                i += 1
                guard let n = PodspecJSON.parse(Array(tok.text.utf8)), case .number = n else {
                    throw fail("number `\(tok.text)`")
                }
                return n
            case .keyword where ["true", "false", "nil"].contains(tok.text):
                i += 1
                return tok.text == "nil" ? .null : .bool(tok.text == "true")
            case .identifier where tok.text == specVar:
                return try reference(t, &i)
            case .punct where tok.text == "[":
                i += 1
                var items: [PodspecJSON] = []
                while i < t.count, !t[i].isPunct("]") {
                    guard items.count < Self.maxItems else { throw fail("a list of more than \(Self.maxItems) items") }
                    items.append(try value(t, &i))
                    if i < t.count, t[i].isPunct(",") { i += 1 } else { break }
                }
                guard i < t.count, t[i].isPunct("]") else { throw fail("unclosed `[`") }
                i += 1
                return .array(items)
            case .punct where tok.text == "{":
                i += 1
                var members: [PodspecJSON.Member] = []
                while i < t.count, !t[i].isPunct("}") {
                    guard members.count < Self.maxItems else { throw fail("a hash of more than \(Self.maxItems) keys") }
                    let key: String
                    if t[i].kind == .label {
                        key = String(t[i].text.dropLast())
                        i += 1
                    } else {
                        guard t[i].kind == .symbol || t[i].kind == .string, i + 1 < t.count, t[i + 1].isPunct("=>")
                        else { throw fail("hash key `\(t[i].text)`") }
                        key = t[i].kind == .symbol ? (t[i].value ?? "") : try stringValue(t[i])
                        i += 2
                    }
                    guard i < t.count else { throw fail("unclosed `{`") }
                    Self.set(&members, key, try value(t, &i))
                    if i < t.count, t[i].isPunct(",") { i += 1 } else { break }
                }
                guard i < t.count, t[i].isPunct("}") else { throw fail("unclosed `{`") }
                i += 1
                return .object(members)
            default:
                throw fail("`\(tok.text)` is not a literal")
            }
        }

        /// Ruby's `String#strip`: ASCII whitespace and NUL off both ends.
        static func rubyStrip(_ s: String) -> String {
            let blank: Set<Unicode.Scalar> = [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r", "\0"]
            var sub = Substring.UnicodeScalarView(s.unicodeScalars)
            while let c = sub.first, blank.contains(c) { sub = sub.dropFirst() }
            while let c = sub.last, blank.contains(c) { sub = sub.dropLast() }
            return String(String.UnicodeScalarView(sub))
        }

        /// Core's `String#strip_heredoc`: the smallest indentation of the lines with text removed from every
        /// line (`<<~` gives the same once stripped).
        static func stripHeredoc(_ body: String) -> String {
            let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
            let indents = lines.filter { $0.contains { $0 != " " } }.map { $0.prefix { $0 == " " }.count }
            let n = indents.min() ?? 0
            return lines.map { $0.prefix { $0 == " " }.count >= n ? String($0.dropFirst(n)) : String($0) }
                .joined(separator: "\n")
        }

        /// A plain quoted string, or a double-quoted one whose only interpolations are the version or name.
        mutating func stringValue(_ tok: RubyToken) throws -> String {
            if let d = tok.delimiter, d.hasPrefix("<<"), !heredocs.isEmpty {
                // The lexer's body ends with the terminator line.
                var lines = heredocs.removeFirst().split(separator: "\n", omittingEmptySubsequences: false)
                let id = d.drop { "<-~'\"".contains($0) }.filter { !"'\"".contains($0) }
                if lines.last?.isEmpty == true { lines.removeLast() }
                if lines.last.map({ $0.trimmingCharacters(in: .whitespaces) == id }) == true { lines.removeLast() }
                let body = lines.map { $0 + "\n" }.joined()
                guard !body.contains("#{"), !body.contains("\\"), !body.contains("\t") else {
                    throw fail("heredoc `\(d)`")
                }
                return d.hasPrefix("<<~") ? Self.stripHeredoc(body) : body
            }
            guard let d = tok.delimiter, d == "'" || d == "\"", tok.text.hasPrefix(d), tok.text.hasSuffix(d),
                tok.text.count >= 2
            else { throw fail("string `\(tok.text)`") }
            if let v = tok.value { return v }
            var inner = String(tok.text.dropFirst().dropLast())
            guard !inner.contains("\\") else { throw fail("string `\(tok.text)`") }
            for key in ["version", "name"] {
                guard let v = hash.first(where: { $0.key == key })?.value.string else { continue }
                for form in ["#{\(specVar).\(key)}", "#{\(specVar).\(key).to_s}"] {
                    inner = inner.replacingOccurrences(of: form, with: v)
                }
            }
            guard !inner.contains("#{") else { throw fail("string `\(tok.text)`") }
            return inner
        }
    }
}
