import Foundation
import PodMirrorFoundation

/// The insteadOf rules a gitconfig edit adds and removes (credentials redacted).
struct GitconfigEditFacts: ChangeFacts {
    var file: String
    /// `insteadof use`: the Specs mirror, and the Specs spellings this file sends there (none: it only loses rules).
    var mirror: String?
    var insteadOf: [String]?
    /// Pod-source rules (`insteadof add`, `setup --source-mirror`), `prefix → mirror`.
    var added: [String]?
    /// Rules taken out: `prefix → mirror` for pod-source rules, `mirror ← spelling` for Specs rules.
    var removed: [String]
}
