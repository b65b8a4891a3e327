import Foundation

/// MD5, SHA-1 and SHA-256 in Swift: what `Digest` runs where the platform has no crypto library, and the
/// reference its tests compare the platform's results with.
struct SwiftDigest: Sendable {
    let algorithm: DigestAlgorithm
    private var state: [UInt32]
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    init(_ algorithm: DigestAlgorithm) {
        self.algorithm = algorithm
        switch algorithm {
        case .md5: state = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476]
        case .sha1: state = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        case .sha256:
            state = [
                0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
            ]
        }
        buffer.reserveCapacity(64)
    }

    mutating func update(_ bytes: [UInt8]) {
        length &+= UInt64(bytes.count)
        var index = 0
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, bytes.count)
            buffer += bytes[0..<take]
            index = take
            if buffer.count == 64 { compress(buffer[...]); buffer.removeAll(keepingCapacity: true) }
        }
        while bytes.count - index >= 64 {
            compress(bytes[index..<index + 64])
            index += 64
        }
        if index < bytes.count { buffer += bytes[index...] }
    }

    /// The digest of the bytes so far (16, 20 or 32 bytes); `self` is left as it was.
    func finalize() -> [UInt8] {
        var padded = self
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        let padding = (56 - (Int(length % 64) + 1) + 64) % 64
        tail += [UInt8](repeating: 0, count: padding)
        for i in 0..<8 {
            let shift = algorithm == .md5 ? UInt64(i * 8) : UInt64((7 - i) * 8)
            tail.append(UInt8(truncatingIfNeeded: bitLength >> shift))
        }
        padded.update(tail)
        // MD5 writes its words little-endian, the SHAs big-endian.
        return padded.state.flatMap { word in
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32(3 - $0))) }
            return algorithm == .md5 ? bytes.reversed() : bytes
        }
    }

    private mutating func compress(_ block: ArraySlice<UInt8>) {
        switch algorithm {
        case .md5: compressMD5(block)
        case .sha1: compressSHA1(block)
        case .sha256: compressSHA256(block)
        }
    }

    private static func bigEndianWords(_ block: ArraySlice<UInt8>) -> [UInt32] {
        let b = Array(block)
        return (0..<16).map { (i: Int) -> UInt32 in
            let b0 = UInt32(b[i * 4]) << 24
            let b1 = UInt32(b[i * 4 + 1]) << 16
            let b2 = UInt32(b[i * 4 + 2]) << 8
            let b3 = UInt32(b[i * 4 + 3])
            return b0 | b1 | b2 | b3
        }
    }

    private static let md5Shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]
    private static let md5Constants: [UInt32] = (0..<64).map { (i: Int) -> UInt32 in
        UInt32(truncatingIfNeeded: Int64(abs(sin(Double(i + 1))) * 4_294_967_296))
    }

    private mutating func compressMD5(_ block: ArraySlice<UInt8>) {
        let b = Array(block)
        let m = (0..<16).map { (i: Int) -> UInt32 in
            let b0 = UInt32(b[i * 4])
            let b1 = UInt32(b[i * 4 + 1]) << 8
            let b2 = UInt32(b[i * 4 + 2]) << 16
            let b3 = UInt32(b[i * 4 + 3]) << 24
            return b0 | b1 | b2 | b3
        }
        var (a, bb, c, d) = (state[0], state[1], state[2], state[3])
        for i in 0..<64 {
            var f: UInt32
            let g: Int
            switch i {
            case 0..<16: f = (bb & c) | (~bb & d); g = i
            case 16..<32: f = (d & bb) | (~d & c); g = (5 * i + 1) % 16
            case 32..<48: f = bb ^ c ^ d; g = (3 * i + 5) % 16
            default: f = c ^ (bb | ~d); g = (7 * i) % 16
            }
            f = f &+ a &+ Self.md5Constants[i] &+ m[g]
            a = d; d = c; c = bb
            bb = bb &+ ((f << Self.md5Shifts[i]) | (f >> (32 - Self.md5Shifts[i])))
        }
        state[0] &+= a; state[1] &+= bb; state[2] &+= c; state[3] &+= d
    }

    private mutating func compressSHA1(_ block: ArraySlice<UInt8>) {
        var w = Self.bigEndianWords(block)
        for i in 16..<80 {
            let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
            w.append((x << 1) | (x >> 31))
        }
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for i in 0..<80 {
            let (f, k): (UInt32, UInt32) =
                switch i {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
            let t = ((a << 5) | (a >> 27)) &+ f &+ e &+ k &+ w[i]
            e = d; d = c; c = (b << 30) | (b >> 2); b = a; a = t
        }
        state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d; state[4] &+= e
    }

    private static let sha256Constants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private mutating func compressSHA256(_ block: ArraySlice<UInt8>) {
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var w = Self.bigEndianWords(block)
        for i in 16..<64 {
            let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
            let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
            w.append(w[i - 16] &+ s0 &+ w[i - 7] &+ s1)
        }
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        for i in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let ch = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ ch &+ Self.sha256Constants[i] &+ w[i]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let maj = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ maj
            h = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
        }
        state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
        state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
    }
}
