import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// Issue #28, item 3: zips whose records declare what the file does not hold. ZIPFoundation allocates a link
/// member's declared local size at once (4 GiB for `0xFFFFFFFF`) and ends its listing quietly at a record it cannot
/// read (before, such a zip was published as an empty pod, `fetched`). Every declared size is checked first.
extension HTTPSourceDownloaderTests {
    /// Python writing a zip with a link `pod/l -> a` and a file `pod/a`, then running `patch` on its bytes `b`
    /// (a bytearray; `local` and `central` are the offsets of the link's local and central headers).
    static func patchedZipScript(_ patch: String) -> String {
        """
        import io, sys, zipfile
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, 'w', zipfile.ZIP_STORED) as z:
            i = zipfile.ZipInfo('pod/l'); i.create_system = 3; i.external_attr = (0o120777 << 16); z.writestr(i, 'a')
            z.writestr('pod/a', 'hello')
        b = bytearray(buf.getvalue())
        local = 0
        central = b.index(b'PK\\x01\\x02')
        end = b.index(b'PK\\x05\\x06')
        \(patch)
        open(sys.argv[1], 'wb').write(bytes(b))
        """
    }

    func assertZipRefused(_ name: String, _ patch: String, saying words: String) throws {
        let zip = try pythonArchive(Self.patchedZipScript(patch))
        try assertHostile(zip, name: name + ".zip", code: .podsHTTPExtraction)
        server.serve("/again-" + name + ".zip", zip)
        let e = fetchError(HTTPSource(url: server.url + "/again-" + name + ".zip"))
        XCTAssertTrue(e?.message.contains(words) ?? false, "\(name): \(e?.message ?? "nil")")
    }

    func testALinkDeclaringFourGiBIsRefusedBeforeAnythingIsAllocated() throws {
        try assertZipRefused(
            "link-4g", "b[local + 18:local + 22] = b'\\xff\\xff\\xff\\xff'", saying: "declares more")
        try assertZipRefused(
            "link-long", "b[central + 20:central + 24] = (5000).to_bytes(4, 'little')", saying: "declares more")
    }

    func testAMemberDeclaringMoreThanTheFileHoldsIsRefused() throws {
        try assertZipRefused(
            "central-size", "b[central + 20:central + 24] = b'\\xff\\xff\\xff\\x7f'", saying: "declares more")
        try assertZipRefused(
            "local-offset", "b[central + 42:central + 46] = b'\\xff\\xff\\xff\\x00'", saying: "runs past the end")
    }

    /// Before, ZIPFoundation listed nothing and the pod was published empty, `fetched`.
    func testAZipWhoseCentralDirectoryCannotBeReadFailsThePod() throws {
        try assertZipRefused(
            "bad-directory", "b[central:central + 4] = b'XXXX'", saying: "central directory cannot be read")
        try assertZipRefused(
            "more-entries", "b[end + 8:end + 12] = (3).to_bytes(2, 'little') * 2",
            saying: "central directory cannot be read")
    }

    func testAZipDeclaringMoreEntriesThanTheBoundIsRefusedAtOnce() throws {
        var limits = ArchiveLimits.default
        limits.maxEntries = 1
        let zip = try pythonArchive(Self.patchedZipScript(""))
        try assertHostile(zip, name: "entries.zip", code: .podsHTTPTooManyEntries, limits: limits)
    }

    func testAnOrdinaryZipWithALinkStillExtracts() throws {
        let zip = try pythonArchive(Self.patchedZipScript(""))
        server.serve("/fine.zip", zip)
        _ = try fetch(HTTPSource(url: server.url + "/fine.zip"))
        XCTAssertEqual(listing(dest), ["pod", "pod/a", "pod/l"])
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dest + "/pod/l"), "a")
    }
}
