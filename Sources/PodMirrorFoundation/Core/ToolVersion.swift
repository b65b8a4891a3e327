import Foundation

/// Finds tools on PATH and reads their `--version` (argv through `ChildProcess`, never a shell).
package struct ToolVersion: Sendable {
    package var environment: RuntimeEnvironment
    package var timeout: Double

    package init(environment: RuntimeEnvironment, timeout: Double = 15) {
        self.environment = environment
        self.timeout = timeout
    }

    /// The executable `name` on `$PATH`, or nil.
    package func locate(_ name: String) -> String? {
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
    package func version(of path: String) -> String? {
        var env = environment.variables
        // CocoaPods refuses a non-UTF-8 locale and prints banners otherwise.
        env["LANG"] = env["LANG"].flatMap { Self.isUTF8($0) ? $0 : nil } ?? "en_US.UTF-8"
        env["COCOAPODS_SKIP_UPDATE_MESSAGE"] = "1"
        // A `--version` that hangs is stopped after `timeout` seconds.
        let expired = CancellationToken()
        let timer = DispatchWorkItem { expired.cancel() }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        defer { timer.cancel() }
        var data = Data()
        guard
            let outcome = try? ChildProcess.run(
                path, ["--version"], environment: env, cancellation: expired, output: .capture { data.append($0) }),
            outcome.status == 0
        else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }

    package static func isUTF8(_ locale: String) -> Bool {
        let l = locale.lowercased()
        return l.contains("utf-8") || l.contains("utf8")
    }
}
