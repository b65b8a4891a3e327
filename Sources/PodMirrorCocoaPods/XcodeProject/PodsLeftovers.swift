import Foundation
import PodMirrorFoundation

/// Warnings about what deintegration deliberately keeps: files built into targets that live
/// under `Pods/` (the build breaks once `Pods/` is gone) and `Pods` groups that still hold files.
struct PodsLeftovers {
    let file: PBXProjectFile
    let removed: Set<String>
    let sourceRoot: String?
    let podsDirectory: String?

    func warnings() -> [Diagnostic] {
        var out: [Diagnostic] = []
        let mentioning = PBXPathResolver.filesMentioningPods(file)
        var resolver: PBXPathResolver?
        for target in file.nativeTargets {
            let tname = target.string("name") ?? target.id
            for phaseID in target.list("buildPhases") where !removed.contains(phaseID) {
                guard let phase = file[phaseID] else { continue }
                for bfID in phase.list("files") where !removed.contains(bfID) {
                    guard let ref = file[bfID]?.string("fileRef"), !removed.contains(ref), mentioning.contains(ref)
                    else { continue }
                    // Resolving paths needs every group's parent: built only once a candidate turns up.
                    if resolver == nil { resolver = PBXPathResolver(file: file) }
                    guard let path = resolver?.path(of: ref), isInsidePods(path) else { continue }
                    let phaseName = phase.string("name") ?? Self.phaseLabel(phase.isa)
                    // A path the user can open from any folder, not one relative to the project's.
                    let shown =
                        sourceRoot.map { path.hasPrefix("/") ? path : ($0 as NSString).appendingPathComponent(path) }
                        ?? path
                    out.append(
                        Diagnostic(
                            .warning, code: .deintegrateFileInPods,
                            Message(
                                "deintegrate.warning.file-in-pods",
                                ["target": tname, "path": shown, "phase": phaseName]),
                            file: file.path))
                }
            }
        }
        for group in file.groups(from: file.project?.string("mainGroup")) where !removed.contains(group.id) {
            guard group.string("name") == "Pods" || (group.string("name") == nil && group.string("path") == "Pods")
            else { continue }
            let kept = group.list("children").filter { !removed.contains($0) }
            guard !kept.isEmpty else { continue }
            let names = kept.prefix(5).map { file[$0]?.displayName ?? $0 }.joined(separator: ", ")
            out.append(
                Diagnostic(
                    .warning, code: .deintegratePodsGroupKept,
                    Message(
                        "deintegrate.warning.pods-group-kept",
                        [
                            "group": group.id, "count": String(kept.count),
                            "names": names + (kept.count > 5 ? ", …" : ""),
                        ]),
                    file: file.path))
        }
        return out
    }

    /// True when a source-root-relative (or absolute) path is inside `Pods/`.
    func isInsidePods(_ path: String) -> Bool {
        // Anything inside Pods/ names it on the way (standardizing paths is slow; most paths never do).
        guard path.contains("Pods") else { return false }
        if let root = sourceRoot, let pods = podsDirectory {
            let absolute = path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)
            let standard = (absolute as NSString).standardizingPath
            return standard.hasPrefix((pods as NSString).standardizingPath + "/")
        }
        return (path as NSString).standardizingPath.hasPrefix("Pods/")
    }

    static func phaseLabel(_ isa: String) -> String {
        var s = isa
        if s.hasPrefix("PBX") { s.removeFirst(3) }
        if s.hasSuffix("BuildPhase") { s.removeLast(10) }
        return s
    }
}

/// Resolves a file reference's location relative to the source root by walking its parent groups
/// (`<group>`), or returns it as is for `SOURCE_ROOT` and `<absolute>`. Other source trees
/// (`BUILT_PRODUCTS_DIR`, `SDKROOT`, …) have no fixed location: nil.
struct PBXPathResolver {
    let file: PBXProjectFile
    let parent: [String: String]

    init(file: PBXProjectFile) {
        self.file = file
        var parent: [String: String] = [:]
        for o in file.objects where PBXProjectFile.groupClasses.contains(o.isa) {
            for child in o.list("children") where parent[child] == nil { parent[child] = o.id }
        }
        self.parent = parent
    }

    /// Objects whose path, or the path of a group above them, names "Pods": only those can be
    /// inside Pods/. One walk down from the main group.
    static func filesMentioningPods(_ file: PBXProjectFile) -> Set<String> {
        var out: Set<String> = []
        guard let main = file.project?.string("mainGroup") else { return out }
        var seen: Set<String> = []
        var stack: [(String, Bool)] = [(main, file.project?.string("projectDirPath")?.contains("Pods") == true)]
        while let (id, inherited) = stack.popLast() {
            guard seen.insert(id).inserted, let o = file[id] else { continue }
            let own = o.string("path")?.contains("Pods") == true
            let flag = own || (inherited && o.sourceTree == "<group>")
            if flag { out.insert(id) }
            for child in o.list("children") { stack.append((child, flag)) }
        }
        return out
    }

    func path(of id: String) -> String? {
        var components: [String] = []
        var current = id
        for _ in 0..<256 {
            guard let o = file[current] else { return nil }
            let p = o.string("path") ?? ""
            switch o.sourceTree {
            case "<absolute>": return join(p, components)
            case "SOURCE_ROOT": return join(p, components)
            case "<group>":
                if !p.isEmpty { components.insert(p, at: 0) }
                guard let up = parent[current] else {
                    // The main group: relative to the project's directory (projectDirPath).
                    return join(file.project?.string("projectDirPath") ?? "", components)
                }
                current = up
            default: return nil
            }
        }
        return nil
    }

    func join(_ base: String, _ rest: [String]) -> String {
        ([base] + rest).filter { !$0.isEmpty }.joined(separator: "/").replacingOccurrences(of: "//", with: "/")
    }
}

extension PBXObject {
    var sourceTree: String { string("sourceTree") ?? "<group>" }
}
