import Foundation
import PodMirrorFoundation

/// Removes CocoaPods' integration from a parsed project the way cocoapods-deintegrate 1.0.5 does,
/// plus the extra clean-ups docs/deintegrate.md lists, by deleting lines of the original text only.
struct Deintegrator {
    let file: PBXProjectFile
    /// Absolute folder the project's paths are relative to (the folder holding the .xcodeproj).
    var sourceRoot: String?
    /// Absolute `Pods/` folder, for warnings about files built from inside it.
    var podsDirectory: String?

    init(file: PBXProjectFile, sourceRoot: String? = nil, podsDirectory: String? = nil) {
        self.file = file
        self.sourceRoot = sourceRoot
        self.podsDirectory = podsDirectory
    }

    static let phaseSuffixes = ["Copy Pods Resources", "Check Pods Manifest.lock", "Embed Pods Frameworks"]

    // CocoaPods' regexes (all case-insensitive), written out: NSRegularExpression costs more than
    // the whole parse on large projects.
    /// `/^(libPods.*\.a)|(Pods.*\.framework)$/i`: the alternation leaves each side half-anchored.
    static func cpFrameworkName(_ s: String?) -> Bool {
        guard let l = lowered(s) else { return false }
        return (l.hasPrefix("libpods") && l.dropFirst(7).contains(".a"))
            || (l.hasSuffix(".framework") && l.dropLast(10).contains("pods"))
    }

    /// `/^Pods.*\.xcconfig$/i`
    static func cpXcconfigName(_ s: String?) -> Bool {
        guard let l = lowered(s) else { return false }
        return l.count >= 13 && l.hasPrefix("pods") && l.hasSuffix(".xcconfig")
    }

    /// `/^(libPods.*\.a)|(Pods_.*\.framework)$/i`
    static func cpSweepPath(_ s: String?) -> Bool {
        guard let l = lowered(s) else { return false }
        return (l.hasPrefix("libpods") && l.dropFirst(7).contains(".a"))
            || (l.hasSuffix(".framework") && l.dropLast(10).contains("pods_"))
    }

    /// podmirror's extra, on the last path component: `/^(libPods.*\.a|Pods(_.*)?\.framework)$/i`.
    static func extraProductName(_ s: String?) -> Bool {
        guard let l = lowered(s) else { return false }
        return (l.count >= 9 && l.hasPrefix("libpods") && l.hasSuffix(".a"))
            || l == "pods.framework" || (l.count >= 15 && l.hasPrefix("pods_") && l.hasSuffix(".framework"))
    }

    /// Lower-cased, or nil when the text cannot match any of the patterns (no "pods" in it).
    static func lowered(_ s: String?) -> String? {
        guard let s, containsPods(s) else { return nil }
        return s.lowercased()
    }

    /// "pods" in any case, without allocating.
    static func containsPods(_ s: String) -> Bool {
        var matched = 0
        for b in s.utf8 {
            let c = b | 0x20
            if c == [0x70, 0x6F, 0x64, 0x73][matched] {
                matched += 1
                if matched == 4 { return true }
            } else {
                matched = c == 0x70 ? 1 : 0
            }
        }
        return false
    }

    static func baseName(_ path: String?) -> String? { path.map { ($0 as NSString).lastPathComponent } }

    /// Working state: what is removed so far, in order.
    struct State {
        var removed: [RemovedObject] = []
        var ids: Set<String> = []
        /// What `pod deintegrate` itself would have removed so far.
        var cocoaPodsIDs: Set<String> = []
        mutating func remove(_ o: PBXObject, name: String?, target: String?, reason: String, extra: Bool) {
            guard ids.insert(o.id).inserted else { return }
            if !extra { cocoaPodsIDs.insert(o.id) }
            removed.append(
                RemovedObject(id: o.id, isa: o.isa, name: name, target: target, reason: reason, beyondCocoaPods: extra))
        }
    }

