import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Runs against `../shared/corpus/podfiles` (real Podfiles + what cocoapods-core 1.17.0 loads from them)
/// when that folder exists next to the checkout; skipped otherwise.
final class PodfileConformanceTests: XCTestCase, PodfileCorpusTesting {
    /// CocoaPods' `recursive_children` order: all children, then each child's descendants.
    func flatten(_ t: PodfileTarget, parent: String?) -> [String] {
        ["\(t.name)|\(parent ?? "-")|\(t.abstract)"] + descendants(t)
    }

    func descendants(_ t: PodfileTarget) -> [String] {
        t.children.map { "\($0.name)|\(t.name)|\($0.abstract)" } + t.children.flatMap(descendants)
    }

    func compareShow(_ c: Case) -> String? {
        let doc: PodfileDocument
        do { doc = try PodfileDocument(bytes: c.bytes, path: c.name) } catch { return "does not parse: \(error)" }
        let m = doc.model
        let load = c.expected["load"] as! [String: Any]
        if load["ok"] as? Bool != true {
            let err = load["error"] as! [String: Any]
            let message = err["message"] as! String
            if message.contains("multiple `post_install` hooks") {
                guard m.problems.contains(where: { $0.message == message && $0.line == err["line"] as? Int }) else {
                    return "expected problem '\(message)' at line \(err["line"] ?? "?"), got \(m.problems)"
                }
            }
            return nil
        }
        if !m.problems.filter({ $0.code.rawValue != "podfile.source-expression" }).isEmpty {
            return "unexpected problems \(m.problems)"
        }
        let sources = c.expected["sources"] as! [String]
        if m.sourceURLs != sources { return "sources \(m.sourceURLs) != \(sources)" }
        if let rp = c.expected["root_platform"] as? [String: Any] {
            guard let p = m.platform else { return "root platform missing, expected \(rp)" }
            if p.name != rp["name"] as? String { return "platform name \(p.name) != \(rp["name"] ?? "")" }
            if p.expression == nil {
                let v = p.version ?? Self.defaultVersions[p.name]
                if v != rp["deployment_target"] as? String {
                    return "platform version \(v ?? "nil") != \(rp["deployment_target"] ?? "")"
                }
            }
        } else if let p = m.platform {
            return "unexpected root platform \(p)"
        }
        if m.inhibitAllWarnings != (c.expected["root_inhibit_all_warnings"] as? Bool) {
            return "root inhibit \(m.inhibitAllWarnings)"
        }
        let targets = (c.expected["targets"] as! [[String: Any]]).map {
            "\($0["name"]!)|\($0["parent"] as? String ?? "-")|\($0["abstract"]!)"
        }
        let ours = flatten(m.root, parent: nil).map {
            $0.replacingOccurrences(of: "true", with: "1").replacingOccurrences(of: "false", with: "0")
        }
        if ours != targets { return "targets \(ours) != \(targets)" }
        let hooks = (c.expected["hooks"] as? [String: Bool] ?? [:]).filter(\.value).keys.sorted()
        if Set(m.hooks.map(\.name)).sorted() != hooks { return "hooks \(m.hooks.map(\.name)) != \(hooks)" }
        // Each target's own platform and inhibit_all_warnings!, as written.
        var byName: [String: PodfileTarget] = [:]
        func index(_ t: PodfileTarget) { byName[t.name] = t; t.children.forEach(index) }
        m.root.children.forEach(index)
        for t in (c.expected["targets"] as! [[String: Any]]) where t["root"] as? Bool != true {
            guard let name = t["name"] as? String, let mine = byName[name] else { continue }
            let explicit = t["platform_explicit"] as? [String: Any]
            if let e = explicit {
                guard let p = mine.platform, p.name == e["name"] as? String || p.expression?.hasPrefix(p.name) == true,
                    p.expression != nil
                        || (p.version ?? Self.defaultVersions[p.name]) == e["deployment_target"] as? String
                else { return "target \(name) platform \(String(describing: mine.platform)) != \(e)" }
            } else if mine.platform != nil {
                return "target \(name) has platform \(mine.platform!) but CocoaPods sees none"
            }
            if mine.inhibitAllWarnings != ((t["inhibit_all_warnings_explicit"] as? Bool) ?? false) {
                return "target \(name) inhibit \(mine.inhibitAllWarnings)"
            }
        }
        return nil
    }

