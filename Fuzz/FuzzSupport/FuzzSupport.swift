import Foundation

// What every fuzz harness shares: handing control to libFuzzer (sanitized build) or replaying
// files (normal build, used by the tests and to reproduce a crash).

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
    ) -> Int32

    /// Runs libFuzzer with the process's arguments and `callback` (only in a `-sanitize=fuzzer` build).
    public func runFuzzer(
        _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
    ) -> Int32 {
        var count = argc
        var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return LLVMFuzzerRunDriver(&count, &vector, callback)
    }
#endif

/// The body of every harness's `LLVMFuzzerTestOneInput`: libFuzzer's bytes, as an array, to `harness`.
public func fuzzInput(_ data: UnsafePointer<UInt8>, _ size: Int, _ harness: ([UInt8]) -> Void) -> Int32 {
    harness(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// The entry point of a harness in a normal build: replays the files named on the command line.
public func replayArguments(_ harness: ([UInt8]) -> Void) {
    replay(Array(CommandLine.arguments.dropFirst()), harness)
}

/// Runs `harness` over each file named on the command line (folders: every file below), printing `ok PATH`.
public func replay(_ arguments: [String], _ harness: ([UInt8]) -> Void) {
    for argument in arguments {
        var isDir: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: argument, isDirectory: &isDir)
        guard exists, isDir.boolValue else {
            guard let data = FileManager.default.contents(atPath: argument) else {
                fatalError("cannot read \(argument)")
            }
            harness(Array(data))
            print("ok \(argument)")
            continue
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted()
        replay(names.map { argument + "/" + $0 }, harness)
    }
}

/// Reports a broken invariant and crashes, so libFuzzer saves the input.
public func invariantBroken(_ harness: String, _ what: String) -> Never {
    FileHandle.standardError.write(Data("\(harness) invariant broken: \(what)\n".utf8))
    fatalError(what)
}