    func run() throws -> Deintegration {
        var state = State()
        var targets: [TargetDeintegration] = []
        var warnings: [Diagnostic] = []
        let buildFilesByRef = Dictionary(
            grouping: file.objects.filter { $0.isa == "PBXBuildFile" && $0.string("fileRef") != nil },
            by: { $0.string("fileRef")! })
        func live(_ ids: [String]) -> [PBXObject] { ids.filter { !state.ids.contains($0) }.compactMap { file[$0] } }

        for target in file.nativeTargets {
            let tname = target.string("name") ?? target.id
            var report = TargetDeintegration(name: tname)
            let shellPhases = { live(target.list("buildPhases")).filter { $0.isa == "PBXShellScriptBuildPhase" } }
            for suffix in Self.phaseSuffixes {
                let hits = shellPhases().filter { $0.string("name")?.hasSuffix(suffix) == true }
                hits.forEach {
                    state.remove($0, name: $0.string("name"), target: tname, reason: "pods-phase", extra: false)
                }
                if !hits.isEmpty { report.phases.append(PhaseCount(name: suffix, count: hits.count)) }
            }
            let user = shellPhases().filter { $0.string("name")?.hasPrefix("[CP-User] ") == true }
            user.forEach {
                state.remove($0, name: $0.string("name"), target: tname, reason: "user-phase", extra: false)
            }
            report.userPhases = user.count

            if let frameworks = live(target.list("buildPhases")).first(where: { $0.isa == "PBXFrameworksBuildPhase" }) {
                for buildFile in live(frameworks.list("files")) {
                    guard let refID = buildFile.string("fileRef") else { continue }
                    guard let ref = file[refID] else {
                        warnings.append(
                            Diagnostic(
                                .warning, code: .deintegrateDanglingBuildFile,
                                Message(
                                    "deintegrate.warning.dangling-build-file",
                                    ["target": tname, "buildFile": buildFile.id, "reference": refID]),
                                file: file.path))
                        continue
                    }
                    let display = Self.buildDisplayName(ref)
                    let cp = Self.cpFrameworkName(display)
                    let extra = !cp && Self.extraProductName(Self.baseName(ref.string("path")))
                    guard cp || extra else { continue }
                    report.libraries.append(display ?? refID)
                    let users = (buildFilesByRef[refID] ?? []).filter { !state.ids.contains($0.id) }
                    if users.count == 1 {
                        state.remove(ref, name: display, target: tname, reason: "pods-library", extra: extra)
                    }
                    state.remove(buildFile, name: display, target: tname, reason: "pods-library", extra: extra)
                }
            }

            let configurations =
                file[target.string("buildConfigurationList") ?? ""].map { live($0.list("buildConfigurations")) } ?? []
            for configuration in configurations {
                guard let refID = configuration.string("baseConfigurationReference"), !state.ids.contains(refID),
                    let ref = file[refID]
                else { continue }
                let cp = Self.cpXcconfigName(ref.string("name"))
                let extra = !cp && ref.string("name") == nil && Self.cpXcconfigName(Self.baseName(ref.string("path")))
                guard cp || extra else { continue }
                report.configurationFiles.append(ref.displayName ?? refID)
                state.remove(ref, name: ref.displayName, target: tname, reason: "pods-xcconfig", extra: extra)
            }
            targets.append(report)
        }

        // Project-wide sweep of file references in the main group and every group below it.
        let mainGroupID = file.project?.string("mainGroup")
        let allGroups = file.groups(from: mainGroupID)
        var sweep: [String] = []
        for group in allGroups where !state.ids.contains(group.id) {
            for child in live(group.list("children")) where child.isa == "PBXFileReference" {
                let name = child.string("name")
                let path = child.string("path")
                let cp = Self.cpXcconfigName(name) || Self.cpSweepPath(path)
                let extra =
                    !cp
                    && (Self.extraProductName(Self.baseName(path))
                        || (name == nil && Self.cpXcconfigName(Self.baseName(path))))
                guard cp || extra else { continue }
                sweep.append(name ?? path ?? child.id)
                state.remove(child, name: name ?? path, target: nil, reason: "pods-file-reference", extra: extra)
            }
        }

        // Empty `Pods` groups (also path-only ones, podmirror's extra), then empty `Frameworks` groups.
        // The cascade can empty another group (a group holding a build file whose file went), so
        // the two alternate until nothing more goes: a second deintegrate must find nothing.
        var groupCounts: [String: Int] = [:]
        let below = allGroups.filter { $0.id != mainGroupID }
        func removeEmptyGroups() -> Bool {
            var removedAny = false
            for (label, reason) in [("Pods", "empty-pods-group"), ("Frameworks", "empty-frameworks-group")] {
                // A project with no trace of CocoaPods stays byte-identical, even with an empty Frameworks group.
                if label == "Frameworks" && state.ids.isEmpty { break }
                for g in below where !state.ids.contains(g.id) && live(g.list("children")).isEmpty {
                    let byName = g.string("name") == label
                    let byPath = label == "Pods" && g.string("name") == nil && g.string("path") == "Pods"
                    guard byName || byPath else { continue }
                    // Emptied only by podmirror's extra removals: an extra clean-up too.
                    let emptyForCocoaPods = g.list("children").allSatisfy { state.cocoaPodsIDs.contains($0) }
                    state.remove(g, name: label, target: nil, reason: reason, extra: !byName || !emptyForCocoaPods)
                    groupCounts[label, default: 0] += 1
                    removedAny = true
                }
            }
            return removedAny
        }
        _ = removeEmptyGroups()
        repeat { cascade(&state) } while removeEmptyGroups()
        let emptyGroups = ["Pods", "Frameworks"].compactMap { label in
            groupCounts[label].map { PhaseCount(name: label, count: $0) }
        }
        warnings += PodsLeftovers(file: file, removed: state.ids, sourceRoot: sourceRoot, podsDirectory: podsDirectory)
            .warnings()
        let edits = editsRemoving(state.ids)
        let newBytes = try file.bytes.applying(edits)
        return Deintegration(
            targets: targets.filter { !$0.isEmpty }, projectFileReferences: sweep, emptyGroups: emptyGroups,
            removed: state.removed, warnings: warnings, edits: edits, newBytes: newBytes)
    }

