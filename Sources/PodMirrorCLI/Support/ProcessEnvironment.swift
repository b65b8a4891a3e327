import Foundation
import PodMirrorFoundation
import PodMirrorKit

extension RuntimeEnvironment {
    /// This process's environment variables and current folder, on the real file system: the one
    /// place the executable reads them, to pass into the Kit.
    static var process: RuntimeEnvironment {
        RuntimeEnvironment(
            variables: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath, fileSystem: LocalFileSystem())
    }
}
