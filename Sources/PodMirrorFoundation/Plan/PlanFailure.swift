import Foundation

/// The error a failed plan step raises, carrying the report of what was done before it.
package struct PlanFailure: PodMirrorError {
    package var underlying: any PodMirrorError
    package var report: PlanReport
    package var message: String { underlying.message }
    package var remedy: String? { underlying.remedy }
    package var exitStatus: ExitStatus { underlying.exitStatus }
    package var code: ErrorCode { underlying.code }
    package var text: Message? { underlying.text }
    package var remedyText: Message? { underlying.remedyText }
}