    func testShowAgreesWithCocoaPods() throws {
        let cases = try corpusCases()
        var failures: [String] = []
        var loaded = 0
        var visibleRejections = 0
        var notComparable: [String] = []
        for c in cases {
            let load = c.expected["load"] as! [String: Any]
            let error = load["error"] as? [String: Any]
            if load["ok"] as? Bool == true {
                loaded += 1
            } else if (error?["message"] as? String)?.contains("multiple `post_install` hooks") == true {
                visibleRejections += 1
            } else {
                notComparable.append("\(c.name) (\(error?["underlying_class"] as? String ?? "?"))")
            }
            if let f = compareShow(c) { failures.append("\(c.name): \(f)") }
        }
        let failedLoaded = failures.count
        print(
            "podfile conformance (show): \(loaded + visibleRejections - failedLoaded)/\(loaded + visibleRejections) "
                + "agree with CocoaPods "
                + "(\(loaded) files CocoaPods loads: sources, root platform, root inhibit, target tree with "
                + "platforms/inhibit, hooks; "
                + "\(visibleRejections) two-hooks rejection reported with message and line); not comparable, "
                + "rejected by CocoaPods "
                + "for reasons a static reader cannot see: \(notComparable.joined(separator: ", "))")
        for f in failures { print("  FAIL \(f)") }
        XCTAssertEqual(failures, [])
    }

    // MARK: - Every edit on every corpus file

    static let privateURL = "https://git.example.com/private/Specs.git"

    func firstTargetWithBlock(_ t: PodfileTarget) -> String? {
        for c in t.children {
            if !c.abstract, c.line > 0 { return c.name }
        }
        return nil
    }

    /// Checks one edit: the result parses, shows the change (`expect`), leaves the rest (`same`) alone,
    /// touches few lines, and a second run changes nothing. Returns nil on success.
    func check(
        _ c: Case, _ edit: PodfileEdit, catalog: MirrorCatalog, maxChangedLines: Int,
        expect: (PodfileModel, PodfileModel) -> String?
    ) -> String? {
        do {
            let before = try PodfileDocument(bytes: c.bytes, path: c.name)
            let r1 = try PodfileEditor.apply([edit], to: before, catalog: catalog)
            let after = try PodfileDocument(bytes: r1.new, path: c.name)
            if let problem = expect(before.model, after.model) { return "\(edit.summary): \(problem)" }
            let r2 = try PodfileEditor.apply([edit], to: after, catalog: catalog)
            if r2.changed { return "\(edit.summary): second run changed the file again" }
            let changed = Self.changedLineCount(c.bytes, r1.new)
            if changed > maxChangedLines { return "\(edit.summary): \(changed) lines changed (max \(maxChangedLines))" }
            return nil
        } catch {
            return "\(edit.summary): \(error)"
        }
    }

    /// Lines of `old` outside the common prefix and suffix, plus lines added.
    static func changedLineCount(_ old: [UInt8], _ new: [UInt8]) -> Int {
        let a = old.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        let b = new.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        var p = 0
        while p < a.count, p < b.count, a[p] == b[p] { p += 1 }
        var s = 0
        while s < a.count - p, s < b.count - p, a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
        return max(a.count - p - s, b.count - p - s)
    }

    func same(_ a: PodfilePlatform?, _ b: PodfilePlatform?) -> Bool {
        a?.name == b?.name && a?.version == b?.version && a?.expression == b?.expression
    }

    func sameTree(_ a: PodfileModel, _ b: PodfileModel) -> String? {
        flatten(a.root, parent: nil) == flatten(b.root, parent: nil) ? nil : "target tree changed"
    }

