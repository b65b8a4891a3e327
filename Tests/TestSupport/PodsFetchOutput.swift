import Foundation

/// What the `pods fetch` end-to-end tests read back.
package enum PodsFetchOutput {
    /// The `pods` of a `--json` result, by name.
    package static func byName(_ json: [String: Any]) -> [String: [String: Any]] {
        var out: [String: [String: Any]] = [:]
        for p in json["pods"] as? [[String: Any]] ?? [] { out[p["name"] as! String] = p }
        return out
    }

    /// Cache locks and podmirror's temporary entries below the cache folder (none may stay after a run).
    package static func leftovers(_ podsDir: String) -> [String] {
        let e = FileManager.default.enumerator(atPath: podsDir)
        var out: [String] = []
        while let p = e?.nextObject() as? String {
            if p.hasSuffix(".lock") || (p as NSString).lastPathComponent.hasPrefix(".podmirror") { out.append(p) }
        }
        return out
    }
}

/// MD5 computed by Python's hashlib (reference for CocoaPods' external slugs).
package enum DownloadSlugReference {
    package static func md5(_ s: String) -> String {
        (try? ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import hashlib,sys;print(hashlib.md5(sys.argv[1].encode()).hexdigest())", s,
            ]
        ).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? ""
    }
}
