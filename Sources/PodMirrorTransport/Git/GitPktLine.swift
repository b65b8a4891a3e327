import Foundation

/// git's pkt-line framing (gitprotocol-common): four hex digits giving the length of the line including
/// themselves, then the payload; `0000` is a flush packet.
enum GitPktLine {
    /// One packet as read.
    enum Packet: Equatable {
        case flush
        case data([UInt8])
    }

    /// The most a packet may carry (LARGE_PACKET_MAX − 4).
    static let maxPayload = 65516

    /// `payload` framed as one packet.
    static func encode(_ payload: String) -> [UInt8] {
        let bytes = Array(payload.utf8)
        return Array(String(format: "%04x", bytes.count + 4).utf8) + bytes
    }

    static let flush = Array("0000".utf8)

    /// A packet's text without its trailing newline.
    static func text(_ payload: [UInt8]) -> String {
        String(decoding: payload.last == 0x0A ? payload.dropLast() : payload[...], as: UTF8.self)
    }

    /// Cuts a stream of bytes into packets, whatever the pieces the bytes arrive in.
    struct Reader {
        private var pending: [UInt8] = []
        private var start = 0

        enum Failure: Error, Equatable {
            /// Not four hex digits, or a length under 4 or over the largest packet.
            case badLength(String)
        }

        /// Adds `bytes` and hands each packet now complete to `handle`, in order.
        mutating func feed(_ bytes: UnsafeRawBufferPointer, _ handle: (Packet) throws -> Void) throws {
            pending.append(contentsOf: bytes)
            while pending.count - start >= 4 {
                let head = pending[start..<start + 4]
                guard head.allSatisfy(Self.isHexDigit),
                    let length = Int(String(decoding: head, as: UTF8.self), radix: 16)
                else { throw Failure.badLength(String(decoding: head, as: UTF8.self)) }
                if length == 0 {
                    start += 4
                    try handle(.flush)
                    continue
                }
                guard length >= 4, length - 4 <= GitPktLine.maxPayload else {
                    throw Failure.badLength(String(decoding: head, as: UTF8.self))
                }
                guard pending.count - start >= length else { break }
                let payload = Array(pending[start + 4..<start + length])
                start += length
                try handle(.data(payload))
            }
            if start > 1 << 16 || start == pending.count {
                pending.removeFirst(start)
                start = 0
            }
        }

        private static func isHexDigit(_ b: UInt8) -> Bool {
            (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
        }

        /// True when bytes of an unfinished packet are left.
        var hasPartialPacket: Bool { pending.count > start }
    }
}