    func testEveryEditOnEveryCorpusFile() throws {
        let cases = try corpusCases()
        let catalog = try MirrorCatalog.bundled()
        let tuna = catalog.specsMirror(named: "tuna")!.url
        let trunk = "https://cdn.cocoapods.org/"
        var passed = 0
        var total = 0
        var failures: [String] = []
        func run(
            _ c: Case, _ edit: PodfileEdit, max: Int = 3, _ expect: @escaping (PodfileModel, PodfileModel) -> String?
        ) {
            total += 1
            if let f = check(
                c, edit, catalog: catalog, maxChangedLines: max,
                expect: { b, a in
                    expect(b, a) ?? self.sameTree(b, a)
                        ?? (b.hooks.map(\.name) == a.hooks.map(\.name) || a.hooks.count == b.hooks.count + 1
                            ? nil : "hooks changed")
                })
            {
                failures.append("\(c.name): \(f)")
            } else {
                passed += 1
            }
        }
        for c in cases {
            guard let doc = try? PodfileDocument(bytes: c.bytes, path: c.name) else {
                failures.append("\(c.name): does not parse"); continue
            }
            let m = doc.model
            // source use tuna
            var want: [String] = []
            var placed = false
            for u in m.sourceURLs {
                if catalog.isOfficialOrMirror(u) {
                    if !placed { want.append(tuna); placed = true }
                } else {
                    want.append(u)
                }
            }
            if !placed { want.append(tuna) }
            let wantUse = want
            run(c, .useSource("tuna"), max: m.sources.count + 2) { b, a in
                a.sourceURLs == wantUse
                    ? (self.same(a.platform, b.platform) && a.inhibitAllWarnings == b.inhibitAllWarnings
                        ? nil : "platform/inhibit changed")
                    : "sources \(a.sourceURLs), wanted \(wantUse)"
            }
            run(c, .addSource(Self.privateURL, first: false)) { b, a in
                let w = b.sourceURLs.isEmpty ? [trunk, Self.privateURL] : b.sourceURLs + [Self.privateURL]
                return a.sourceURLs == w ? nil : "sources \(a.sourceURLs), wanted \(w)"
            }
            run(c, .addSource(Self.privateURL, first: true)) { b, a in
                let w = b.sourceURLs.isEmpty ? [Self.privateURL, trunk] : [Self.privateURL] + b.sourceURLs
                return a.sourceURLs == w ? nil : "sources \(a.sourceURLs), wanted \(w)"
            }
            if let first = m.sourceURLs.first {
                run(c, .removeSource(first)) { b, a in
                    let w = b.sourceURLs.filter { !SourceURL($0).isSame(as: SourceURL(first)) }
                    return a.sourceURLs == w ? nil : "sources \(a.sourceURLs), wanted \(w)"
                }
            }
            run(c, .setSources([trunk, Self.privateURL]), max: m.sources.count + 3) { _, a in
                a.sourceURLs == [trunk, Self.privateURL] ? nil : "sources \(a.sourceURLs)"
            }
            // platform at root; an expression needs --force
            let force = m.platform?.expression != nil
            if force {
                total += 1
                do {
                    _ = try PodfileEditor.apply(
                        [.platform(try PlatformVersion(parsing: "ios", version: "15.0"))], to: doc, catalog: catalog)
                    failures.append("\(c.name): platform expression replaced without --force")
                } catch { passed += 1 }
            }
            run(c, .platform(try PlatformVersion(parsing: "ios", version: "15.0"), force: force)) { b, a in
                guard a.platform?.name == "ios", a.platform?.version == "15.0" else {
                    return "root platform \(String(describing: a.platform))"
                }
                return a.sourceURLs == b.sourceURLs && a.inhibitAllWarnings == b.inhibitAllWarnings
                    ? nil : "sources/inhibit changed"
            }
            if let t = firstTargetWithBlock(m.root) {
                run(c, .platform(try PlatformVersion(parsing: "ios", version: "14.0"), target: t, force: true)) {
                    b, a in
                    let target = a.root.children.first { $0.name == t }
                    guard target?.platform?.version == "14.0" else {
                        return "target platform \(String(describing: target?.platform))"
                    }
                    return self.same(a.platform, b.platform) ? nil : "root platform changed"
                }
            }
            run(c, .inhibitWarnings(true)) { b, a in
                a.inhibitAllWarnings && self.same(a.platform, b.platform) && a.sourceURLs == b.sourceURLs
                    ? nil : "inhibit not on or other change"
            }
            run(c, .inhibitWarnings(false), max: 4) { b, a in
                !a.inhibitAllWarnings && self.same(a.platform, b.platform) && a.sourceURLs == b.sourceURLs
                    ? nil : "inhibit not off or other change"
            }
            // build settings; a file with two post_install hooks is refused with CocoaPods' message
            let twoHooks = m.hooks.filter { $0.name == "post_install" }.count > 1
            if twoHooks {
                total += 1
                do {
                    _ = try PodfileEditor.apply([.buildSetting(key: "A", value: "B")], to: doc, catalog: catalog)
                    failures.append("\(c.name): build-setting accepted two post_install hooks")
                } catch {
                    if "\(error)".contains("multiple `post_install` hooks") {
                        passed += 1
                    } else {
                        failures.append("\(c.name): \(error)")
                    }
                }
                continue
            }
            // The user's own assignment of the key is updated in place when it is a plain literal; after any other
            // form podmirror's line goes last, with a note naming the user's line.
            func notedForUser(_ key: String) -> Bool {
                let r = try? PodfileEditor.apply([.buildSetting(key: key, value: "probe")], to: doc, catalog: catalog)
                return r?.warnings.contains { $0.code == .podfileBuildSettingOverrides && $0.line != nil } == true
            }
            func ownedByUser(_ key: String) -> Bool {
                notedForUser(key) || m.hookAssignments.contains { $0.key == key }
            }
            let noted = notedForUser("IPHONEOS_DEPLOYMENT_TARGET")
            run(c, .buildSetting(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "13.0"), max: 6) { b, a in
                if !noted, m.hookAssignments.contains(where: { $0.key == "IPHONEOS_DEPLOYMENT_TARGET" }) {
                    return a.hookAssignments.contains {
                        $0.key == "IPHONEOS_DEPLOYMENT_TARGET" && $0.value == "13.0"
                    } ? nil : "user's line not updated"
                }
                guard
                    a.buildSettings.contains(where: {
                        $0.key == "IPHONEOS_DEPLOYMENT_TARGET" && $0.value == "13.0" && $0.pod == nil
                            && $0.configuration == nil
                    })
                else { return "setting not visible: \(a.buildSettings)" }
                return a.hooks.filter { $0.name == "post_install" }.count == 1
                    ? nil : "post_install hooks: \(a.hooks.count)"
            }
            run(c, .buildSetting(key: "ENABLE_BITCODE", value: "NO", configuration: "Debug", pod: "PodA"), max: 6) {
                _, a in
                a.buildSettings.contains(where: {
                    $0.key == "ENABLE_BITCODE" && $0.value == "NO" && $0.pod == "PodA" && $0.configuration == "Debug"
                })
                    ? nil : "setting not visible: \(a.buildSettings)"
            }
            // set then unset gives back the original bytes (when the user's hook does not set the key itself)
            if ownedByUser("SWIFT_VERSION") { continue }
            total += 1
            do {
                let set = try PodfileEditor.apply(
                    [.buildSetting(key: "SWIFT_VERSION", value: "5.0")], to: doc, catalog: catalog)
                let unset = try PodfileEditor.apply(
                    [.unsetBuildSetting(key: "SWIFT_VERSION")], to: try PodfileDocument(bytes: set.new, path: c.name),
                    catalog: catalog)
                // A file without a final newline keeps the one added before the appended hook.
                if unset.new == c.bytes
                    || (c.bytes.last != 0x0A && unset.new.starts(with: c.bytes) && unset.new.count - c.bytes.count <= 2)
                {
                    passed += 1
                } else {
                    failures.append("\(c.name): set + unset did not restore the file")
                }
            } catch { failures.append("\(c.name): set + unset: \(error)") }
        }
        print("podfile conformance (edits): \(passed)/\(total) edit checks pass on \(cases.count) corpus files")
        for f in failures { print("  FAIL \(f)") }
        XCTAssertEqual(failures, [])
    }

