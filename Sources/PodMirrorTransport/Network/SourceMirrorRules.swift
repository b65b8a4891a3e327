import Foundation
import PodMirrorFoundation

/// The user's source mirrors: git's own `url.<base>.insteadOf` rules, which CocoaPods' `git` obeys too,
/// applied by podmirror to pod source URLs of every kind (git and http).
package struct SourceMirrorRules: Sendable, Equatable {
    package var rules: [InsteadOfRule]

    package init(rules: [InsteadOfRule]) { self.rules = rules }

    /// Every insteadOf rule in the system and global git config files git reads (the user's own, a
    /// machine-wide one, podmirror's source mirrors and its Specs rules alike: git applies them all).
    package static func load(environment: RuntimeEnvironment) throws -> SourceMirrorRules {
        let files = GitConfigFiles(environment: environment)
        // git reads the system file first (`readFiles` starts with it): of equally long prefixes, its rule wins.
        // Each file once: reading the system file again listed each of its rules twice.
        let rules = try InsteadOfRule.InFile.read(files.readFiles, fileSystem: environment.fileSystem) { _, _ in false }
        return SourceMirrorRules(rules: rules.map(\.rule))
    }

    /// `url` rewritten as git rewrites it: the longest matching `insteadOf` prefix wins, the first of equally
    /// long ones (`max(by:)` keeps the first maximum); an empty prefix matches nothing. One rewrite, never
    /// chained: the result is not matched again, so whoever connects to it must not rewrite it again
    /// (`GitSourceFetcher` creates its remote with `GIT_REMOTE_CREATE_SKIP_INSTEADOF`). Downloads connect
    /// to the rewritten URL and decide their proxy on it, as git does (see `GitURLRewrite`).
    package func rewrite(_ url: String) -> String {
        guard let match = rule(for: url) else { return url }
        return match.base + url.dropFirst(match.insteadOf.count)
    }

    /// The rule that rewrites `url` (the longest matching prefix), or nil.
    package func rule(for url: String) -> InsteadOfRule? {
        rules.filter { !$0.insteadOf.isEmpty && url.hasPrefix($0.insteadOf) }.max {
            $0.insteadOf.count < $1.insteadOf.count
        }
    }
}
