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

    /// The rules in the global git config files git reads.
    public static func load(environment: RuntimeEnvironment, catalog: MirrorCatalog) throws -> SourceMirrorRules {
        let found = try InsteadOfRules(environment: environment, catalog: catalog).rules()
        return SourceMirrorRules(rules: found.map { Rule(base: $0.base, insteadOf: $0.insteadOf) })
    }

    /// `url` rewritten as git rewrites it: the longest matching `insteadOf` prefix wins.
    public func rewrite(_ url: String) -> String {
        let match = rules.filter { !$0.insteadOf.isEmpty && url.hasPrefix($0.insteadOf) }
            .max { $0.insteadOf.count < $1.insteadOf.count }
        guard let match else { return url }
        return match.base + url.dropFirst(match.insteadOf.count)
    }
}
