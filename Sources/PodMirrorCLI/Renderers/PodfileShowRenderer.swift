import PodMirrorCocoaPods
import PodMirrorFoundation

/// `podfile show`: the Podfile as CocoaPods reads it (sources, platform, warnings, targets, hooks, build settings)
/// and the problems CocoaPods would reject it for.
enum PodfileShowRenderer: ResultRenderer {
    static func jsonFields(_ doc: PodfileDocument) throws -> [String: JSONValue] {
        doc.model.json.merging(["podfile": .string(doc.path)]) { field, _ in field }
    }

    static func text(_ doc: PodfileDocument, console c: Console) {
        let m = doc.model
        let none = Message("podfile.show.none").localized
        func platform(_ p: PodfilePlatform?) -> String {
            guard let p else { return none }
            let expression = Message("podfile.show.expression").localized
            if let e = p.expression, !["ios", "osx", "tvos", "visionos", "watchos"].contains(p.name) {
                return "\(e) \(expression)"
            }
            if let e = p.expression { return ":\(p.name), \(e) \(expression)" }
            if let v = p.version { return ":\(p.name), '\(v)'" }
            return ":\(p.name) "
                + Message("podfile.show.default-version", ["version": p.effectiveVersion ?? "?"]).localized
        }
        c.out(c.paint(doc.path, .bold))
        c.out(Message(m.sourceURLs.isEmpty ? "podfile.show.sources-implicit" : "podfile.show.sources").localized)
        for s in m.sourceURLs { c.out("  \(Redaction.redactURL(s))") }
        c.out(Message("podfile.show.platform", ["platform": platform(m.platform)]).localized)
        c.out(Message(m.inhibitAllWarnings ? "podfile.show.inhibit-yes" : "podfile.show.inhibit-no").localized)
        func heading(_ key: String, empty: Bool) -> String {
            let h = Message(key).localized
            return empty ? Message("podfile.show.heading-none", ["heading": h, "none": none]).localized : h
        }
        c.out(heading("podfile.show.targets", empty: m.root.children.isEmpty))
        func show(_ t: PodfileTarget, _ depth: Int) {
            var line = String(repeating: "  ", count: depth + 1) + t.name
            if t.abstract { line += " " + Message("podfile.show.abstract-target").localized }
            if let p = t.platform { line += "  platform \(platform(p))" }
            if t.inhibitAllWarnings {
                line += "  inhibit_all_warnings!"
            } else if t.effectiveInhibitAllWarnings {
                line += "  " + Message("podfile.show.inherited-inhibit").localized
            }
            c.out(line)
            t.children.forEach { show($0, depth + 1) }
        }
        m.root.children.forEach { show($0, 0) }
        c.out(heading("podfile.show.hooks", empty: m.hooks.isEmpty))
        for h in m.hooks {
            let args = ["name": h.name, "line": String(h.line), "parameter": h.parameter ?? ""]
            let hook = h.target.map { Message("podfile.show.hook-in-target", args.merging(["target": $0]) { $1 }) }
            c.out("  " + (hook ?? Message("podfile.show.hook", args)).localized)
        }
        if !m.buildSettings.isEmpty || !m.deploymentTargets.isEmpty {
            c.out(Message("podfile.show.build-settings").localized)
            for s in m.buildSettings {
                var line = "  \(s.key) = \(s.value)\(s.configuration.map { " [\($0)]" } ?? "")"
                if let pod = s.pod { line += " " + Message("podfile.show.on-pod", ["pod": pod]).localized }
                c.out(line + "  " + Message("podfile.show.at-line", ["line": String(s.line)]).localized)
            }
            for s in m.deploymentTargets {
                c.out(
                    "  \(s.key) >= \(s.value) " + Message("podfile.show.at-least").localized + "  "
                        + Message("podfile.show.at-line", ["line": String(s.line)]).localized)
            }
        }
        for p in m.problems {
            c.err(
                c.paint(Message("cli.prefix.error").localized, .red, stderr: true)
                    + "\(doc.path):\(p.line): \(p.message)")
        }
    }
}
