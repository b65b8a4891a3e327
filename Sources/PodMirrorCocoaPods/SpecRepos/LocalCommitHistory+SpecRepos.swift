import Foundation

extension LocalCommitHistory {
    /// The git spec repos of `repos`.
    package init(repos: ReposDirectory) {
        self.init(paths: SpecRepo.all(in: repos).filter { $0.kind == .git }.map(\.path))
    }
}
