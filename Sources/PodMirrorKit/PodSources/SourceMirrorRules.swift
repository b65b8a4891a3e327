import Foundation

/// The user's source mirrors: git's own `url.<base>.insteadOf` rules, which CocoaPods' `git` obeys too,
/// applied by podmirror to pod source URLs of every kind (git and http).
public struct SourceMirrorRules: Sendable, Equatable {
    /// `url.<base>.insteadOf = <insteadOf>`: a URL starting with `insteadOf` is rewritten to start with `base`.
    public struct Rule: Sendable, Equatable, Codable {
        public var base: String
        public var insteadOf: String
        public init(base: String, insteadOf: String) {
            self.base = base
            self.insteadOf = insteadOf
        }
    }

    public var rules: [Rule]

    public init(rules: [Rule]) { self.rules = rules }

    /// Every insteadOf rule in the global git config files git reads (the user's own, podmirror's source
    /// mirrors and its Specs rules alike: git applies them all).
    public static func load(environment: RuntimeEnvironment, catalog: MirrorCatalog) throws -> SourceMirrorRules {
        let found = try SourceMirrorConfig(environment: environment, catalog: catalog).rules()
        return SourceMirrorRules(rules: found.map { Rule(base: $0.mirror, insteadOf: $0.prefix) })
    }

    /// `url` rewritten as git rewrites it: the longest matching `insteadOf` prefix wins, the first of equally
    /// long ones (`max(by:)` keeps the first maximum); an empty prefix matches nothing. Downloads connect
    /// to the rewritten URL and decide their proxy on it, as git does (see `GitURLRewrite`).
    public func rewrite(_ url: String) -> String {
        let match = rules.filter { !$0.insteadOf.isEmpty && url.hasPrefix($0.insteadOf) }
            .max { $0.insteadOf.count < $1.insteadOf.count }
        guard let match else { return url }
        return match.base + url.dropFirst(match.insteadOf.count)
    }
}
