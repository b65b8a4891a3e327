// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "podmirror",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "podmirror", targets: ["podmirror"]),
        .library(name: "PodMirrorCLI", targets: ["PodMirrorCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "5.0.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        // libgit2 through pkg-config (apt: libgit2-dev, brew: libgit2).
        .systemLibrary(
            name: "CLibgit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        // libcurl through pkg-config (apt: libcurl4-openssl-dev, brew: curl; macOS: the SDK's).
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // HTTP (mirror probes, pod source downloads) through libcurl.
        .target(name: "CHTTP", dependencies: ["CCurl"]),
        // A C11 atomic int: the cancellation flag a signal handler sets.
        .target(name: "CAtomic"),
        // libgit2's standard socket stream replaced: connect/read/write bounded by a stall timeout and cancellation.
        .target(name: "CGitStream", dependencies: ["CLibgit2", "CAtomic"]),
        // Two paths exchanged in one step (renameat2 RENAME_EXCHANGE, renamex_np RENAME_SWAP).
        .target(name: "CFileSwap"),
        // The commit a release binary is built from (scripts/build-release.sh passes it as a C define).
        .target(name: "CBuildCommit"),
        // The Kit, in layers: each target depends only on the ones above it here, and none prints, exits or reads
        // the process (docs/architecture.md). Foundation: the file system seam, errors and codes, messages,
        // diagnostics, plans and their runner, cancellation.
        .target(name: "PodMirrorFoundation", dependencies: ["CAtomic", "CFileSwap"]),
        // Transport: git through libgit2, HTTP through libcurl, proxies, insteadOf rules, stall and rate limits.
        .target(name: "PodMirrorTransport", dependencies: ["PodMirrorFoundation", "CLibgit2", "CGitStream", "CHTTP"]),
        // CocoaPods knowledge: spec repos, Podfile, Podfile.lock, podspecs, the download cache, pbxproj, gemrc and
        // Bundler, the mirror catalog.
        .target(
            name: "PodMirrorCocoaPods",
            dependencies: [
                "PodMirrorTransport", "PodMirrorFoundation", .product(name: "Yams", package: "Yams"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        // Flows: setup, doctor, reinstall, pod init, and what a release says of itself.
        .target(
            name: "PodMirrorKit",
            dependencies: ["PodMirrorCocoaPods", "PodMirrorTransport", "PodMirrorFoundation", "CBuildCommit"]),
        // The commands: parse, run through the one `CommandRunner`, render, pick the exit code.
        .target(
            name: "PodMirrorCLI",
            dependencies: [
                "PodMirrorKit", "PodMirrorCocoaPods", "PodMirrorTransport", "PodMirrorFoundation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The executable: a `main.swift` that hands the arguments to `PodMirrorCLI`.
        .executableTarget(name: "podmirror", dependencies: ["PodMirrorCLI"]),
        // libFuzzer harnesses (scripts/fuzz.sh builds them with -sanitize=fuzzer); a normal build replays files.
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(
            name: "PodfileFuzz", dependencies: ["PodMirrorCocoaPods", "PodMirrorFoundation", "FuzzSupport"],
            path: "Fuzz/PodfileFuzz"),
        .executableTarget(
            name: "PbxprojFuzz", dependencies: ["PodMirrorCocoaPods", "PodMirrorFoundation", "FuzzSupport"],
            path: "Fuzz/PbxprojFuzz"),
        .executableTarget(
            name: "GemrcFuzz",
            dependencies: [
                "PodMirrorCocoaPods", "PodMirrorFoundation", "FuzzSupport", .product(name: "Yams", package: "Yams"),
            ],
            path: "Fuzz/GemrcFuzz"),
        .executableTarget(
            name: "LockfileFuzz", dependencies: ["PodMirrorCocoaPods", "PodMirrorFoundation", "FuzzSupport"],
            path: "Fuzz/LockfileFuzz"),
        .executableTarget(
            name: "ArchiveFuzz", dependencies: ["PodMirrorCocoaPods", "PodMirrorFoundation", "FuzzSupport"],
            path: "Fuzz/ArchiveFuzz"),
        // bench/http-archives.sh: podmirror's http downloader alone, against curl.
        .executableTarget(
            name: "http-fetch-bench",
            dependencies: ["PodMirrorCocoaPods", "PodMirrorTransport", "PodMirrorFoundation"],
            path: "bench/HTTPFetchBench"),
        // bench/digest.sh: Digest on the platform's library vs its Swift fallback.
        .executableTarget(name: "digest-bench", dependencies: ["PodMirrorFoundation"], path: "bench/DigestBench"),
        // Helpers shared by the test targets: temporary HOMEs, loopback git server, running the binary.
        .target(
            name: "PodMirrorTestSupport",
            dependencies: ["PodMirrorKit", "PodMirrorCocoaPods", "PodMirrorTransport", "PodMirrorFoundation"],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "PodMirrorKitTests",
            dependencies: [
                "PodMirrorKit", "PodMirrorCocoaPods", "PodMirrorTransport", "PodMirrorFoundation", "PodMirrorCLI",
                "PodMirrorTestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        // End to end: runs the built `podmirror` binary in temporary HOMEs.
        .testTarget(
            name: "podmirrorTests",
            dependencies: [
                "PodMirrorKit", "PodMirrorCocoaPods", "PodMirrorTransport", "PodMirrorFoundation",
                "PodMirrorTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
