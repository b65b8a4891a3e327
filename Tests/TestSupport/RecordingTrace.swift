import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

/// Records the trace events (`--verbose`) the Kit emits while installed with `Trace.install`.
// @unchecked: every access to `list` holds `lock`.
public final class RecordingTrace: TraceSink, @unchecked Sendable {
    private let lock = NSLock()
    private var list: [TraceEvent] = []

    public init() {}
    public func trace(_ event: TraceEvent) { lock.lock(); list.append(event); lock.unlock() }
    public var events: [TraceEvent] { lock.lock(); defer { lock.unlock() }; return list }
}
