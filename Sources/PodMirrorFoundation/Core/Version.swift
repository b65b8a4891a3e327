/// podmirror's version.
package enum PodMirrorVersion {
    package static let string = "0.1.0"
}
