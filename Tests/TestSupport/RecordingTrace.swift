import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport

/// Records the trace events (`--verbose`) the Kit emits while it is the sink of the run (`RunScope.with(trace:)`).
// @unchecked: every access to `list` holds `lock`.
package final class RecordingTrace: TraceSink, @unchecked Sendable {
    private let lock = NSLock()
    private var list: [TraceEvent] = []

    package init() {}
    package func trace(_ event: TraceEvent) { lock.lock(); list.append(event); lock.unlock() }
    package var events: [TraceEvent] { lock.lock(); defer { lock.unlock() }; return list }
}
