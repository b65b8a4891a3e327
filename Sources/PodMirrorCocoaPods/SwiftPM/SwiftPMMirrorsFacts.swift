import Foundation
import PodMirrorFoundation

/// The entries `swiftpm use` adds to a `mirrors.json`, `original → mirror` (credentials redacted).
package struct SwiftPMMirrorsFacts: ChangeFacts {
    package var file: String
    package var added: [String]
    /// How many entries the file holds afterwards.
    package var entries: Int
}
