import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation

/// `podfile` edits as a plan on one Podfile. A `source use` edit replaces, besides the catalog's official sources
/// and mirrors, the URLs of the local Specs copies (git repos in the repos dir sharing the Specs history,
/// `SpecRepoHistory`), as `setup` does; a private spec repo's source is kept.
package enum PodfileEdits {
    /// The plan of `edits` on the Podfile at `podfile` (shown as `displayPath`; `given`: named on the command line).
    package static func plan(
        _ edits: [PodfileEdit], podfile: String, displayPath: String? = nil, given: Bool,
        catalog: MirrorCatalog, environment: RuntimeEnvironment
    ) throws -> Plan {
        try PodfileEditor.plan(
            edits, podfile: podfile, fs: environment.fileSystem,
            catalog: Self.catalog(for: edits, catalog: catalog, repos: ReposDirectory(environment: environment)),
            displayPath: displayPath, given: given)
    }

    /// `catalog` plus, for every `source use` among `edits`, the URLs of the local copies of that Specs source.
    package static func catalog(
        for edits: [PodfileEdit], catalog: MirrorCatalog, repos: ReposDirectory
    ) throws -> MirrorCatalog {
        var catalog = catalog
        for case .useSource(let mirror) in edits {
            let url = try catalog.resolve(mirror, gems: false).url
            catalog = catalog.addingSpecsCopies(SpecRepoHistory.specsURLs(repos: repos, target: url, catalog: catalog))
        }
        return catalog
    }
}
