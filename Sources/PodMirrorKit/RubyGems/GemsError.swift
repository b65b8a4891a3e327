import Foundation

/// Errors of the RubyGems/Bundler area: a gemrc or Bundler config podmirror cannot edit safely.
public struct GemsError: PodMirrorError {
    public var message: String
    public var remedy: String?
    public var code: String
    public var exitStatus: ExitStatus

    public init(_ message: String, remedy: String? = nil, code: String, exitStatus: ExitStatus = .failure) {
        self.message = message
        self.remedy = remedy
        self.code = code
        self.exitStatus = exitStatus
    }
}
