import Foundation
import PodMirrorFoundation

/// The edits asked of a Podfile and what the Podfile reads like after them (`podfile show`'s model).
package struct PodfileEditFacts: ChangeFacts {
    package var edits: [String]
    package var podfile: String
    package var after: PodfileModel

    private enum CodingKeys: String, CodingKey { case edits, podfile, after }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(edits, forKey: .edits)
        try c.encode(podfile, forKey: .podfile)
        try c.encode(after.json, forKey: .after)
    }
}
