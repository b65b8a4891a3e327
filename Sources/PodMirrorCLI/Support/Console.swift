import Foundation
import PodMirrorFoundation
import PodMirrorKit
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a run's output goes: results on stdout, progress and diagnostics on stderr. Colour and progress
/// bars only on a terminal, never with NO_COLOR (set and not empty) or TERM=dumb: then no escape sequence
/// and no carriage-return redraw is written at all. One per run, made by whoever starts the run
/// (`PodmirrorMain`), and reached through the `CommandRunner`.
// @unchecked: the progress-line and stage state is read and written under `lock`; everything else is constant.
public final class Console: @unchecked Sendable {
    /// One output stream: where its bytes go and whether it is a terminal.
    public struct Stream: Sendable {
        let write: @Sendable (Data) -> Void
        let isTerminal: Bool

        public init(isTerminal: Bool = false, write: @escaping @Sendable (Data) -> Void) {
            self.isTerminal = isTerminal
            self.write = write
        }

        public static let standardOutput = Stream(isTerminal: isatty(STDOUT_FILENO) == 1) {
            FileHandle.standardOutput.write($0)
        }
        public static let standardError = Stream(isTerminal: isatty(STDERR_FILENO) == 1) {
            FileHandle.standardError.write($0)
        }
    }

    let stdout: Stream
    let stderr: Stream
    let noColor: Bool
    private let lock = NSLock()
    private var progressLineShown = false
    /// `--verbose`: each transfer stage is also written as a plain line on stderr when it ends.
    private var verboseStages = false
    private var lastStage: ProgressEvent?
    /// When each progress phase was first reported, for its rate and time left.
    private var phaseStarts: [String: Date] = [:]
    private var lastPlainProgress: Date?
    /// Seconds between plain progress lines when stderr is not a terminal (a CI job that prints nothing for
    /// minutes gets killed): `PODMIRROR_PROGRESS_INTERVAL`, else 10.
    let plainProgressInterval: TimeInterval

    /// A console writing to `stdout` and `stderr`; `environment` decides colour (NO_COLOR, TERM) and the plain
    /// progress interval.
    public init(stdout: Stream = .standardOutput, stderr: Stream = .standardError, environment: [String: String]) {
        self.stdout = stdout
        self.stderr = stderr
        noColor = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        plainProgressInterval = environment["PODMIRROR_PROGRESS_INTERVAL"].flatMap(Double.init) ?? 10
    }

    var stdoutIsTTY: Bool { stdout.isTerminal }
    var stderrIsTTY: Bool { stderr.isTerminal }

    func enableVerbose() {
        lock.lock(); defer { lock.unlock() }
        verboseStages = true
    }

    var colorOut: Bool { stdoutIsTTY && !noColor }
    var colorErr: Bool { stderrIsTTY && !noColor }
    /// A redrawn progress line needs `\r` and an erase sequence: only on a terminal that takes them.
    var drawsProgress: Bool { stderrIsTTY && !noColor }

