import Foundation

/// Wraps an error that is not a PodMirrorError (should be rare), keeping its text.
public struct GenericError: PodMirrorError {
    public var message: String
    public var code: String { "error" }
    public init(_ error: any Error) { message = Redaction.redactText(String(describing: error)) }
}
