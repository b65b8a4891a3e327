import PodMirrorCocoaPods
import PodMirrorFoundation

/// `swiftpm show`: each package and where SwiftPM will fetch it from, the binary targets that download from
/// GitHub, and which `mirrors.json` SwiftPM reads; credentials redacted.
enum SwiftPMSurveyRenderer: ResultRenderer {
    typealias Result = SwiftPMSurvey

    static func jsonFields(_ s: SwiftPMSurvey) throws -> [String: JSONValue] {
        let packages: [JSONValue] = s.routes.map { r in
            [
                "url": .string(Redaction.redactURL(r.url)), "seenIn": .array(r.seenIn.map { .string($0) }),
                "fetchFrom": .string(r.mirror == nil ? "original" : "mirror"),
                "mirror": .string(r.mirror.map(Redaction.redactURL)), "reason": .string(r.reason?.rawValue),
                "ruleMirror": .string(r.ruleMirror.map(Redaction.redactURL)), "github": .bool(r.goesToGitHub),
            ]
        }
        let binaries: [JSONValue] = s.binaryTargets.map { b in
            [
                "url": .string(Redaction.redactURL(b.url)), "manifest": .string(b.manifest),
                "github": .bool(s.gitHubBinaryTargets.contains(b)),
            ]
        }
        return [
            "project": ["path": .string(s.project.path), "kind": .string(s.project.kind.rawValue)],
            "mirrorsFile": .string(s.mirrorsFile), "hiddenUserFile": .string(s.hiddenUserFile),
            "packages": .array(packages), "binaryTargets": .array(binaries),
            "binaryTargetsChecked": .bool(s.project.kind == .package), "warnings": .array([]),
        ]
    }

    static func text(_ s: SwiftPMSurvey, console c: Console) {
        c.out(Message("swiftpm.show.header", ["project": s.project.path, "file": s.mirrorsFile]).localized)
        if let hidden = s.hiddenUserFile { c.out("  " + Message("swiftpm.show.hidden", ["file": hidden]).localized) }
        if s.routes.isEmpty { c.out("  " + Message("swiftpm.show.none").localized) }
        for r in s.routes {
            let args = [
                "url": Redaction.redactURL(r.url), "mirror": Redaction.redactURL(r.mirror ?? r.ruleMirror ?? ""),
                "file": s.mirrorsFile,
            ]
            let key =
                switch r.reason {
                case nil: "swiftpm.show.mirror"
                case .noRule: "swiftpm.show.no-rule"
                case .noEntry: "swiftpm.show.no-entry"
                case .nameDiffers: "swiftpm.show.name-differs"
                }
            c.out("  " + Message(key, args).localized)
        }
        for b in s.gitHubBinaryTargets {
            c.out(
                "  "
                    + Message("swiftpm.show.binary", ["url": Redaction.redactURL(b.url), "manifest": b.manifest])
                    .localized)
        }
        if s.project.kind != .package { c.out("  " + Message("swiftpm.show.binary-xcode").localized) }
    }
}