    /// Cut every corpus file at many points: each prefix either parses or raises a PodfileError naming
    /// file:line:column — never a crash or another error.
    func testTruncatedFilesFailCleanly() throws {
        let cases = try corpusCases()
        var parsed = 0
        var rejected = 0
        for c in cases {
            let step = max(1, c.bytes.count / 40)
            for cut in stride(from: 0, to: c.bytes.count, by: step) {
                do {
                    _ = try PodfileDocument(bytes: Array(c.bytes[..<cut]), path: c.name)
                    parsed += 1
                } catch let e as PodfileError {
                    XCTAssertNotNil(e.line, e.message)
                    rejected += 1
                } catch {
                    XCTFail("\(c.name) cut at \(cut): \(error)")
                }
            }
        }
        print("podfile truncation: \(parsed) prefixes parse, \(rejected) rejected with file:line:column")
    }

    /// Every edit on prefixes of corpus files that still parse: the result parses (apply checks that)
    /// and a second run changes nothing; refusals are PodfileErrors, never internal errors.
    func testEditsOnTruncatedFilesStayValidAndIdempotent() throws {
        let cases = try corpusCases()
        let catalog = try MirrorCatalog.bundled()
        var ok = 0
        var refused = 0
        var bad = 0
        let edits: [PodfileEdit] = [
            .useSource("tuna"), .addSource("https://x/s.git", first: true),
            .setSources(["https://a.example/specs.git", "https://b.example/specs.git"]),
            .platform(try PlatformVersion(parsing: "ios", version: "15.0")), .inhibitWarnings(true),
            .inhibitWarnings(false),
            .buildSetting(key: "K", value: "V"), .unsetBuildSetting(key: "K"),
        ]
        for c in cases {
            let step = max(1, c.bytes.count / 12)
            for cut in stride(from: 0, to: c.bytes.count, by: step) {
                guard let doc = try? PodfileDocument(bytes: Array(c.bytes[..<cut]), path: c.name) else { continue }
                for e in edits {
                    do {
                        let r = try PodfileEditor.apply([e], to: doc, catalog: catalog)
                        let r2 = try PodfileEditor.apply([e], to: try PodfileDocument(bytes: r.new), catalog: catalog)
                        if r2.changed {
                            bad += 1; XCTFail("not idempotent: \(c.name) cut at \(cut): \(e.summary)")
                        } else {
                            ok += 1
                        }
                    } catch let err as PodfileError where err.code != .podfileInternal { refused += 1 } catch {
                        bad += 1; XCTFail("\(c.name) cut at \(cut): \(e.summary): \(error)")
                    }
                }
            }
        }
        print("podfile edits on truncated corpus files: \(ok) idempotent, \(refused) refused with a reason, \(bad) bad")
    }
}
