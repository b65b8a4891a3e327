import Foundation

/// A path whose working-tree (or index) state differs from HEAD.
package struct GitPathChange: Sendable, Equatable, Hashable {
    package enum Kind: String, Sendable, Codable {
        case modified, deleted, added, typechange, unreadable
    }
    package var path: String
    package var kind: Kind
}
