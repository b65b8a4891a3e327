import Foundation

/// A path whose working-tree (or index) state differs from HEAD.
public struct GitPathChange: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, Codable {
        case modified, deleted, added, typechange, unreadable
    }
    public var path: String
    public var kind: Kind
}
