import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport

/// A fetcher over a HOME with no lock, and jobs for pods P0, P1, … in a given state: for tests of how
/// `PodsFetcher.execute` counts and reports, with nothing to download.
enum PodsFetcherFixture {
    static func fetcher(home: TempDirectory) throws -> PodsFetcher {
        let env = RuntimeEnvironment(
            variables: ["HOME": home.path, "PATH": "/usr/bin:/bin"], currentDirectory: home.path)
        return try PodsFetcher(
            request: PodsFetchRequest(
                lockfilePath: home.sub("Podfile.lock"), jobs: 2, network: .test(), environment: env))
    }

    static func jobs(_ count: Int, status: PodFetchResult.Status, settled: Bool) -> [PodJob] {
        (0..<count).map { i in
            PodJob(
                result: PodFetchResult(
                    name: "P\(i)", version: "1.0", kind: .git, origin: .release, url: nil, status: status,
                    reason: nil, error: nil, errorCode: nil, bytes: 0, seconds: 0, cachePath: nil, commit: nil,
                    podspec: nil, specRepo: nil, reasonText: nil, errorText: nil, exitStatus: nil),
                source: nil, slug: nil, spec: nil, settled: settled)
        }
    }
}
