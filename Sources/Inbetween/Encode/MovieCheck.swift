import Foundation

/// What an ffmpeg that exited 0 wrote, checked before it is called a movie: the container's
/// signature, and where the container states it cheaply, the number of frames. An ffmpeg that
/// is not ffmpeg (a wrapper, a broken build) could otherwise write anything and be reported
/// as a success. Read from the file's own structure, without starting ffprobe: a process more
/// per movie would cost as much as a short movie's encoding.
///
/// - MP4 (ISO/IEC 14496-12): the first box is `ftyp`; the track's sample size box
///   (`moov/trak/mdia/minf/stbl/stsz`) counts one sample per frame.
/// - APNG (the APNG specification, https://wiki.mozilla.org/APNG_Specification): the PNG
///   signature, and `acTL`'s `num_frames`.
/// - WebM (RFC 9559, Matroska): the EBML header's ID, 0x1A45DFA3.
/// - GIF (GIF89a specification): `GIF87a` or `GIF89a`. Frames are not counted: a GIF may keep
///   fewer frames than it was given.
enum MovieCheck {
    /// Why the file at `path` is not a `format` movie of `frames` frames, or nil when it is.
    static func problem(in path: String, format: MovieFormat, frames: Int) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return "it wrote no file" }
        defer { try? file.close() }
        let head = [UInt8]((try? file.read(upToCount: 16)) ?? Data())
        let name = format.rawValue.uppercased()
        switch format {
        case .mp4:
            guard head.count >= 8, Array(head[4..<8]) == Array("ftyp".utf8) else {
                return "the file is not an \(name): it does not start with an 'ftyp' box"
            }
            guard let samples = mp4SampleCount(file) else {
                return "the \(name) has no video track's sample table ('stsz')"
            }
            return samples == frames ? nil : "the \(name) holds \(samples) frames of the \(frames) sent"
        case .apng:
            guard head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
                return "the file is not an \(name): it does not start with PNG's signature"
            }
            guard let count = apngFrameCount(file) else {
                return "the \(name) has no animation chunk ('acTL')"
            }
            return count == frames ? nil : "the \(name) holds \(count) frames of the \(frames) sent"
        case .webm:
            return head.starts(with: [0x1A, 0x45, 0xDF, 0xA3])
                ? nil : "the file is not a \(name): it does not start with an EBML header"
        case .gif:
            return head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8))
                ? nil : "the file is not a \(name): it does not start with 'GIF89a'"
        }
    }

    /// Reads `count` bytes at `offset`; nil when the file is shorter.
    private static func read(_ file: FileHandle, at offset: UInt64, _ count: Int) -> [UInt8]? {
        guard (try? file.seek(toOffset: offset)) != nil,
            let data = try? file.read(upToCount: count), data.count == count
        else { return nil }
        return [UInt8](data)
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The boxes of `bytes` (a box's payload): type and payload range, each box's size being
    /// 32 bits, or 64 after the type when the 32 are 1, or the rest when 0.
    private static func boxes(_ bytes: ArraySlice<UInt8>) -> [(type: String, body: ArraySlice<UInt8>)] {
        var found: [(String, ArraySlice<UInt8>)] = []
        var at = bytes.startIndex
        while bytes.endIndex - at >= 8 {
            var size = Int(bigEndian(bytes[at..<at + 4]))
            var header = 8
            if size == 1, bytes.endIndex - at >= 16 {
                size = Int(clamping: bigEndian(bytes[at + 8..<at + 16]))
                header = 16
            } else if size == 0 {
                size = bytes.endIndex - at
            }
            guard size >= header, size <= bytes.endIndex - at else { break }
            found.append(
                (String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), bytes[at + header..<at + size]))
            at += size
        }
        return found
    }

    /// The first track's `stsz` sample count. The top-level boxes are walked by their headers
    /// (the media data is not read); only `moov`, a few kilobytes, is read whole.
    private static func mp4SampleCount(_ file: FileHandle) -> Int? {
        var offset: UInt64 = 0
        while let header = read(file, at: offset, 8) {
            var size = bigEndian(header[0..<4])
            var headerSize: UInt64 = 8
            if size == 1 {
                guard let large = read(file, at: offset + 8, 8) else { return nil }
                size = bigEndian(large[...])
                headerSize = 16
            }
            guard size >= headerSize else { return nil }
            if String(decoding: header[4..<8], as: UTF8.self) == "moov" {
                guard size < 1 << 30, let moov = read(file, at: offset + headerSize, Int(size - headerSize))
                else {
                    return nil
                }
                var level = moov[...]
                for name in ["trak", "mdia", "minf", "stbl"] {
                    guard let inner = boxes(level).first(where: { $0.type == name }) else { return nil }
                    level = inner.body
                }
                // stsz: version and flags (4 bytes), sample_size (4), sample_count (4).
                guard let stsz = boxes(level).first(where: { $0.type == "stsz" })?.body, stsz.count >= 12
                else {
                    return nil
                }
                return Int(bigEndian(stsz[stsz.startIndex + 8..<stsz.startIndex + 12]))
            }
            offset += size
        }
        return nil
    }

    /// `acTL`'s `num_frames`: the chunks after the signature are walked by their lengths
    /// (length, type, data, CRC) up to the first image data.
    private static func apngFrameCount(_ file: FileHandle) -> Int? {
        var offset: UInt64 = 8
        while let header = read(file, at: offset, 8) {
            let length = bigEndian(header[0..<4])
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if type == "acTL" {
                guard let data = read(file, at: offset + 8, 4) else { return nil }
                return Int(bigEndian(data[...]))
            }
            if type == "IDAT" || type == "IEND" { return nil }
            offset += 12 + length
        }
        return nil
    }
}
