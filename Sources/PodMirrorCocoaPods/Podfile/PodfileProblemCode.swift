import Foundation
import PodMirrorFoundation

/// The code of a problem `podfile show` reports (`problems[].code` in JSON); `meaning` is its line in
/// docs/json.md.
package enum PodfileProblemCode: String, CaseIterable, Sendable, Codable {
    case multipleHooks = "podfile.multiple-hooks"
    case multiplePlatforms = "podfile.multiple-platforms"
    case sourceExpression = "podfile.source-expression"

    /// CocoaPods itself rejects a Podfile with this problem (`podfile show` then fails).
    package var rejectedByCocoaPods: Bool { self != .sourceExpression }
}

extension PodfileProblemCode: DocumentedCode {
    package var meaning: String {
        switch self {
        case .multipleHooks:
            "Two unconditional `post_install`, `post_integrate` or `pre_integrate` hooks: CocoaPods rejects the "
                + "Podfile."
        case .multiplePlatforms: "Two unconditional `platform` lines in one target: CocoaPods rejects the Podfile."
        case .sourceExpression:
            "A `source`, or a pod's `:source`, whose argument is not a plain string: podmirror cannot read it "
                + "(CocoaPods evaluates it)."
        }
    }
}
