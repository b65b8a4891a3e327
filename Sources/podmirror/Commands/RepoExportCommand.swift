import ArgumentParser
import Foundation
import PodMirrorKit

struct RepoExportCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: Message("help.repo.export.abstract").abstractText)
    static let commandName = "repo export"
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.repo.export.argument.name").help, completion: Completions.repoNames) var name: String
    @Argument(help: Message("help.repo.export.argument.file").help) var file: String

    func run() throws {
        let runner = runner()
        let env = runner.environment
        let service = SpecRepoService(repos: ReposDirectory(environment: env))
        let result = try service.export(name: name, to: env.expandPath(file), context: runner.context)
        try runner.show(
            json: {
                var object = result.json
                object["warnings"] = .array([])
                return object
            },
            text: {
                Console.shared.out(
                    Message(
                        "bundle.export.done",
                        [
                            "name": result.name, "branch": result.branch, "tip": String(result.tip.prefix(12)),
                            "file": result.file,
                            "bytes": ByteCountFormatter.string(fromByteCount: Int64(result.bytes), countStyle: .file),
                            "seconds": String(format: "%.1f", result.seconds),
                        ]
                    ).localized)
            })
    }
}
