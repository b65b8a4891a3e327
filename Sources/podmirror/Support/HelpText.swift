import ArgumentParser
import PodMirrorKit

extension Message {
    /// The text as ArgumentParser help for an option, flag or argument, in the language chosen at start-up.
    var help: ArgumentHelp { ArgumentHelp(localized) }
}
