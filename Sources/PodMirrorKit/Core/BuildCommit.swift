/// The commit this binary was built from. scripts/build-release.sh writes it here for the build and puts
/// this file back afterwards; a development build (`swift build`) has none.
enum BuildCommit {
    static let value: String? = nil
}
