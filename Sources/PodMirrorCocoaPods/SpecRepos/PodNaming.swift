import Foundation

/// The pod names and versions CocoaPods accepts, checked before either becomes part of a path.
///
/// A version is what `Pod::Version` parses (`[0-9]+(\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?`; anything
/// else is CocoaPods' "Malformed version number string"), so it never holds `/` or `..`. A pod's root name is what
/// a spec repo can hold as a folder: not empty, no `/`, no white space or control character, not starting with `.`
/// (CocoaPods' listing of a repo skips hidden folders), at most 255 bytes.
enum PodNaming {
    /// True when `version` is a version CocoaPods parses.
    static func isValidVersion(_ version: String) -> Bool {
        let b = Array(version.utf8)
        guard !b.isEmpty, b.count <= 255 else { return false }
        var i = 0
        func run(_ allowed: (UInt8) -> Bool) -> Bool {
            let start = i
            while i < b.count, allowed(b[i]) { i += 1 }
            return i > start
        }
        let digit: (UInt8) -> Bool = { (48...57).contains($0) }
        let alnum: (UInt8) -> Bool = { digit($0) || (65...90).contains($0) || (97...122).contains($0) }
        let pre: (UInt8) -> Bool = { alnum($0) || $0 == UInt8(ascii: "-") }
        guard run(digit) else { return false }
        while i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard run(alnum) else { return false }
        }
        if i < b.count, b[i] == UInt8(ascii: "-") {
            i += 1
            guard run(pre) else { return false }
            while i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                guard run(pre) else { return false }
            }
        }
        return i == b.count
    }

    /// True when `name` (a root name, no subspec) can be a pod's folder in a spec repo.
    static func isValidName(_ name: String) -> Bool {
        let b = Array(name.utf8)
        guard !b.isEmpty, b.count <= 255, b[0] != UInt8(ascii: ".") else { return false }
        return !name.unicodeScalars.contains {
            $0 == "/" || $0 == "\\" || $0.properties.isWhitespace || $0.properties.generalCategory == .control
                || $0.properties.generalCategory == .format
        }
    }

    /// The root of `Name/Subspec`.
    static func rootName(_ name: String) -> String {
        name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? name
    }
}
