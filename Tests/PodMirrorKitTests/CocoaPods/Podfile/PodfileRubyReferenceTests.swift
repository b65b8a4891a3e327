import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Checks against Ruby itself when `ruby` is on PATH (a test reference only: podmirror never runs
/// Ruby): edited Podfiles still compile, and Ruby's lexer agrees with podmirror's.
final class PodfileRubyReferenceTests: XCTestCase, PodfileCorpusTesting {
    /// When `ruby` is on PATH (as a reference only: podmirror never runs Ruby), every edit of every
    /// corpus file that Ruby compiles must still compile. Smart quotes are converted first, as
    /// CocoaPods does before `eval`.
    func testEditedCorpusFilesCompileInRuby() throws {
        guard let ruby = ProcessRunner.which("ruby") else {
            throw XCTSkip("ruby is not installed (reference check only)")
        }
        let cases = try corpusCases()
        let catalog = try MirrorCatalog.bundled()
        let dir = TempDirectory("podfile-ruby")
        let edits: [PodfileEdit] = [
            .useSource("tuna"), .addSource("https://git.example.com/private/Specs.git", first: true),
            .setSources(["https://cdn.cocoapods.org/", "https://git.example.com/private/Specs.git"]),
            .platform(try PlatformVersion(parsing: "ios", version: "15.0"), force: true), .inhibitWarnings(true),
            .inhibitWarnings(false),
            .buildSetting(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "13.0"),
            .deploymentTarget(try PlatformVersion(parsing: "ios", version: "15.0")),
            .buildSetting(key: "EXCLUDED_ARCHS[sdk=iphonesimulator*]", value: "arm64"),
            .buildSetting(key: "ENABLE_BITCODE", value: "NO", configuration: "Debug", pod: "PodA"),
        ]
        var originals: [String] = []
        var edited: [String: String] = [:]
        for c in cases {
            let original = try dir.write("\(c.name)/original.rb", c.bytes)
            originals.append(original)
            guard let doc = try? PodfileDocument(bytes: c.bytes, path: c.name) else { continue }
            for (n, e) in edits.enumerated() {
                guard let r = try? PodfileEditor.apply([e], to: doc, catalog: catalog), r.changed else { continue }
                edited[try dir.write("\(c.name)/edit\(n).rb", r.new)] = "\(c.name): \(e.summary)"
            }
        }
        let script = #"""
            ARGV.each do |f|
              src = File.read(f, encoding: 'UTF-8').tr("\u201C\u201D\u2018\u2019\u201B", %q(""''')).sub(/\A\uFEFF/, '')
              begin
                RubyVM::InstructionSequence.compile(src, f)
                puts "OK #{f}"
              rescue SyntaxError => e
                puts "ERR #{f} #{e.message.lines.first}"
              end
            end
            """#
        let scriptPath = try dir.write("check.rb", script)
        let result = try ProcessRunner.run(ruby, [scriptPath] + originals + edited.keys.sorted())
        var status: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            if parts.count >= 2 { status[parts[1]] = parts[0] == "OK" ? "OK" : (parts.count > 2 ? parts[2] : "error") }
        }
        let folder = { (p: String) in (p as NSString).deletingLastPathComponent }
        let compiling = Set(originals.filter { status[$0] == "OK" }.map(folder))
        var checked = 0
        var failures: [String] = []
        for (path, what) in edited.sorted(by: { $0.key < $1.key }) where compiling.contains(folder(path)) {
            checked += 1
            if status[path] != "OK" { failures.append("\(what): \(status[path] ?? "not checked")") }
        }
        let rejected = originals.filter { status[$0] != "OK" }.map { (folder($0) as NSString).lastPathComponent }
        print(
            "podfile ruby reference: \(checked - failures.count)/\(checked) edited corpus files compile in "
                + "Ruby\(result.stderr.isEmpty ? "" : " (stderr: \(result.stderr))"); originals Ruby rejects: "
                + "\(rejected.joined(separator: ", "))"
        )
        for f in failures { print("  FAIL \(f)") }
        XCTAssertEqual(failures, [])
    }
    /// Our tokens in the shape the Ripper script prints: `file line:col kind text`.
    func ripperComparable(_ tokens: [RubyToken], file: String) -> [String] {
        tokens.compactMap { t in
            let kind: String
            switch t.kind {
            case .comment: kind = "comment"
            case .keyword where t.text != "__dir__": kind = "keyword"
            case .label where !t.text.hasPrefix("\"") && !t.text.hasPrefix("'"): kind = "label"
            case .regex: kind = "regex"
            case .string where t.delimiter?.hasPrefix("<<") == true: kind = "heredoc"
            case .string: kind = "string"
            default: return nil
            }
            var text =
                kind == "regex"
                ? String(t.text.prefix(t.text.hasPrefix("%r") ? 3 : 1))
                : (kind == "comment" || kind == "string" ? "" : t.text)
            if kind == "heredoc" { text = t.delimiter ?? text }
            return "\(file) \(t.line):\(t.column - 1) \(kind) \(text.trimmingCharacters(in: .whitespaces))"
        }
    }

    /// When `ruby` is on PATH (a reference only), Ruby's own lexer (Ripper) and podmirror's agree on
    /// where every comment, keyword, label, regex, heredoc and string literal starts in every corpus file.
    func testLexerAgreesWithRipper() throws {
        guard let ruby = ProcessRunner.which("ruby") else {
            throw XCTSkip("ruby is not installed (reference check only)")
        }
        let cases = try corpusCases()
        let dir = TempDirectory("podfile-ripper")
        // Typographic quotes become an ASCII quote plus two spaces, so byte columns stay put.
        let script = #"""
            require 'ripper'
            ARGV.each do |f|
              src = File.read(f, encoding: 'UTF-8').sub(/\A\uFEFF/, '')\#
            .gsub(/[\u201C\u201D]/, '"  ').gsub(/[\u2018\u2019\u201B]/, "'  ")
              Ripper.lex(src).each do |(pos, type, tok, _)|
                kind = { on_comment: 'comment', on_kw: 'keyword', on_label: 'label', on_regexp_beg: 'regex', \#
            on_heredoc_beg: 'heredoc',
                         on_tstring_beg: 'string', on_qwords_beg: 'string', on_words_beg: 'string', on_qsymbols_beg: \#
            'string',
                         on_symbols_beg: 'string', on_backtick: 'string', on_CHAR: 'string' }[type]
                next unless kind
                next if kind == 'keyword' && tok == '__END__'
                puts "#{File.basename(f)} #{pos[0]}:#{pos[1]} #{kind} \#
            #{%w[comment string].include?(kind) ? '' : tok.strip}"
              end
            end
            """#
        let scriptPath = try dir.write("lex.rb", script)
        // Tricky fixtures written here, compared the same way as the corpus.
        let tricky = [
            "a = <<~EOS\n  target 'X' do\nEOS\nb = <<-'RAW'\nend #{x}\n  RAW\nc = foo(<<EOT, 'x')\ndo\nEOT\n"
                + "puts <<EOS\nif\nEOS\nn = 1 <<2\narr << 'v'\n",
            "q = %q(it's (nested) end)\nw = %w[end do]\ni = %i<a b>\nr = %r{a/b}i\nm = 10 % 3\nd = x / 2\n"
                + "e = y.match(/a#{b}c/)\nf = 4 /2\n",
            "x = cond ? :sym : 'do'\nh = { if: 1, :b => 2, c: 3 }\nz = a ?b :c\nt = [].empty? ? 1 : 2\nch = ?a\n",
            "def self.helper; return if x; next unless y; end\nwhile x do x -= 1 end\nbegin; rescue; end\n"
                + "y = if true then 1 else 2 end\n",
            "s = \"#{\"#{'}'}\"}\" # comment\nv = :\"quoted #{x}\" if a\nputs \"a\" \\\n  \"b\"\n=begin\nend\n=end\n"
                + "foo.end.class\n",
        ]
        var ours: Set<String> = []
        var paths: [String] = []
        for (name, bytes) in cases.map({ ($0.name, $0.bytes) })
            + tricky.enumerated().map({ ("tricky\($0.offset)", Array($0.element.utf8)) })
        {
            paths.append(try dir.write(name, bytes))
            guard let doc = try? PodfileDocument(bytes: bytes, path: name) else { continue }
            ours.formUnion(ripperComparable(doc.syntax.tokens, file: name))
        }
        // Literals nested inside `#{}` are part of the outer string token here; Ripper lists them.
        var nested: Set<String> = []
        for (name, bytes) in cases.map({ ($0.name, $0.bytes) })
            + tricky.enumerated().map({ ("tricky\($0.offset)", Array($0.element.utf8)) })
        {
            guard let doc = try? PodfileDocument(bytes: bytes, path: name) else { continue }
            for t in doc.syntax.tokens where t.kind == .string && t.value == nil {
                var line = t.line
                var col = t.column - 1
                for k in t.range {
                    if k > t.range.lowerBound { nested.insert("\(name) \(line):\(col) string") }
                    if bytes[k] == 0x0A { line += 1; col = 0 } else { col += 1 }
                }
            }
        }
        let r = try ProcessRunner.run(ruby, [scriptPath] + paths)
        let theirs = Set(
            r.stdout.split(separator: "\n").map {
                String($0).replacingOccurrences(of: "\r", with: "").trimmingCharacters(in: .whitespaces)
            })
        let ourTrimmed = Set(
            ours.map { $0.replacingOccurrences(of: "\r", with: "").trimmingCharacters(in: .whitespaces) })
        let missing = theirs.subtracting(ourTrimmed).subtracting(nested).sorted()
        let extra = ourTrimmed.subtracting(theirs).sorted()
        let compared = theirs.subtracting(nested).count
        print(
            "podfile lexer vs Ripper: \(compared - missing.count)/\(compared) "
                + "comment/keyword/label/regex/heredoc/string positions agree; "
                + "\(extra.count) only in podmirror; \(theirs.count - compared) literals nested in #{} not compared")
        for m in missing.prefix(20) { print("  only Ripper: \(m)") }
        for e in extra.prefix(20) { print("  only podmirror: \(e)") }
        XCTAssertEqual(missing, [])
        XCTAssertEqual(extra, [])
    }
}
