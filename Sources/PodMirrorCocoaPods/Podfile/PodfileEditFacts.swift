import Foundation
import PodMirrorFoundation

/// The edits asked of a Podfile and what the Podfile reads like after them (`podfile show`'s model).
struct PodfileEditFacts: ChangeFacts {
    var edits: [String]
    var podfile: String
    var after: PodfileModel

    private enum CodingKeys: String, CodingKey { case edits, podfile, after }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(edits, forKey: .edits)
        try c.encode(podfile, forKey: .podfile)
        try c.encode(after.json, forKey: .after)
    }
}
