import ArgumentParser

/// A setting that is on or off: `podfile inhibit-warnings on|off`, `setup --inhibit-warnings [on|off]`.
enum OnOff: String, ExpressibleByArgument, CaseIterable {
    case on, off

    /// Options that take `on|off` or stand alone as a flag meaning `on`.
    static let optionalValueOptions: Set<String> = ["--inhibit-warnings"]

    /// The arguments with each bare `--inhibit-warnings` written `--inhibit-warnings=on` and
    /// `--inhibit-warnings on|off` written `--inhibit-warnings=on|off`, so both forms parse as one option.
    static func normalized(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            if word == "--" {
                result += arguments[i...]
                break
            }
            guard optionalValueOptions.contains(word) else {
                result.append(word)
                i += 1
                continue
            }
            if i + 1 < arguments.count, let state = OnOff(rawValue: arguments[i + 1]) {
                result.append("\(word)=\(state.rawValue)")
                i += 2
            } else {
                result.append("\(word)=\(OnOff.on.rawValue)")
                i += 1
            }
        }
        return result
    }
}
