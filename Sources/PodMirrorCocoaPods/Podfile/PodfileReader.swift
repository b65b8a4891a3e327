import Foundation

/// A target scope with the statements editors need (the root scope is CocoaPods' implicit `Pods`).
struct PodfileScope {
    var name: String
    var label: String
    var abstract = false
    var inheritance = "complete"
    var line = 0
    var statement: RubyStatement?
    var block: RubyBlock?
    var platforms: [(statement: RubyStatement, conditional: Bool)] = []
    var inhibits: [RubyStatement] = []
    var children: [PodfileScope] = []
}

/// A hook with its statement and block.
struct HookSite {
    var name: String
    var statement: RubyStatement
    var block: RubyBlock
    var target: String?
    var conditional: Bool
}

/// A build-setting statement podmirror wrote, inside a hook.
struct BuildSettingSite {
    var setting: PodfileBuildSetting
    var statement: RubyStatement
    var hook: Int
    /// Token index of the value string.
    var valueToken: Int
}

/// Walks the statement tree and collects what the Podfile DSL would record.
struct PodfileReader {
    let syntax: RubySyntax
    var sources: [(statement: RubyStatement, source: PodfileSource)] = []
    /// Every `pod` statement: its root name and its `:source`, in order.
    var dependencies: [PodfileDependency] = []
    var hooks: [HookSite] = []
    var root: PodfileScope
    /// Top-level `def name` without parameters: body statements, walked where the method is called.
    var methods: [String: [RubyStatement]] = [:]
    var calling: Set<String> = []

    static let hookNames: Set<String> = ["pre_install", "post_install", "pre_integrate", "post_integrate"]

    init(syntax: RubySyntax) {
        self.syntax = syntax
        root = PodfileScope(name: "Pods", label: "Pods", abstract: true)
        for s in syntax.statements where s.compound == "def" {
            guard let signature = s.children.first, signature.first == signature.last,
                syntax.tokens[signature.first].kind == .identifier
            else { continue }
            methods[syntax.tokens[signature.first].text] = Array(s.children.dropFirst())
        }
        var scope = root
        walk(syntax.statements, scope: &scope, conditional: false, inHook: false)
        root = scope
    }

    func tokenValue(_ indices: [Int]) -> String? {
        guard indices.count == 1 else { return nil }
        let t = syntax.tokens[indices[0]]
        return (t.kind == .string || t.kind == .symbol) ? t.value : nil
    }

    func text(_ indices: [Int]) -> String {
        guard let a = indices.first, let b = indices.last else { return "" }
        return String(
            decoding: syntax.bytes[syntax.tokens[a].range.lowerBound..<syntax.tokens[b].range.upperBound], as: UTF8.self
        )
    }

    mutating func walk(_ statements: [RubyStatement], scope: inout PodfileScope, conditional: Bool, inHook: Bool) {
        for s in statements {
            if s.compound == "def" || s.compound == "class" || s.compound == "module" { continue }
            if let c = s.compound {
                walk(s.children, scope: &scope, conditional: conditional || c != "begin", inHook: inHook)
            }
            // A call of a parameterless method defined in the file: its DSL calls count here.
            if let name = s.name, s.first == s.last, let body = methods[name], !inHook, !calling.contains(name),
                calling.count < RubyLexer.maxNesting
            {
                calling.insert(name)
                walk(body, scope: &scope, conditional: conditional, inHook: false)
                calling.remove(name)
                continue
            }
            switch s.name {
            case "source"? where !inHook:
                let args = syntax.arguments(of: s)
                // A string spanning lines is no URL podmirror should rewrite (CocoaPods would still match parts of it).
                let url = args.count == 1 ? tokenValue(args[0]).flatMap { $0.contains("\n") ? nil : $0 } : nil
                sources.append((s, PodfileSource(url: url, text: args.first.map(text) ?? "", line: s.line)))
            case "pod"? where !inHook:
                if let dependency = dependency(s) { dependencies.append(dependency) }
            case "platform"? where !inHook:
                scope.platforms.append((s, conditional))
            case "inhibit_all_warnings!"? where !inHook:
                scope.inhibits.append(s)
            case "abstract!"? where !inHook:
                scope.abstract = syntax.arguments(of: s).first.map { text($0) != "false" } ?? true
            case "inherit!"? where !inHook:
                if let a = syntax.arguments(of: s).first, let v = tokenValue(a) { scope.inheritance = v }
            case "target"?, "abstract_target"?:
                guard !inHook else { break }
                let args = syntax.arguments(of: s)
                let name = args.first.map { tokenValue($0) ?? text($0) } ?? ""
                var child = PodfileScope(
                    name: name, label: name, abstract: s.name == "abstract_target", line: s.line,
                    statement: s, block: s.block)
                // A target without a block is still declared.
                if let block = s.block { walk(block.body, scope: &child, conditional: conditional, inHook: false) }
                let exclusive = child.inheritance != "complete"
                child.label = (scope.label == "Pods" || exclusive) ? "Pods-\(name)" : "\(scope.label)-\(name)"
                scope.children.append(child)
                continue
            case let name? where Self.hookNames.contains(name) && !inHook:
                if let block = s.block {
                    hooks.append(
                        HookSite(
                            name: name, statement: s, block: block,
                            target: scope.statement == nil ? nil : scope.name, conditional: conditional))
                    continue
                }
            default: break
            }
            for b in s.blocks {
                walk(b.body, scope: &scope, conditional: conditional, inHook: inHook)
            }
        }
    }

