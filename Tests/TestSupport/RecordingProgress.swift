import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport

/// Records the phases a progress reporter was told about.
// @unchecked: every access to `seen` holds `lock`.
package final class RecordingProgress: ProgressReporter, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []

    package init() {}
    package var phases: Set<String> { lock.lock(); defer { lock.unlock() }; return Set(seen) }
    package func report(_ event: ProgressEvent) { lock.lock(); seen.append(event.phase.english); lock.unlock() }
}
