import Foundation

/// The error a failed plan step raises, carrying the report of what was done before it.
public struct PlanFailure: PodMirrorError {
    public var underlying: any PodMirrorError
    public var report: PlanReport
    public var message: String { underlying.message }
    public var remedy: String? { underlying.remedy }
    public var exitStatus: ExitStatus { underlying.exitStatus }
    public var code: ErrorCode { underlying.code }
    public var text: Message? { underlying.text }
    public var remedyText: Message? { underlying.remedyText }
}
