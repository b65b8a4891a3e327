import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue #28, item 1: tar header numbers (octal, base-256, pax `size` and `mtime`, pax record lengths) written
/// byte by byte here. Before, each of these crashed the whole run (a range with its bounds reversed, an overflow,
/// `Int(nan)`); now a malformed number fails the pod and an out-of-range time is clamped.
extension HTTPSourceDownloaderTests {
    /// Python that writes a tar by hand to argv[1]: `members` is a Python expression of a list of byte strings
    /// built with `member(name, data, ...)` and `pax(records)`; two zero blocks end it.
    static func rawTarScript(_ members: String) -> String {
        """
        import sys
        def header(name, size=0, typ=b'0', mtime=None, sizefield=None):
            h = bytearray(512)
            h[0:len(name)] = name
            h[100:108] = b'0000644\\0'; h[108:116] = b'0000000\\0'; h[116:124] = b'0000000\\0'
            h[124:136] = sizefield or (b'%011o\\0' % size)
            h[136:148] = mtime or (b'%011o\\0' % 1500000000)
            h[148:156] = b'        '
            h[156:157] = typ
            h[257:263] = b'ustar\\0'; h[263:265] = b'00'
            h[148:156] = b'%06o\\0 ' % sum(h)
            return bytes(h)
        def pad(b): return b + b'\\0' * (-len(b) % 512)
        def member(name, data=b'', **kw): return header(name, len(data), **kw) + pad(data)
        def pax(records): return header(b'PaxHeader/x', len(records), typ=b'x') + pad(records)
        def record(key, value):
            body = b' ' + key + b'=' + value + b'\\n'
            n = len(body) + 1
            while len(str(n)) + len(body) != n: n += 1
            return str(n).encode() + body
        open(sys.argv[1], 'wb').write(b''.join(\(members)) + b'\\0' * 1024)
        """
    }

    func rawTar(_ members: String) throws -> [UInt8] { try pythonArchive(Self.rawTarScript(members)) }

    func testMalformedTarNumbersFailThePodNamingTheField() throws {
        let cases: [(String, String, String)] = [
            // A record whose length (1) ends before its own space: before, a reversed range (a crash).
            ("tiny-length", "[pax(b'1 x'), member(b'pod/a', b'x')]", "bad length"),
            ("zero-length", "[pax(b'0 \\n' + b'\\0' * 20), member(b'pod/a', b'x')]", "bad length"),
            ("huge-length", "[pax(b'99999999999999999999999 a=b\\n'), member(b'pod/a', b'x')]", "bad length"),
            ("no-newline", "[pax(b'7 a=bcd'), member(b'pod/a', b'x')]", "newline"),
            ("mtime-nan", "[pax(record(b'mtime', b'nan')), member(b'pod/a', b'x')]", "mtime"),
            ("mtime-inf", "[pax(record(b'mtime', b'-inf')), member(b'pod/a', b'x')]", "mtime"),
            ("mtime-exp", "[pax(record(b'mtime', b'1e300')), member(b'pod/a', b'x')]", "mtime"),
            // A pax size near Int.max: before, `size + 511` overflowed (a crash).
            ("size-max", "[pax(record(b'size', b'9223372036854775807')), member(b'pod/a', b'x')]", "size"),
            ("size-negative", "[pax(record(b'size', b'-5')), member(b'pod/a', b'x')]", "size"),
            ("size-256", "[member(b'pod/a', b'x', sizefield=b'\\x80\\0\\0\\0' + b'\\x7f' + b'\\xff' * 7)]", "size"),
            ("size-256-wide", "[member(b'pod/a', b'x', sizefield=b'\\x80' + b'\\xff' * 11)]", "size"),
            ("size-256-negative", "[member(b'pod/a', b'x', sizefield=b'\\xff' * 12)]", "size"),
        ]
        for (name, members, word) in cases {
            let tar = try rawTar(members)
            try assertHostile(tar, name: name + ".tar", code: .podsHTTPExtraction)
            server.serve("/again-" + name + ".tar", tar)
            let e = fetchError(HTTPSource(url: server.url + "/again-" + name + ".tar"))
            XCTAssertTrue(e?.message.contains("malformed tar header") ?? false, "\(name): \(e?.message ?? "nil")")
            XCTAssertTrue(e?.message.contains(word) ?? false, "\(name): \(e?.message ?? "nil")")
        }
    }

    /// Times beyond what a file time holds are clamped, as GNU tar clamps them: the pod is fetched.
    func testOutOfRangeTarTimesAreClampedAndThePodFetched() throws {
        let cases: [(String, String)] = [
            ("pax-huge", "[pax(record(b'mtime', b'9' * 40)), member(b'pod/a', b'x')]"),
            ("pax-negative", "[pax(record(b'mtime', b'-' + b'9' * 40 + b'.5')), member(b'pod/a', b'x')]"),
            // base-256 2^63 - 1 and -2^63: before, `Int(9.223372036854775807e18)` trapped.
            ("base256-max", "[member(b'pod/a', b'x', mtime=b'\\x80\\0\\0\\0' + b'\\x7f' + b'\\xff' * 7)]"),
            ("base256-min", "[member(b'pod/a', b'x', mtime=b'\\xff\\xff\\xff\\xff' + b'\\x80' + b'\\0' * 7)]"),
            // Wider than an Int64: no time (the time of extraction).
            ("base256-wide", "[member(b'pod/a', b'x', mtime=b'\\x80' + b'\\xff' * 11)]"),
        ]
        for (name, members) in cases {
            let tar = try rawTar(members)
            server.serve("/" + name + ".tar", tar)
            XCTAssertNoThrow(try fetch(HTTPSource(url: server.url + "/" + name + ".tar")), name)
            XCTAssertEqual(try temp.read("dest/a"), Array("x".utf8), name)
            try FileManager.default.removeItem(atPath: dest + "/a")
        }
    }
}
