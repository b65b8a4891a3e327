import Foundation

/// The result of running a child process.
package struct ProcessResult: Sendable {
    package var status: Int32
    package var stdout: String
    package var stderr: String

    package init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs processes (argv, never a shell string) for tests: the built binary, and `git` as a reference.
package enum ProcessRunner {
    /// The pid of a process that has exited and been reaped: what a killed run's temporary names carry.
    package static func exitedProcessID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    @discardableResult
    package static func run(
        _ executable: String, _ arguments: [String], cwd: String? = nil,
        environment: [String: String]? = nil, stdin: String? = nil
    ) throws -> ProcessResult {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        if let environment { p.environment = environment }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty child cannot block on a full pipe.
        let outData = PipeData()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            outData.set(out.fileHandleForReading.readDataToEndOfFile()); group.leave()
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return ProcessResult(
            status: p.terminationStatus, stdout: String(decoding: outData.data, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs the `git` CLI (reference only; podmirror itself never runs git).
    @discardableResult
    package static func git(_ arguments: [String], cwd: String? = nil, environment: [String: String]? = nil) throws
        -> ProcessResult
    {
        var env = environment ?? ProcessInfo.processInfo.environment
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["GIT_AUTHOR_NAME"] = env["GIT_AUTHOR_NAME"] ?? "Test"
        env["GIT_AUTHOR_EMAIL"] = env["GIT_AUTHOR_EMAIL"] ?? "test@example.com"
        env["GIT_COMMITTER_NAME"] = env["GIT_COMMITTER_NAME"] ?? "Test"
        env["GIT_COMMITTER_EMAIL"] = env["GIT_COMMITTER_EMAIL"] ?? "test@example.com"
        return try run(which("git") ?? "/usr/bin/git", arguments, cwd: cwd, environment: env)
    }

    /// Looks an executable up on PATH.
    package static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Locates and runs the built `podmirror` binary with a controlled environment.
package struct PodmirrorBinary: Sendable {
    package var path: String

    package init() {
        // PODMIRROR_TEST_BINARY runs the end-to-end tests against another build (release, static stdlib).
        let other = ProcessInfo.processInfo.environment["PODMIRROR_TEST_BINARY"] ?? ""
        path = other.isEmpty ? Self.built("podmirror") : other
    }

    /// An executable product of this build: tests run from .build/<config>/<Package>PackageTests.xctest,
    /// and the products sit beside it.
    package static func built(_ product: String) -> String {
        let candidates =
            [
                Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(product).path,
                Bundle.main.bundleURL.appendingPathComponent(product).path,
            ] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent().appendingPathComponent(product).path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    /// Runs podmirror with HOME set to `home` and no CP_* variables leaking from the host.
    @discardableResult
    package func run(
        _ arguments: [String], home: String, cwd: String? = nil, extraEnvironment: [String: String] = [:],
        stdin: String? = nil
    ) throws -> ProcessResult {
        try ProcessRunner.run(
            path, arguments, cwd: cwd ?? home, environment: environment(home: home, extra: extraEnvironment),
            stdin: stdin)
    }

    /// The environment `run` gives the binary: HOME set to `home`, no CP_* variables or host config leaking in.
    package func environment(home: String, extra: [String: String] = [:]) -> [String: String] {
        // Nothing may point the tool at the host's own gem, Bundler or git config.
        let hostConfig: Set<String> = [
            "GEMRC", "BUNDLE_USER_CONFIG", "BUNDLE_USER_HOME", "GIT_CONFIG_GLOBAL", "GIT_CONFIG",
        ]
        // Nor the host's proxy: tests that want one set it.
        let proxies: Set<String> = ["http_proxy", "https_proxy", "all_proxy", "no_proxy"]
        var env = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("CP_") && !hostConfig.contains($0.key) && !proxies.contains($0.key.lowercased())
        }
        env["HOME"] = home
        env["NO_COLOR"] = "1"
        // Messages in English unless a test asks for another language.
        env["PODMIRROR_LANG"] = nil
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] where env[name]?.lowercased().hasPrefix("zh") == true {
            env[name] = nil
        }
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["XDG_CONFIG_HOME"] = (home as NSString).appendingPathComponent(".config")
        // podmirror's own state (warnings already shown) stays in the temp HOME too.
        env["XDG_STATE_HOME"] = (home as NSString).appendingPathComponent(".local/state")
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Parses stdout of a `--json` run.
    package static func json(_ result: ProcessResult) throws -> [String: Any] {
        guard let obj = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw NSError(
                domain: "podmirrorTests", code: 1,
                userInfo: [NSLocalizedDescriptionKey: "stdout is not a JSON object: \(result.stdout)"])
        }
        return obj
    }
}
