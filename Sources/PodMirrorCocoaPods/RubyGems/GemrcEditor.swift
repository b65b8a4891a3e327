import Foundation
import PodMirrorFoundation

/// Decides the text edits that make a gemrc's `:sources:` use one gem source instead of
/// rubygems.org and the catalog's gem mirrors, keeping private sources where they are.
struct GemrcEditor: Sendable {
    /// URLs that podmirror replaces: rubygems.org, every catalog gem mirror with its old domains, and the
    /// sources podmirror itself put there (`GemSourceRecord`).
    var replaceable: [String]

    init(catalog: MirrorCatalog, podmirrorSet: [String] = []) {
        replaceable = catalog.gems.flatMap { [$0.url] + $0.aliases } + podmirrorSet
    }

    /// True for rubygems.org or a catalog gem mirror (any old domain, http or https, with or without `/`).
    func isReplaceable(_ url: String) -> Bool {
        let key = SourceURL(url).gemSourceKey
        return replaceable.contains { SourceURL($0).gemSourceKey == key }
    }

    /// The gemrc, read back, with `target` as the source used in place of public ones. With
    /// `onlyIfSet`, a gemrc without `:sources:` is left alone (RubyGems' default is rubygems.org).
    func edited(_ doc: GemrcDocument, target: String, onlyIfSet: Bool = false) throws -> GemrcDocument {
        let new = try patched(doc, target: target, onlyIfSet: onlyIfSet)
        if new == doc.bytes { return doc }
        // Self-check: the result must read back, and every other key keep its YAML value (a block
        // scalar at the end of a file without a final newline would gain one from an appended
        // `:sources:`; text after a `...` document end would not be read at all).
        let sources: Set<String> = [":sources", "sources"]
        guard let after = try? GemrcDocument(path: doc.path, bytes: new),
            YAMLConfigFile.otherValues(new, excluding: sources)
                == YAMLConfigFile.otherValues(doc.bytes, excluding: sources)
        else {
            throw PodMirrorFailure(
                Message("gems.error.gemrc-unplaceable", ["path": doc.path]),
                remedy: Message("gems.error.gemrc-unplaceable.remedy"), code: .gemsGemrcUnplaceable)
        }
        return after
    }

    private func patched(_ doc: GemrcDocument, target: String, onlyIfSet: Bool) throws -> [UInt8] {
        let nl = doc.newline
        let quoting = doc.preferredQuoting
        let value = GemrcDocument.render(target, quoting)
        var edits: [TextEdit] = []
        guard doc.keyLine != nil else {
            if onlyIfSet { return doc.bytes }
            var prefix = ""
            if doc.bytes.isEmpty { prefix = "---" + nl } else if doc.bytes.last != 0x0A { prefix = nl }
            return try doc.bytes.applying([.insert(prefix + ":sources:" + nl + "- " + value + nl, at: doc.bytes.count)])
        }
        if let inline = doc.inlineValueRange, let end = doc.keyLineEnd {
            let endsWithNewline = end > 0 && doc.bytes[end - 1] == 0x0A
            edits.append(TextEdit(range: inline, replacement: ""))
            edits.append(.insert((endsWithNewline ? "" : nl) + "- " + value + nl, at: end))
            return try doc.bytes.applying(edits)
        }
        let keep = doc.items.firstIndex { $0.url == target } ?? doc.items.firstIndex { isReplaceable($0.url) }
        for (index, item) in doc.items.enumerated() {
            if index == keep {
                if item.url != target {
                    edits.append(
                        TextEdit(range: item.valueRange, replacement: GemrcDocument.render(target, item.quoting)))
                }
            } else if item.url == target || isReplaceable(item.url) {
                edits.append(.delete(item.lineRange))
            }
        }
        if keep == nil {
            let anchor = doc.items.last?.lineRange.upperBound ?? doc.keyLineEnd ?? doc.bytes.count
            let indent =
                doc.items.first.map { item -> String in
                    let line = ByteLines.text(doc.bytes, item.lineRange)
                    return String(line.prefix { $0 == " " })
                } ?? ""
            let needsNewline = anchor > 0 && doc.bytes[anchor - 1] != 0x0A
            edits.append(.insert((needsNewline ? nl : "") + indent + "- " + value + nl, at: anchor))
        }
        return try doc.bytes.applying(edits)
    }
}
