import Foundation
import PodMirrorFoundation

/// The gem sources of a gemrc before and after an edit (credentials redacted).
struct GemrcEditFacts: ChangeFacts {
    var file: String
    /// Why this gemrc is the one edited (`GEMRC`, the default path, …).
    var reason: String
    var before: [String]
    var after: [String]
}

/// Bundler's mirror setting before and after an edit (credentials redacted; null: not set).
struct BundlerMirrorFacts: ChangeFacts {
    var file: String
    var key: String
    @NullWhenAbsent var before: String?
    @NullWhenAbsent var after: String?
}
