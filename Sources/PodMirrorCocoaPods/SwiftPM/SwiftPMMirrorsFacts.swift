import Foundation
import PodMirrorFoundation

/// The entries `swiftpm use` adds to a `mirrors.json`, `original → mirror` (credentials redacted).
struct SwiftPMMirrorsFacts: ChangeFacts {
    var file: String
    var added: [String]
    /// How many entries the file holds afterwards.
    var entries: Int
}
