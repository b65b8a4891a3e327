import Foundation

/// What one run of podmirror chose for itself: the language its sentences are read in, the sink `--verbose`
/// sends trace events to, and the templates folder (mirror catalog, message catalogs, Podfile templates).
///
/// A run binds its scope around everything it does (`run(_:)`); code below reads `RunScope.current`. The value is
/// task-local (a thread-local outside tasks), never process-wide: two runs in one process, on two threads, each see
/// their own. A thread a run starts sees it only when started with `carried(_:)`. Outside any run (the Kit used
/// as a library, unit tests) the scope is English, without a trace sink, with the templates folder found above
/// the running executable.
package struct RunScope: Sendable {
    /// The language a person reads this run's sentences in (the CLI's `Message.localized`).
    package var language: Language
    /// Where trace events go (`--verbose`); nil builds no event at all.
    package var trace: (any TraceSink)?
    /// The templates folder, or nil when none was found.
    var templates: URL?

    package init(language: Language = .english, trace: (any TraceSink)? = nil, templates: URL?) {
        self.language = language
        self.trace = trace
        self.templates = templates
    }

    /// Outside any run: English, no trace, the `templates/` folder nearest above the running executable (a binary
    /// built in a checkout, the test bundle, finds the checkout's).
    static let standalone = RunScope(
        templates: Templates.first(
            of: Templates.ancestors(of: Bundle.main.executableURL), fileSystem: LocalFileSystem()))

    /// The scope of the run this code runs in.
    @TaskLocal package static var current: RunScope = standalone

    /// Runs `body` in this scope.
    package func run<R>(_ body: () throws -> R) rethrows -> R {
        try Self.$current.withValue(self, operation: body)
    }

    /// This scope with another language.
    package func with(language: Language) -> RunScope {
        var copy = self
        copy.language = language
        return copy
    }

    /// This scope with another trace sink.
    package func with(trace: (any TraceSink)?) -> RunScope {
        var copy = self
        copy.trace = trace
        return copy
    }

    /// `body` bound to the current scope, for a thread or queue the run starts (which would otherwise see none).
    package static func carried(_ body: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let scope = current
        return { scope.run(body) }
    }
}
