import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorTransport

/// `pod install` ended with a non-zero status; the project was put back as it was.
package struct PodInstallFailed: PodMirrorError {
    /// pod's own exit status, which `podmirror reinstall` exits with.
    package var status: Int32
    package var directory: String
    package var text: Message? {
        Message("reinstall.error.pod-install-failed", ["status": String(status), "path": directory])
    }
    package var remedyText: Message? { Message("reinstall.error.pod-install-failed.remedy") }
    package var message: String { text?.english ?? "" }
    package var remedy: String? { remedyText?.english }
    package var code: ErrorCode { .reinstallPodInstallFailed }
}

/// `deintegrate`, then `pod install`; if `pod install` fails or is interrupted, the project file,
/// Podfile.lock and `Pods/` are put back exactly as they were. `Pods/` is only moved aside until
/// `pod install` succeeded.
package struct Reinstaller: Sendable {
    package var environment: RuntimeEnvironment
    var tools: any ToolRunner
    /// A stock CocoaPods refuses to run as root unless told `--allow-root` (CI containers run as root).
    var runsAsRoot: Bool

    package init(
        environment: RuntimeEnvironment, tools: any ToolRunner = ProcessToolRunner(),
        runsAsRoot: Bool = geteuid() == 0
    ) {
        self.environment = environment
        self.tools = tools
        self.runsAsRoot = runsAsRoot
    }

    /// The plan: project file edit, `Pods/` moved aside, `pod install [--repo-update]`, then the
    /// moved-aside `Pods/` deleted. Fails before changing anything when `pod` is not on PATH.
    package func plan(_ location: XcodeProjectLocation, repoUpdate: Bool) throws -> DeintegratePlan {
        let fs = environment.fileSystem
        guard location.hasPodfile else {
            throw PodMirrorFailure(
                Message("reinstall.error.no-podfile", ["path": location.installationRoot]),
                remedy: Message("reinstall.error.no-podfile.remedy"), code: .reinstallNoPodfile)
        }
        guard let pod = ToolVersion(environment: environment).locate("pod") else {
            throw PodMirrorFailure(
                Message("reinstall.error.pod-missing"), remedy: Message("reinstall.error.pod-missing.remedy"),
                code: .reinstallPodMissing)
        }
        let aside = DeintegratePlanner.reinstallBackup(location.podsDirectory)
        // What a killed reinstall left aside comes back first when its pod install had not finished.
        var planned = try DeintegratePlanner.make(
            location, removePods: true, pods: .moveAside(to: aside),
            restoring: DeintegratePlanner.unfinishedReinstallBackup(location, fileSystem: fs), fileSystem: fs)
        let argv = [pod, "install"] + (repoUpdate ? ["--repo-update"] : []) + (runsAsRoot ? ["--allow-root"] : [])
        planned.plan.title = "reinstall \(location.displayPath)"
        planned.plan.changes.append(podInstallChange(argv, location: location))
        if planned.podsExists {
            let summary = Message("reinstall.summary.drop-backup")
            planned.plan.changes.append(
                Change(
                    id: "pods.drop-backup:\(aside)", kind: .podsBackupRemove, subject: aside,
                    summary: summary.english, isNeeded: true,
                    // Once everything else succeeded (the commit): a failure is a `leftover.kept` warning.
                    apply: { _ in nil },
                    commit: { () throws(LeftoverKept) in
                        if fs.fileExists(aside) { try LeftoverKept.remove(aside, fileSystem: fs) }
                        return nil
                    }
                ).said(summary))
        }
        return planned
    }

    /// Runs `pod install`; on failure removes what it created (new `Pods/`, a changed Podfile.lock)
    /// so the earlier steps' undo puts the old state back.
    func podInstallChange(_ argv: [String], location: XcodeProjectLocation) -> Change {
        let fs = environment.fileSystem
        let tools = self.tools
        let env = environment.variables
        let root = location.installationRoot
        let pods = location.podsDirectory
        let lockPath = PodfileLock.path(inFolder: root)
        let shown = ([(argv[0] as NSString).lastPathComponent] + argv.dropFirst()).joined(separator: " ")
        let summary = Message("reinstall.summary.pod-install", ["command": shown, "directory": root])
        var change = Change(
            id: "pod.install:\(root)", kind: .podInstall, subject: root, summary: summary.english,
            details: PodInstallFacts(argv: argv, directory: root), isNeeded: true,
            apply: { context in
                let lockBefore: [UInt8]? = fs.fileExists(lockPath) ? try fs.readFile(lockPath) : nil
                let podsBefore = fs.fileExists(pods)
                let projectBefore = try fs.readFile(location.pbxproj)
                func putBack() {
                    if !podsBefore, fs.fileExists(pods) {
                        let trash = TempName.beside(pods, tag: "failed")
                        if (try? fs.moveItem(pods, to: trash)) != nil {
                            try? fs.removeItem(trash)
                        } else {
                            try? fs.removeItem(pods)
                        }
                    }
                    if (try? fs.readFile(location.pbxproj)) != projectBefore {
                        try? fs.writeAtomically(projectBefore, to: location.pbxproj, defaultMode: 0o644)
                    }
                    let lockNow: [UInt8]? = fs.fileExists(lockPath) ? try? fs.readFile(lockPath) : nil
                    if lockNow != lockBefore {
                        if let lockBefore {
                            try? fs.writeAtomically(lockBefore, to: lockPath, defaultMode: 0o644)
                        } else {
                            try? fs.removeItem(lockPath)
                        }
                    }
                }
                let status: Int32
                do {
                    status = try tools.run(
                        argv[0], Array(argv.dropFirst()), environment: env, currentDirectory: root,
                        cancellation: context.cancellation)
                } catch {
                    putBack()
                    throw error
                }
                guard status == 0 else {
                    putBack()
                    throw PodInstallFailed(status: status, directory: root)
                }
                return PodInstallFacts.Ran(exitStatus: Int(status))
            })
        change.message = summary
        return change
    }
}

