import Foundation
import PodMirrorTestSupport

/// Small hand-written project files, one feature each, in Xcode's layout (Tests/Fixtures/pbx).
enum PBXFixtures {
    /// An app and its unit tests integrated by CocoaPods 1.x: phases, a [CP-User] phase, Pods
    /// frameworks, xcconfigs in a `Pods` group, plus an unknown isa and a file built from Pods/.
    static let integrated = text("pbx/integrated.pbxproj")

    /// A project never integrated with CocoaPods (an empty Frameworks group included).
    static let plain = text("pbx/plain.pbxproj")

    private static func text(_ relative: String) -> String {
        do {
            return String(decoding: try Fixtures.bytes(relative), as: UTF8.self)
        } catch {
            fatalError("missing test fixture Tests/Fixtures/\(relative): \(error)")
        }
    }
}
