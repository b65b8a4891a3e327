import Foundation

/// Finds tools on PATH and reads their `--version` (argv through Foundation.Process, never a shell).
public struct ToolVersion: Sendable {
    public var environment: RuntimeEnvironment
    public var timeout: Double

    public init(environment: RuntimeEnvironment, timeout: Double = 15) {
        self.environment = environment
        self.timeout = timeout
    }

    /// The executable `name` on `$PATH`, or nil.
    public func locate(_ name: String) -> String? {
        for dir in (environment.variables["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            let fs = environment.fileSystem
            if fs.isExecutableFile(candidate), !fs.isDirectory(candidate) {
                return candidate
            }
        }
        return nil
    }

    /// The first non-empty line `path --version` prints, or nil when it fails or hangs.
    public func version(of path: String) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = ["--version"]
        var env = environment.variables
        // CocoaPods refuses a non-UTF-8 locale and prints banners otherwise.
        env["LANG"] = env["LANG"].flatMap { Self.isUTF8($0) ? $0 : nil } ?? "en_US.UTF-8"
        env["COCOAPODS_SKIP_UPDATE_MESSAGE"] = "1"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in done.signal() }
        do { try p.run() } catch { return nil }
        if done.wait(timeout: .now() + timeout) == .timedOut { p.terminate(); return nil }
        // `--version` output is a line or two: it fits the pipe buffer, so reading after exit is safe.
        let data = out.fileHandleForReading.readDataToEndOfFile()
        guard p.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }

    static func isUTF8(_ locale: String) -> Bool {
        let l = locale.lowercased()
        return l.contains("utf-8") || l.contains("utf8")
    }
}