extension Reinstaller {
    /// `pods fetch` of the project's Podfile.lock before `pod install`, which then finds its download cache
    /// filled; nil when there is nothing to do (not applying, `fetch` off, no Podfile.lock). `network` gives the
    /// run's settings (asked only when fetching); the archive bounds are read as `pods fetch` reads them.
    /// Throws `InterruptedError` when cancelled.
    package func prefetch(
        _ location: XcodeProjectLocation, mode: RunMode, fetch: Bool, network: () throws -> NetworkSettings,
        cancellation: CancellationToken, progress: (@Sendable (PodsFetchProgress) -> Void)? = nil
    ) throws -> ReinstallPrefetch? {
        let lockfile = PodfileLock.path(inFolder: location.installationRoot)
        guard fetch, mode == .apply, environment.fileSystem.fileExists(lockfile) else { return nil }
        let request = PodsFetchRequest(
            lockfilePath: lockfile, network: try network(), environment: environment,
            archiveLimits: try ArchiveLimits.resolve(environment: environment.variables))
        let report: PodsFetchReport
        do {
            report = try PodsFetcher(request: request).run(mode: .apply, cancellation: cancellation, progress: progress)
        } catch let error as PodMirrorFailure where error.code.isPodsFetchInput {
            // A Podfile.lock podmirror cannot read is `pod install`'s business; the prefetch only saves time.
            let warning = Diagnostic(
                .warning, code: .reinstallFetchSkipped,
                Message("pods.reinstall.fetch-skipped").filling("reason", with: error.text, or: error.message))
            return .skipped(lockfile: lockfile, warning: warning)
        }
        if report.interrupted { throw InterruptedError() }
        guard report.failed.isEmpty else {
            let error = PodMirrorFailure(
                Message("pods.reinstall.fetch-failed", ["pods": report.failed.map(\.name).joined(separator: ", ")]),
                remedy: Message("pods.reinstall.fetch-failed.remedy"), code: .reinstallFetchFailed)
            return .failed(report, error: error)
        }
        return .fetched(report)
    }
}

/// The `pod install` a reinstall runs, and where.
struct PodInstallFacts: ChangeFacts {
    var argv: [String]
    var directory: String

    /// How the `pod install` that ran exited.
    struct Ran: ChangeFacts {
        var exitStatus: Int
    }
}
