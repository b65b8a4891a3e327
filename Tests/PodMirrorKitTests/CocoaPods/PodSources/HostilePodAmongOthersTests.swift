import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// Issue #28: "a crash of one pod never ends the run". `pods fetch` of external `:http` pods on its own worker
/// threads: a tar whose pax record length is 1 (before: a crash of the whole run), a tar.gz 2,000 folders deep
/// (before: SIGSEGV on the worker's 1 MiB stack) and an ordinary one. The hostile one fails alone, the others are
/// fetched, and every pod is in the report.
final class HostilePodAmongOthersTests: XCTestCase {
    func testAHostileArchiveFailsOnlyItsPodAndEveryOtherPodIsFetched() throws {
        let tmp = TempDirectory("hostile-among")
        let files = try ArchiveHTTPServer()
        defer { files.stop() }
        let home = tmp.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let script = """
            import io, sys, tarfile
            def spec(name):
                return ('{"name": "%s", "version": "1.0.0", "source": {"http": "x"}}\\n' % name).encode()
            def add(t, name, data):
                i = tarfile.TarInfo(name); i.size = len(data); t.addfile(i, io.BytesIO(data))
            with tarfile.open(sys.argv[1] + '/Good.tgz', 'w:gz') as t:
                add(t, 'Good-1.0.0/Good.podspec.json', spec('Good')); add(t, 'Good-1.0.0/Good.swift', b'x')
            with tarfile.open(sys.argv[1] + '/Deep.tgz', 'w:gz', format=tarfile.PAX_FORMAT) as t:
                add(t, 'Deep-1.0.0/Deep.podspec.json', spec('Deep')); add(t, 'Deep-1.0.0/' + 'a/' * 2000 + 'f', b'x')
            evil = bytearray(512); evil[0:11] = b'PaxHeader/x'; evil[100:108] = b'0000644\\0'
            evil[124:136] = b'%011o\\0' % 3; evil[136:148] = b'%011o\\0' % 0; evil[148:156] = b'        '
            evil[156:157] = b'x'; evil[257:263] = b'ustar\\0'; evil[263:265] = b'00'
            evil[148:156] = b'%06o\\0 ' % sum(evil)
            open(sys.argv[1] + '/Evil.tar', 'wb').write(bytes(evil) + b'1 x' + b'\\0' * 509 + b'\\0' * 1024)
            """
        let r = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, tmp.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let pods = [("Deep", "Deep.tgz"), ("Evil", "Evil.tar"), ("Good", "Good.tgz")]
        for (_, file) in pods { files.serve("/" + file, try tmp.read(file)) }
        func url(_ file: String) -> String { files.url + "/" + file }
        let lock = """
            PODS:
            \(pods.map { "  - \($0.0) (1.0.0)" }.joined(separator: "\n"))

            DEPENDENCIES:
            \(pods.map { "  - \($0.0) (from `\(url($0.1))`)" }.joined(separator: "\n"))

            EXTERNAL SOURCES:
            \(pods.map { "  \($0.0):\n    :http: \(url($0.1))" }.joined(separator: "\n"))

            CHECKOUT OPTIONS:
            \(pods.map { "  \($0.0):\n    :http: \(url($0.1))" }.joined(separator: "\n"))

            """
        let report = try HostileGitPodTests.runPodsFetch(lock, pods: pods.map(\.0), tmp: tmp, home: home)
        XCTAssertEqual(report.pods.map(\.name).sorted(), ["Deep", "Evil", "Good"])
        let status = Dictionary(uniqueKeysWithValues: report.pods.map { ($0.name, $0) })
        XCTAssertEqual(status["Evil"]?.status, .failed, "\(String(describing: status["Evil"]))")
        XCTAssertEqual(status["Evil"]?.errorCode, .podsHTTPExtraction)
        XCTAssertTrue(status["Evil"]?.error?.contains("bad length") ?? false, status["Evil"]?.error ?? "")
        XCTAssertEqual(status["Good"]?.status, .fetched, "\(String(describing: status["Good"]))")
        XCTAssertEqual(status["Deep"]?.status, .fetched, "\(String(describing: status["Deep"]))")
        // The deep entry goes with the temporary folder: through descriptors, since its paths pass PATH_MAX.
        try? FolderWalk.remove(home)
    }
}
