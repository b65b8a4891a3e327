import PodMirrorCocoaPods
import PodMirrorFoundation

/// `mirror list`: the Specs and gem mirrors of the catalog, by kind.
enum MirrorCatalogRenderer: ResultRenderer {
    static func jsonFields(_ catalog: MirrorCatalog) throws -> [String: JSONValue] {
        ["specs": try JSONValue.encoding(catalog.specs), "gems": try JSONValue.encoding(catalog.gems)]
    }

    static func text(_ catalog: MirrorCatalog, console c: Console) {
        let groups = [(Message("mirror.list.specs"), catalog.specs), (Message("mirror.list.gems"), catalog.gems)]
        for (title, list) in groups {
            c.out(c.paint(title.localized, .bold))
            let width = list.map { TextColumns.width($0.name) }.max() ?? 0
            for m in list {
                let name = TextColumns.pad(m.name, width)
                let kind = TextColumns.pad(m.kind.rawValue, 9)
                let official = m.official ? "  " + Message("mirror.list.official").localized : ""
                c.out("  \(c.paint(name, .cyan))  \(kind)  \(m.url)\(official)")
            }
        }
    }
}
