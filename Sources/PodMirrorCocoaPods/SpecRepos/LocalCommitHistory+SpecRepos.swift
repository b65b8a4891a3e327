import Foundation

extension LocalCommitHistory {
    /// The git spec repos of `repos`.
    public init(repos: ReposDirectory) {
        self.init(paths: SpecRepo.all(in: repos).filter { $0.kind == .git }.map(\.path))
    }
}
