import Foundation

/// The failure of one independent change (one spec repo of `repo update`) after others were applied: it names
/// what failed, keeps the cause's code and exit status, and does not claim that nothing was changed.
package struct PartFailure: PodMirrorError {
    /// What failed, e.g. the spec repo's name.
    package var subject: String
    package var underlying: any PodMirrorError

    package init(subject: String, underlying: any PodMirrorError) {
        self.subject = subject
        self.underlying = underlying
    }

    package var text: Message? {
        Message("plan.error.part", ["subject": subject, "error": underlying.localizedMessage])
    }
    package var message: String {
        Message("plan.error.part", ["subject": subject, "error": underlying.message]).english
    }
    package var remedyText: Message? { Message("plan.error.part.remedy") }
    package var remedy: String? { remedyText?.english }
    package var code: ErrorCode { underlying.code }
    package var exitStatus: ExitStatus { underlying.exitStatus }
}
