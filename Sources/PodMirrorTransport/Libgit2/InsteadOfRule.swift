import Foundation
import PodMirrorFoundation

/// git's `url.<base>.insteadOf = <insteadOf>`: a URL starting with `insteadOf` is rewritten to start with
/// `base` (see `SourceMirrorRules.rewrite` for how git chooses among several).
package struct InsteadOfRule: Sendable, Hashable, Codable {
    package var base: String
    package var insteadOf: String

    package init(base: String, insteadOf: String) {
        self.base = base
        self.insteadOf = insteadOf
    }

    /// An insteadOf rule as one global git config file holds it. JSON: `{file, base, insteadOf, managed}`.
    package struct InFile: Sendable, Equatable, Encodable {
        package var file: String
        package var rule: InsteadOfRule
        /// Written by podmirror (its `reset` or `remove` takes it out).
        package var managed: Bool

        enum CodingKeys: String, CodingKey { case file, base, insteadOf, managed }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(file, forKey: .file)
            try c.encode(rule.base, forKey: .base)
            try c.encode(rule.insteadOf, forKey: .insteadOf)
            try c.encode(managed, forKey: .managed)
        }

        /// Every rule in the existing `files`, in file order; `managed` tells which of a file's rules podmirror
        /// wrote.
        package static func read(
            _ files: [String], fileSystem: any FileSystem, managed: (GitConfigFile, InsteadOfRule) throws -> Bool
        ) throws -> [InFile] {
            var out: [InFile] = []
            for file in files where fileSystem.fileExists(file) {
                let config = try GitConfigFile(path: file)
                for rule in try config.insteadOfRules() {
                    out.append(InFile(file: file, rule: rule, managed: try managed(config, rule)))
                }
            }
            return out
        }

        /// Section headers podmirror may leave empty after removing `rules`.
        package static func headers(_ rules: [InFile]) -> Set<String> {
            Set(rules.map { "[url \"\($0.rule.base)\"]" } + ["[podmirror]"])
        }
    }
}