    /// How CocoaPods names a build file's file: `name`, else the whole `path` for built products,
    /// else the last path component.
    static func buildDisplayName(_ ref: PBXObject) -> String? {
        if let n = ref.string("name"), !n.isEmpty { return n }
        if ref.string("sourceTree") == "BUILT_PRODUCTS_DIR" { return ref.string("path") }
        return baseName(ref.string("path"))
    }

    /// Removes what depends on removed objects: build files whose file is gone (instead of leaving
    /// `{isa = PBXBuildFile; }`), and objects only reachable through removed ones (Xcodeproj does
    /// not write those either).
    func cascade(_ state: inout State) {
        let graph = file.referenceGraph()
        let objects = file.objects
        let before = file.reachableMask(blocked: [Bool](repeating: false, count: objects.count), graph: graph)
        let fileRef: [Int?] = objects.map {
            $0.isa == "PBXBuildFile" ? $0.string("fileRef").flatMap { file.index[$0] } : nil
        }
        var removed = [Bool](repeating: false, count: objects.count)
        for id in state.ids { if let i = file.index[id] { removed[i] = true } }
        for _ in 0..<3 {
            let count = state.ids.count
            for (i, ref) in fileRef.enumerated() where !removed[i] {
                if let ref, removed[ref] {
                    state.remove(
                        objects[i], name: objects[ref].displayName, target: nil, reason: "orphaned-build-file",
                        extra: true)
                    removed[i] = true
                }
            }
            let after = file.reachableMask(blocked: removed, graph: graph)
            for i in objects.indices where before[i] && !after[i] && !removed[i] {
                state.remove(
                    objects[i], name: objects[i].displayName ?? objects[i].string("name"), target: nil,
                    reason: "unreachable", extra: false)
                removed[i] = true
            }
            if state.ids.count == count { break }
        }
    }

    /// Byte edits: removed objects, references to them in kept objects (list items and to-one
    /// attributes), and the markers of sections left empty.
    func editsRemoving(_ removed: Set<String>) -> [TextEdit] {
        guard !removed.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        var remainingByIsa: [String: Int] = [:]
        for o in file.objects {
            if removed.contains(o.id) {
                ranges.append(o.entry.range)
                remainingByIsa[o.isa, default: 0] += 0
                continue
            }
            remainingByIsa[o.isa, default: 0] += 1
            for attribute in o.attributes where attribute.key != "isa" {
                switch attribute.value.value {
                case .string(let s) where removed.contains(s):
                    ranges.append(attribute.range)
                case .array(let items):
                    for item in items { if let s = item.string, removed.contains(s) { ranges.append(item.itemRange) } }
                default: break
                }
            }
        }
        if file.format == .openStep {
            for (isa, left) in remainingByIsa where left == 0 {
                ranges += LineDeletion.sectionMarkers(isa: isa, in: file.bytes, comments: file.markerComments) ?? []
            }
        }
        return LineDeletion.edits(deleting: ranges, in: file.bytes)
    }
}

extension PBXProjectFile {
    /// What deintegrating this project removes (cocoapods-deintegrate's rules plus docs/deintegrate.md's), as
    /// line deletions of its original bytes (`edits`) and the bytes they leave (`newBytes`). `sourceRoot` (the
    /// folder holding the .xcodeproj) and `podsDirectory` (the absolute `Pods/`) only add warnings.
    package func deintegration(sourceRoot: String? = nil, podsDirectory: String? = nil) throws -> Deintegration {
        try Deintegrator(file: self, sourceRoot: sourceRoot, podsDirectory: podsDirectory).run()
    }
}
