import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport

/// A stand-in for `pod install` in-process: creates a new Pods/ and edits the project like pod would,
/// then fails the way it is told.
package struct FakePod: ToolRunner {
    package var fault: @Sendable () throws -> Int32
    package func run(
        _ executable: String, _ arguments: [String], environment: [String: String], currentDirectory: String?,
        cancellation: CancellationToken
    ) throws -> Int32 {
        let dir = currentDirectory!
        try FileManager.default.createDirectory(atPath: dir + "/Pods/New", withIntermediateDirectories: true)
        try Data("PODS: [new]\n".utf8).write(to: URL(fileURLWithPath: dir + "/Podfile.lock"))
        try Data("{ objects = {}; }".utf8).write(to: URL(fileURLWithPath: dir + "/App.xcodeproj/project.pbxproj"))
        return try fault()
    }

    package init(fault: @escaping @Sendable () throws -> Int32) { self.fault = fault }
}
