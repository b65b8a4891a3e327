@testable import PodMirrorTransport
import XCTest

/// git's pkt-line framing, read from a stream cut anywhere.
final class GitPktLineTests: XCTestCase {
    func packets(_ bytes: [UInt8], piece: Int) throws -> [GitPktLine.Packet] {
        var reader = GitPktLine.Reader()
        var out: [GitPktLine.Packet] = []
        var i = 0
        while i < bytes.count {
            let end = min(bytes.count, i + piece)
            try Array(bytes[i..<end]).withUnsafeBytes { try reader.feed($0) { out.append($0) } }
            i = end
        }
        XCTAssertFalse(reader.hasPartialPacket)
        return out
    }

    func testPacketsAreTheSameWhateverPiecesTheStreamArrivesIn() throws {
        let big = String(repeating: "x", count: GitPktLine.maxPayload)
        let stream =
            GitPktLine.encode("shallow abc\n") + GitPktLine.flush + GitPktLine.encode("NAK\n")
            + GitPktLine.encode(big) + GitPktLine.flush
        let expected: [GitPktLine.Packet] = [
            .data(Array("shallow abc\n".utf8)), .flush, .data(Array("NAK\n".utf8)), .data(Array(big.utf8)), .flush,
        ]
        for piece in [1, 3, 4, 5, 17, 4096, stream.count] {
            XCTAssertEqual(try packets(stream, piece: piece), expected, "pieces of \(piece)")
        }
        XCTAssertEqual(GitPktLine.encode("NAK\n"), Array("0008NAK\n".utf8))
        XCTAssertEqual(GitPktLine.text(Array("ACK 1234\n".utf8)), "ACK 1234")
    }

    func testALengthThatIsNotHexOrTooShortOrTooLongIsRefused() {
        for bad in ["00zz", "0003", "fff1", "-001", "0x10"] {
            XCTAssertThrowsError(try packets(Array((bad + "payload").utf8), piece: 64), bad) {
                XCTAssertEqual($0 as? GitPktLine.Reader.Failure, .badLength(bad))
            }
        }
        XCTAssertEqual(try packets(Array("000AABCDEF".utf8), piece: 2), [.data(Array("ABCDEF".utf8))], "upper-case hex")
    }
}
