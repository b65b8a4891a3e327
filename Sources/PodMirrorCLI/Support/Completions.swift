import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

/// What shell completion offers: the catalog's mirror names, the `--lang` values, and the names of the spec
/// repos in the repos folder (read when completing, so new repos show up).
enum Completions {
    /// Specs mirror names (`tuna`, `github`, …); a URL can still be typed.
    static var specsMirrors: CompletionKind { .list((try? MirrorCatalog.bundled())?.specs.map(\.name) ?? []) }

    /// Gem mirror names (`rubygems`, `ruby-china`, …).
    static var gemMirrors: CompletionKind { .list((try? MirrorCatalog.bundled())?.gems.map(\.name) ?? []) }

    static let languages: CompletionKind = .list(Language.allCases.map(\.rawValue))

    static var repoNames: CompletionKind {
        .custom { _, _, _ in SpecRepo.all(in: ReposDirectory(environment: .process)).map(\.name) }
    }
}
