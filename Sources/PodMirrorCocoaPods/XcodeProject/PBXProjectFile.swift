import Foundation
import PodMirrorFoundation

/// One object of the `objects` dictionary: its identifier, class (`isa`) and attributes, and the
/// byte range of its whole `ID = { … };` entry. Unknown classes and attributes are kept as read.
package struct PBXObject: Sendable {
    package var id: String
    var isa: String
    var entry: PBXEntry
    var attributes: [PBXEntry] { entry.value.entries ?? [] }

    subscript(key: String) -> PBXNode? { entry.value[key] }
    package func string(_ key: String) -> String? { self[key]?.string }
    /// The strings of a list attribute (`children`, `files`, `buildPhases`, …); empty when absent.
    package func list(_ key: String) -> [String] { self[key]?.array?.compactMap(\.string) ?? [] }
    /// `name` if set, else the last component of `path` (how Xcode annotates files and groups).
    var displayName: String? {
        if let n = string("name"), !n.isEmpty { return n }
        if let p = string("path") { return (p as NSString).lastPathComponent }
        return nil
    }
}

/// A parsed project.pbxproj: the original bytes, the tree with byte ranges, and the objects by id.
package struct PBXProjectFile: Sendable {
    package enum Format: String, Sendable {
        case openStep = "openstep"
        case xml = "xml-plist"
    }

    package var path: String
    package var bytes: [UInt8]
    package var format: Format
    package var root: PBXNode
    /// Objects in file order.
    package var objects: [PBXObject]
    package var index: [String: Int]
    var rootObjectID: String?
    /// Byte ranges of the `/* Begin … */` and `/* End … */` comments the reader skipped (OpenStep
    /// form): section markers are only ever these, never text inside another comment or a string.
    var markerComments: [Range<Int>] = []

    /// Parses bytes; `path` names the file in errors.
    package init(bytes: [UInt8], path: String) throws {
        self.path = path
        self.bytes = bytes
        var markers: [Range<Int>] = []
        let (root, format) = try bytes.withUnsafeBufferPointer { buf -> (PBXNode, Format) in
            var k = 0
            if buf.count >= 3, buf[0] == 0xEF, buf[1] == 0xBB, buf[2] == 0xBF { k = 3 }
            while k < buf.count, [0x20, 0x09, 0x0A, 0x0D].contains(buf[k]) { k += 1 }
            if buf.count >= 8, buf[0] == 0x62,
                String(decoding: UnsafeBufferPointer(rebasing: buf[0..<8]), as: UTF8.self) == "bplist00"
            {
                throw PodMirrorFailure(
                    Message("xcodeproj.error.binary-plist", ["path": path]),
                    remedy: Message("xcodeproj.error.binary-plist.remedy"), code: .xcodeprojBinaryPlist)
            }
            if k + 1 < buf.count, buf[k] == 0x3C, buf[k + 1] == 0x3F || buf[k + 1] == 0x21 || buf[k + 1] == 0x70 {
                var p = XMLPlistParser(bytes: buf, path: path)
                return (try p.parseDocument(), .xml)
            }
            var p = OpenStepParser(bytes: buf, path: path)
            let node = try p.parseDocument()
            markers = p.markerComments
            return (node, .openStep)
        }
        self.root = root
        self.format = format
        self.markerComments = markers
        guard root.entries != nil else {
            throw PodMirrorFailure(Message("xcodeproj.error.not-dictionary", ["path": path]), code: .xcodeprojStructure)
        }
        guard let objectsNode = root["objects"], let objectEntries = objectsNode.entries else {
            throw PodMirrorFailure(Message("xcodeproj.error.no-objects", ["path": path]), code: .xcodeprojStructure)
        }
        var objects: [PBXObject] = []
        objects.reserveCapacity(objectEntries.count)
        var index: [String: Int] = [:]
        index.reserveCapacity(objectEntries.count)
        for e in objectEntries {
            // Entries that are not dictionaries with an isa are kept in the file but are not objects.
            guard let isa = e.value["isa"]?.string else { continue }
            // Two objects with one ID (a bad merge): every reference to it is ambiguous, so nothing
            // podmirror would write could be trusted. Xcode's own reader keeps only one of them.
            if let first = index[e.key] {
                let line = bytes.lineNumber(at: e.range.lowerBound)
                let firstLine = bytes.lineNumber(at: objects[first].entry.range.lowerBound)
                throw PodMirrorFailure(
                    Message(
                        "xcodeproj.error.duplicate-id",
                        ["path": path, "line": String(line), "id": e.key, "first": String(firstLine)]),
                    remedy: Message("xcodeproj.error.duplicate-id.remedy"), code: .xcodeprojDuplicateID)
            }
            index[e.key] = objects.count
            objects.append(PBXObject(id: e.key, isa: isa, entry: e))
        }
        self.objects = objects
        self.index = index
        self.rootObjectID = root["rootObject"]?.string
    }

    /// Reads and parses a project.pbxproj file.
    package static func read(_ path: String, fileSystem: any FileSystem) throws -> PBXProjectFile {
        try PBXProjectFile(bytes: fileSystem.readFile(path), path: path)
    }

    package subscript(id: String) -> PBXObject? { index[id].map { objects[$0] } }

    package var project: PBXObject? { rootObjectID.flatMap { self[$0] } }

    /// Native targets of the project, in the project's `targets` order (what CocoaPods walks).
    package var nativeTargets: [PBXObject] {
        (project?.list("targets") ?? []).compactMap { self[$0] }.filter { $0.isa == "PBXNativeTarget" }
    }

    /// Groups below (and including) `id`, depth first, each once even when the file has cycles.
    func groups(from id: String?) -> [PBXObject] {
        guard let id else { return [] }
        var out: [PBXObject] = []
        var seen: Set<String> = []
        var stack = [id]
        while let next = stack.popLast() {
            guard seen.insert(next).inserted, let g = self[next], Self.groupClasses.contains(g.isa) else { continue }
            out.append(g)
            stack.append(contentsOf: g.list("children").reversed())
        }
        return out
    }

    /// Classes that hold `children` (Xcodeproj's PBXGroup and its subclasses).
    static let groupClasses: Set<String> = ["PBXGroup", "PBXVariantGroup", "XCVersionGroup"]

    /// Every identifier each object refers to: strings in its attributes that name an object.
    func references(of object: PBXObject) -> [String] {
        references(of: object, idLengths: Set(index.keys.map(\.utf8.count)))
    }

    /// `idLengths` (the byte lengths identifiers have in this file) skips hashing most strings.
    func references(of object: PBXObject, idLengths: Set<Int>) -> [String] {
        var out: [String] = []
        func walk(_ node: PBXNode) {
            switch node.value {
            case .string(let s): if idLengths.contains(s.utf8.count), index[s] != nil, s != object.id { out.append(s) }
            case .array(let a): a.forEach(walk)
            // Build settings and the isa never name objects.
            case .dictionary(let d): for e in d where e.key != "isa" && e.key != "buildSettings" { walk(e.value) }
            case .data: break
            }
        }
        walk(object.entry.value)
        return out
    }

    /// For each object (by position in `objects`), the positions of the objects it refers to.
    func referenceGraph() -> [[Int]] {
        let lengths = Set(index.keys.map(\.utf8.count))
        return objects.map { o in references(of: o, idLengths: lengths).compactMap { index[$0] } }
    }

    /// Objects reachable from the root object, not passing through `excluded`.
    func reachable(excluding excluded: Set<String> = []) -> Set<String> {
        var blocked = [Bool](repeating: false, count: objects.count)
        for id in excluded { if let i = index[id] { blocked[i] = true } }
        let seen = reachableMask(blocked: blocked, graph: referenceGraph())
        var out: Set<String> = []
        for (i, flag) in seen.enumerated() where flag { out.insert(objects[i].id) }
        return out
    }

    /// By position in `objects`: reachable from the root object without passing a `blocked` one.
    func reachableMask(blocked: [Bool], graph edges: [[Int]]) -> [Bool] {
        var seen = [Bool](repeating: false, count: objects.count)
        guard let rootID = rootObjectID, let root = index[rootID], !blocked[root] else { return seen }
        seen[root] = true
        var stack = [root]
        while let i = stack.popLast() {
            for j in edges[i] where !seen[j] && !blocked[j] {
                seen[j] = true
                stack.append(j)
            }
        }
        return seen
    }
}
