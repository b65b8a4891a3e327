import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// `repo verify trunk` for a trunk podmirror made: every podspec the mirror's commit has is there with the mirror's
/// bytes, every index file is what the CDN derives from that commit, and no update was left half-done. Files
/// CocoaPods added itself (its `.etag`s, podspecs the mirror does not have) are not problems.
extension RepoVerifier {
    func verifyTrunk(_ state: TrunkState, cancellation: CancellationToken) throws -> SpecRepoVerification {
        var result = SpecRepoVerification(
            name: "trunk", path: state.path, branch: state.branch, head: state.commit, originHead: state.fetched,
            deep: true, problems: [], problemCount: 0)
        func add(_ code: VerifyProblemCode, _ path: String?, _ text: Message) {
            result.problemCount += 1
            if result.problems.count < SpecRepoVerification.listLimit {
                result.problems.append(.init(code: code, path: path, text: text))
            }
        }
        guard let commit = state.commit else { return result }
        if let pending = state.pending {
            add(.trunkPending, nil, Message("verify.problem.trunk-pending", ["commit": String(pending.prefix(12))]))
        }
        let repo = try GitRepository.open(state.path)
        for lock in SpecRepoGitLocks.find(repo.gitDirectory, repos.fileSystem) {
            add(.gitLock, lock, Message("verify.problem.lock", ["path": lock]))
        }
        let fs = repos.fileSystem
        let versionFile = try repo.blobID(commit: commit, file: TrunkLayout.versionFile)
        let metadata = try SpecRepoMetadata(
            yaml: versionFile.map { try repo.blobBytes($0, maxSize: 1 << 20, path: TrunkLayout.versionFile) } ?? [],
            path: state.path + "/.git: " + TrunkLayout.versionFile)
        let layout = TrunkLayout(metadata: metadata)
        var index = TrunkIndex(metadata: metadata)
        var expected: [(path: String, blob: String)] = versionFile.map { [(TrunkLayout.versionFile, $0)] } ?? []
        for file in try repo.treeFiles(commit: commit, under: TrunkLayout.specs) where !file.isSpecial {
            if cancellation.isCancelled { throw InterruptedError() }
            guard case .podspec(let pod, let version) = layout.role(file.path, isFolder: false), let blob = file.blob
            else { continue }
            index.pods[pod, default: []].insert(version)
            expected.append((file.path, blob))
        }
        for (path, blob) in expected {
            if cancellation.isCancelled { throw InterruptedError() }
            guard let bytes = try? fs.readFile(state.path + "/" + path) else {
                add(.worktree(.deleted), path, Message(Self.problemKey(.deleted), ["path": path]))
                continue
            }
            if GitOID.blob(bytes) != blob {
                add(.worktree(.modified), path, Message(Self.problemKey(.modified), ["path": path]))
            } else if path.hasSuffix(".podspec.json"), bytes.withUnsafeBytes(TrunkIndex.isDeprecated(json:)) {
                index.deprecated.insert(path)
            }
        }
        for (name, bytes) in index.files().sorted(by: { $0.key < $1.key }) {
            let onDisk = try? fs.readFile(state.path + "/" + name)
            guard onDisk != bytes else { continue }
            let kind: GitPathChange.Kind = onDisk == nil ? .deleted : .modified
            add(.worktree(kind), name, Message(Self.problemKey(kind), ["path": name]))
        }
        return result
    }
}
