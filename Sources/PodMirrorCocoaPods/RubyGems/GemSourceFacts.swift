import Foundation
import PodMirrorFoundation

/// The gem sources of a gemrc before and after an edit (credentials redacted).
package struct GemrcEditFacts: ChangeFacts {
    package var file: String
    /// Why this gemrc is the one edited (`GEMRC`, the default path, …).
    package var reason: String
    package var before: [String]
    package var after: [String]
}

/// Bundler's mirror setting before and after an edit (credentials redacted; null: not set).
package struct BundlerMirrorFacts: ChangeFacts {
    package var file: String
    package var key: String
    @NullWhenAbsent package var before: String?
    @NullWhenAbsent package var after: String?
}
