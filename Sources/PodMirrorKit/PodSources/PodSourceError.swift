import Foundation

/// An error reading a Podfile.lock or a podspec, looking a pod up, fetching it, or writing CocoaPods'
/// download cache. The text comes from the message catalog.
public struct PodSourceError: PodMirrorError {
    public var message: String
    public var remedy: String?
    public var code: String
    public var exitStatus: ExitStatus
    public var text: Message?
    public var remedyText: Message?

    public init(_ message: Message, remedy: Message? = nil, code: String, status: ExitStatus = .failure) {
        self.message = message.english
        self.remedy = remedy?.english
        self.code = code
        self.exitStatus = status
        self.text = message
        self.remedyText = remedy
    }
}