    func out(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        clearProgressLocked()
        stdout.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Writes `text` on stdout as it is (no newline added): what ArgumentParser's help and scripts print.
    func write(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        clearProgressLocked()
        stdout.write(Data(text.utf8))
    }

    func err(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        clearProgressLocked()
        stderr.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Redraws the single progress line on stderr (TTY only, not with NO_COLOR or TERM=dumb).
    func progress(_ line: String) {
        guard drawsProgress else { return }
        lock.lock(); defer { lock.unlock() }
        stderr.write(Data(("\r\u{1B}[2K" + line).utf8))
        progressLineShown = true
    }

    /// Seconds since `phase` was first reported.
    func elapsed(in phase: String) -> TimeInterval {
        lock.lock(); defer { lock.unlock() }
        let now = Date()
        if phaseStarts[phase] == nil { phaseStarts[phase] = now }
        return now.timeIntervalSince(phaseStarts[phase] ?? now)
    }

    /// Without a redrawn line (not a terminal, NO_COLOR, TERM=dumb): writes `line` as a plain line, once per
    /// `plainProgressInterval`, the first one an interval after the first report (short runs stay quiet).
    func plainProgress(_ line: String) {
        guard !drawsProgress else { return }
        lock.lock(); defer { lock.unlock() }
        let now = Date()
        guard let last = lastPlainProgress else {
            lastPlainProgress = now
            return
        }
        guard now.timeIntervalSince(last) >= plainProgressInterval else { return }
        lastPlainProgress = now
        stderr.write(Data((line + "\n").utf8))
    }

    func endProgress() {
        lock.lock(); defer { lock.unlock() }
        clearProgressLocked()
        flushStageLocked()
    }

    /// Notes a stage for `--verbose`: when the stage changes, the finished one is written with its counts.
    func stage(_ event: ProgressEvent) {
        lock.lock(); defer { lock.unlock() }
        guard verboseStages else { return }
        if let last = lastStage, last.phase != event.phase { flushStageLocked() }
        lastStage = event
    }

    private func flushStageLocked() {
        guard let last = lastStage else { return }
        lastStage = nil
        clearProgressLocked()
        var counts = "\(last.completed)" + (last.total.map { "/\($0)" } ?? "")
        if let bytes = last.bytes {
            counts += ", " + ByteSize.text(Int64(bytes))
        }
        let line = Message("cli.verbose.stage", ["stage": last.phase.localized, "counts": counts]).localized
        stderr.write(Data((line + "\n").utf8))
    }

    private func clearProgressLocked() {
        if progressLineShown {
            stderr.write(Data("\r\u{1B}[2K".utf8))
            progressLineShown = false
        }
    }

    enum Style: String {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case cyan = "36"
        case bold = "1"
        case dim = "2"
    }

    func paint(_ text: String, _ style: Style, stderr: Bool = false) -> String {
        (stderr ? colorErr : colorOut) ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// Colours a unified diff's lines for a terminal.
    func paintDiff(_ diff: String) -> String {
        guard colorOut else { return diff }
        return diff.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("+++") || line.hasPrefix("---") { return paint(String(line), .bold) }
            if line.hasPrefix("+") { return paint(String(line), .green) }
            if line.hasPrefix("-") { return paint(String(line), .red) }
            if line.hasPrefix("@@") { return paint(String(line), .cyan) }
            return String(line)
        }.joined(separator: "\n")
    }
}

/// Draws libgit2 and other progress as a bar on the console's stderr.
struct ConsoleProgress: ProgressReporter {
    let console: Console

    func report(_ event: ProgressEvent) {
        console.stage(event)
        var line = event.phase.localized
        let elapsed = console.elapsed(in: line)
        if let total = event.total, total > 0 {
            let fraction = min(1, Double(event.completed) / Double(total))
            let width = 28
            let filled = Int(fraction * Double(width))
            line += " [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
            line += " \(event.completed)/\(total) (\(Int(fraction * 100))%)"
        } else {
            line += " \(event.completed)"
        }
        if let bytes = event.bytes {
            line += "  " + ByteSize.text(Int64(bytes))
        }
        line += Self.rateAndTimeLeft(event, elapsed: elapsed)
        if console.drawsProgress { console.progress(line) } else { console.plainProgress(line) }
    }

    /// `, 1.2 MB/s, about 40 s left`: the rate from the bytes (else the count) so far in this phase; the time
    /// left when the total is known. Empty in the first second, when a rate says nothing yet.
    static func rateAndTimeLeft(_ event: ProgressEvent, elapsed: TimeInterval) -> String {
        guard elapsed >= 1, event.completed > 0 else { return "" }
        let rate =
            event.bytes.map {
                ByteSize.text(Int64(Double($0) / elapsed)) + "/s"
            } ?? String(format: "%.0f/s", Double(event.completed) / elapsed)
        guard let total = event.total, total > event.completed else {
            return ", " + Message("cli.progress.rate", ["rate": rate]).localized
        }
        let left = Double(total - event.completed) * elapsed / Double(event.completed)
        let shown = left < 90 ? "\(Int(left.rounded())) s" : "\(Int((left / 60).rounded())) min"
        return ", " + Message("cli.progress.rate-left", ["rate": rate, "left": shown]).localized
    }
}

/// Cancelled by SIGINT/SIGTERM; long operations poll it and roll back.
let processCancellation = CancellationToken()

/// First SIGINT/SIGTERM asks the running operation to stop and roll back; a second one ends the process.
func installSignalHandlers() {
    // A global is initialised on first use, which allocates: that must happen here, not inside the handler,
    // where a signal arriving during malloc would corrupt the heap. The handler then only stores an atomic.
    _ = processCancellation.isCancelled
    let handler: @convention(c) (Int32) -> Void = { sig in
        if processCancellation.isCancelled {
            signal(sig, SIG_DFL)
            raise(sig)
            return
        }
        processCancellation.cancel(signal: sig)
    }
    signal(SIGINT, handler)
    signal(SIGTERM, handler)
    // A file-size limit (`ulimit -f`) must make write() fail with EFBIG, which the atomic write
    // handles (temp file removed, old file kept), instead of killing the process mid-write.
    signal(SIGXFSZ, SIG_IGN)
}