    // MARK: - Model

    /// `pod 'Name/Sub', …, :source => 'URL'` (or `source: 'URL'`): the root name and the plain-string source.
    func dependency(_ s: RubyStatement) -> PodfileDependency? {
        let args = syntax.arguments(of: s)
        guard let first = args.first, let name = tokenValue(first), !name.isEmpty else { return nil }
        var source: String?
        var expression: String?
        for arg in args.dropFirst() {
            let t = arg.map { syntax.tokens[$0] }
            let keyLength =
                t.count >= 3 && t[0].kind == .symbol && t[0].value == "source" && t[1].isPunct("=>")
                ? 2 : t.count >= 2 && t[0].kind == .label && t[0].value == "source" ? 1 : 0
            guard keyLength > 0 else { continue }
            let value = Array(arg.dropFirst(keyLength))
            if value.count == 1, syntax.tokens[value[0]].kind == .string, let url = syntax.tokens[value[0]].value,
                !url.contains("\n")
            {
                source = url
            } else {
                expression = text(value)
            }
        }
        let root = String(name.prefix { $0 != "/" })
        return PodfileDependency(name: root, source: source, line: s.line, sourceExpression: expression)
    }

    func platform(_ s: RubyStatement, conditional: Bool) -> PodfilePlatform {
        let args = syntax.arguments(of: s)
        var name = args.first.map { tokenValue($0) ?? text($0) } ?? ""
        if name == "macos" { name = "osx" }
        var p = PodfilePlatform(name: name, version: nil, expression: nil, line: s.line, conditional: conditional)
        if let first = args.first, first.count != 1 || syntax.tokens[first[0]].kind != .symbol {
            // `platform os, version`: the whole argument list is an expression.
            p.expression = text(args.flatMap { $0 })
            return p
        }
        if args.count >= 2 {
            let a = Array(args[1...]).flatMap { $0 }
            if args.count == 2, args[1].count == 1, syntax.tokens[args[1][0]].kind == .string,
                let v = tokenValue(args[1])
            {
                p.version = v
            } else {
                p.expression = text(a)
            }
        }
        return p
    }

    func target(_ scope: PodfileScope, parentInhibits: Bool = false) -> PodfileTarget {
        // The one `platform` edits change: the first outside a condition, else the first.
        let platform = (scope.platforms.first { !$0.conditional } ?? scope.platforms.first)
            .map { self.platform($0.statement, conditional: $0.conditional) }
        let inhibits = parentInhibits || !scope.inhibits.isEmpty
        var t = PodfileTarget(
            name: scope.name, abstract: scope.abstract, inheritance: scope.inheritance, platform: platform,
            inhibitAllWarnings: !scope.inhibits.isEmpty,
            children: scope.children.map { target($0, parentInhibits: inhibits) }, line: scope.line)
        t.effectiveInhibitAllWarnings = inhibits
        return t
    }

    var buildSettingSites: [BuildSettingSite] {
        var out: [BuildSettingSite] = []
        for (h, hook) in hooks.enumerated() where hook.name == "post_install" {
            for s in hook.block.body {
                if let (setting, valueToken) = buildSetting(s, parameters: hook.block.parameters) {
                    out.append(BuildSettingSite(setting: setting, statement: s, hook: h, valueToken: valueToken))
                }
            }
        }
        return out
    }

