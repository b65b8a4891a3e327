import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Plans `repo export NAME FILE` (the bundle itself is written by `export`, in SpecBundleExport.swift).
package struct RepoExportPlanner: Sendable {
    package var shared: RepoPlannerContext

    package init(_ shared: RepoPlannerContext) { self.shared = shared }

    /// `repo export NAME FILE` as a plan: one change, needed unless FILE already is the bundle of the repo's
    /// branch at its tip (the same header, a pack after it), then the removal of temporary bundles killed exports
    /// left beside FILE (`TempName.stale`), if any. Applying writes it with `export`; `--dry-run` writes nothing,
    /// `--check` exits 3 when FILE is missing or another bundle, or a leftover is there.
    package func plan(name: String, to file: String) throws -> Plan {
        var plan = try exportPlan(name: name, to: file)
        plan.removingLeftovers(beside: [file], fileSystem: shared.repos.fileSystem)
        return plan
    }

    private func exportPlan(name: String, to file: String) throws -> Plan {
        let (_, branch, tip) = try exportSource(name, to: file)
        let header = SpecBundleHeader.v2(tip: tip, branch: branch)
        let arguments = ["name": name, "branch": branch, "tip": String(tip.prefix(12)), "file": file]
        let details = SpecBundleExportFacts(name: name, file: file, branch: branch, tip: tip)
        if Self.isBundle(file, header: header) {
            let current = Message("bundle.export.current", arguments)
            return Plan(
                title: "repo export \(name)",
                changes: [
                    Change.satisfied(
                        id: "repo.export:\(name)", kind: .specRepoExport, subject: file, summary: current.english,
                        details: details
                    ).said(current)
                ])
        }
        let planner = self
        let summary = Message("bundle.export.summary", arguments)
        let change = Change(
            id: "repo.export:\(name)", kind: .specRepoExport, subject: file, summary: summary.english,
            details: details, isNeeded: true,
            apply: { context in try planner.export(name: name, to: file, context: context) })
        return Plan(title: "repo export \(name)", changes: [change.said(summary)])
    }

    /// True when `file` starts with `header` and a pack follows it.
    static func isBundle(_ file: String, header: Data) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: header.count + 4)) ?? Data()
        return start == header + Data("PACK".utf8)
    }

    /// The repo `name` to export (a git repo on a branch), its branch and tip; `file` must not be a folder.
    func exportSource(_ name: String, to file: String) throws -> (GitRepository, String, String) {
        let repos = shared.repos
        let info = try repos.existingRepos([name])[0]
        guard info.kind == .git, let branch = info.branch, let head = info.head else {
            throw PodMirrorFailure(
                Message("bundle.error.not-exportable", ["name": name, "path": info.path]), code: .bundleNotGit)
        }
        let repo = try GitRepository.open(info.path)
        // A bundle carries no shallow boundary: git would find the parents of its oldest commits missing.
        if repo.isShallow {
            throw PodMirrorFailure(
                Message("bundle.error.shallow", ["name": name, "path": info.path]),
                remedy: Message("bundle.error.shallow.remedy", ["name": name]), code: .bundleShallow)
        }
        if repos.fileSystem.isDirectory(file) {
            throw PodMirrorFailure(
                Message("bundle.error.file-is-folder", ["file": file]), code: .bundleFileIsFolder)
        }
        return (repo, branch, repo.resolve("refs/heads/\(branch)") ?? head)
    }
}
