import Foundation
import PodMirrorFoundation

/// The insteadOf rules a gitconfig edit adds and removes (credentials redacted).
package struct GitconfigEditFacts: ChangeFacts {
    package var file: String
    /// `insteadof use`: the Specs mirror, and the Specs spellings this file sends there (none: it only loses rules).
    package var mirror: String?
    package var insteadOf: [String]?
    /// Pod-source rules (`insteadof add`, `setup --source-mirror`), `prefix → mirror`.
    package var added: [String]?
    /// Rules taken out: `prefix → mirror` for pod-source rules, `mirror ← spelling` for Specs rules.
    package var removed: [String]
}
