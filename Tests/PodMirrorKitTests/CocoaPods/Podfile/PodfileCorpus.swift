import Foundation
import PodMirrorTestSupport
import XCTest

/// One corpus Podfile with what cocoapods-core 1.17.0 loaded from it (`expected/NNN.json`).
struct PodfileCorpusCase {
    var name: String
    var bytes: [UInt8]
    var expected: [String: Any]
}

/// Test cases that read `../shared/corpus/podfiles` (next to the checkout, located from this file);
/// they skip when it is absent.
protocol PodfileCorpusTesting {}

extension PodfileCorpusTesting {
    typealias Case = PodfileCorpusCase

    static var corpus: URL { URL(fileURLWithPath: SharedCorpus.path("corpus/podfiles")) }

    /// CocoaPods' deployment targets when `platform` gives no version.
    static var defaultVersions: [String: String] {
        ["ios": "4.3", "osx": "10.6", "tvos": "9.0", "visionos": "1.0", "watchos": "2.0"]
    }

    func corpusCases() throws -> [Case] {
        let corpus = Self.corpus
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            throw XCTSkip("corpus not present at \(corpus.path)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".podfile") }
            .sorted()
        return try files.map { f in
            let base = String(f.dropLast(".podfile".count))
            let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent(f)))
            let json =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: corpus.appendingPathComponent("expected/\(base).json"))) as! [String: Any]
            return Case(name: base, bytes: bytes, expected: json)
        }
    }
}
