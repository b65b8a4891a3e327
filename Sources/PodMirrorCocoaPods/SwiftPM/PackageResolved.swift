import Foundation
import PodMirrorFoundation

/// The remote pins of a `Package.resolved`: version 1 (`object.pins[].repositoryURL`), 2 and 3
/// (`pins[].location` of kind `remoteSourceControl`). SwiftPM keeps the original URLs there, mirrors or not.
enum PackageResolved {
    /// The URLs of the file's remote source-control pins, in file order; a file SwiftPM would not read is refused
    /// naming it.
    static func pinnedURLs(_ path: String, fileSystem: any FileSystem) throws -> [String] {
        let bytes = try fileSystem.readFile(path)
        func bad(_ reason: String) -> PodMirrorFailure {
            PodMirrorFailure(
                Message("swiftpm.error.resolved-invalid", ["path": path, "reason": reason]),
                code: .swiftpmResolvedInvalid)
        }
        guard let top = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            throw bad("not a JSON object")
        }
        switch top["version"] as? Int {
        case 1:
            guard let pins = (top["object"] as? [String: Any])?["pins"] as? [[String: Any]] else {
                throw bad("no object.pins list")
            }
            return pins.compactMap { $0["repositoryURL"] as? String }.filter(isRemote)
        case 2, 3:
            guard let pins = top["pins"] as? [[String: Any]] else { throw bad("no pins list") }
            return pins.filter { ($0["kind"] as? String) == "remoteSourceControl" }
                .compactMap { $0["location"] as? String }
        default:
            throw bad("unknown version")
        }
    }

    /// A URL SwiftPM fetches over the network (a v1 pin may be a local path).
    static func isRemote(_ url: String) -> Bool {
        url.contains("://") ? !url.hasPrefix("file://") : url.contains("@") && url.contains(":")
    }
}
