/// podmirror's version.
public enum PodMirrorVersion {
    public static let string = "0.1.0"
}
