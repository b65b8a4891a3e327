import Foundation

/// The project's own test files (Tests/Fixtures), located from this source file.
package enum Fixtures {
    /// `Tests/Fixtures`.
    package static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// A path below `Tests/Fixtures`, e.g. `xcodeproj/actionsdemo/project.pbxproj`.
    package static func path(_ relative: String) -> String { root + "/" + relative }

    /// The bytes of a fixture file.
    package static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }
}

/// The shared reference corpus (`../shared` beside the checkout), used only by conformance tests.
/// `PODMIRROR_SHARED_DIR` overrides where it is (a missing folder makes those tests skip).
package enum SharedCorpus {
    package static let root: String = {
        if let dir = ProcessInfo.processInfo.environment["PODMIRROR_SHARED_DIR"], !dir.isEmpty { return dir }
        // Tests/TestSupport/<this file> → checkout → ../shared
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared").path
    }()

    /// A path below `shared/`, e.g. `corpus/xcodeproj`.
    package static func path(_ relative: String) -> String { root + "/" + relative }
}