    /// Recognises `installer.pods_project.targets[.select { |t| t.name == 'P' }].each { |t|
    /// t.build_configurations[.select { |c| c.name == 'C' }].each { |c| c.build_settings['K'] = 'V' } }`,
    /// also wrapped in `installer.generated_projects.each { |p| p.targets… }`.
    func buildSetting(_ s: RubyStatement, parameters: [String]) -> (PodfileBuildSetting, Int)? {
        let toks = syntax.tokens
        guard let param = parameters.first, toks[s.first].isIdentifier(param), s.name == nil else { return nil }
        var collection = ""
        var pod: String?
        var configuration: String?
        var key: String?
        var value: String?
        var valueToken = 0
        var k = s.first
        let sig = (s.first...s.last).filter { RubySyntax.isSignificant(toks[$0]) && toks[$0].kind != .newline }
        // Only the one-line brace form podmirror writes; a user's multi-line loop is theirs.
        guard
            sig.contains(where: { toks[$0].isIdentifier("pods_project") || toks[$0].isIdentifier("generated_projects") }
            ),
            !syntax.bytes[syntax.range(of: s)].contains(0x0A),
            !sig.contains(where: { toks[$0].kind == .keyword })
        else { return nil }
        var n = 0
        while n < sig.count {
            k = sig[n]
            let t = toks[k]
            if t.isIdentifier("targets") || t.isIdentifier("build_configurations") { collection = t.text }
            if t.isIdentifier("name"), n + 2 < sig.count, toks[sig[n + 1]].isPunct("=="),
                toks[sig[n + 2]].kind == .string
            {
                if collection == "targets" {
                    pod = toks[sig[n + 2]].value
                } else {
                    configuration = toks[sig[n + 2]].value
                }
            }
            if t.isIdentifier("build_settings"), n + 5 < sig.count, toks[sig[n + 1]].isPunct("["),
                toks[sig[n + 2]].kind == .string, toks[sig[n + 3]].isPunct("]"), toks[sig[n + 4]].isPunct("="),
                toks[sig[n + 5]].kind == .string
            {
                if key != nil { return nil }
                key = toks[sig[n + 2]].value
                value = toks[sig[n + 5]].value
                valueToken = sig[n + 5]
            }
            n += 1
        }
        guard let key, let value else { return nil }
        return (
            PodfileBuildSetting(key: key, value: value, configuration: configuration, pod: pod, line: s.line),
            valueToken
        )
    }

    /// CocoaPods' own validation messages for what is visible statically.
    var problems: [PodfileProblem] {
        var out: [PodfileProblem] = []
        for name in ["post_install", "post_integrate", "pre_integrate"] {
            let list = hooks.filter { $0.name == name && !$0.conditional }
            if list.count > 1 {
                out.append(
                    PodfileProblem(
                        message: "Specifying multiple `\(name)` hooks is unsupported.", line: list[1].statement.line,
                        code: .multipleHooks))
            }
        }
        func check(_ scope: PodfileScope) {
            let fixed = scope.platforms.filter { !$0.conditional }
            if fixed.count > 1 {
                out.append(
                    PodfileProblem(
                        message: "The target `\(scope.label)` already has a platform set.",
                        line: fixed[1].statement.line,
                        code: .multiplePlatforms))
            }
            scope.children.forEach(check)
        }
        check(root)
        for (s, src) in sources where src.url == nil {
            out.append(
                PodfileProblem(
                    message: "podmirror cannot read the source `\(src.text)` (not a plain string)", line: s.line,
                    code: .sourceExpression))
        }
        for d in dependencies {
            guard let expression = d.sourceExpression else { continue }
            out.append(
                PodfileProblem(
                    message: "podmirror cannot read the `:source` of pod `\(d.name)`: `\(expression)` (not a plain "
                        + "string)", line: d.line, code: .sourceExpression))
        }
        return out.sorted { $0.line < $1.line }
    }

    var model: PodfileModel {
        let rootTarget = target(root)
        return PodfileModel(
            sources: sources.map(\.source), platform: rootTarget.platform,
            inhibitAllWarnings: rootTarget.inhibitAllWarnings, root: rootTarget,
            hooks: hooks.map {
                PodfileHook(
                    name: $0.name, line: $0.statement.line, parameter: $0.block.parameters.first,
                    braces: $0.block.isBrace, target: $0.target)
            },
            buildSettings: buildSettingSites.map(\.setting), hookAssignments: hookAssignments,
            deploymentTargets: deploymentTargetSites.map {
                PodfileBuildSetting(key: $0.key, value: $0.value, line: $0.statement.line)
            },
            problems: problems, dependencies: dependencies)
    }
}
