import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

/// Records the phases a progress reporter was told about.
// @unchecked: every access to `seen` holds `lock`.
public final class RecordingProgress: ProgressReporter, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []

    public init() {}
    public var phases: Set<String> { lock.lock(); defer { lock.unlock() }; return Set(seen) }
    public func report(_ event: ProgressEvent) { lock.lock(); seen.append(event.phase); lock.unlock() }
}
