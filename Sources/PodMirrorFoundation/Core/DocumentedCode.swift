import Foundation

/// A closed set of strings a JSON field carries for scripts to match (a warning's code, a problem's code, a
/// finding's id): the raw value is what JSON holds, `meaning` its line in the docs.
package protocol DocumentedCode: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// One line saying when the value is emitted.
    var meaning: String { get }
}
