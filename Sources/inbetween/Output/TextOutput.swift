import Foundation

/// A buffered text destination: stdout or a file. Writes are collected in a 64 KiB buffer.
struct TextOutput {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    let path: String?
    private static let capacity = 1 << 16

    static var standardOutput: TextOutput { TextOutput(handle: .standardOutput, path: nil) }

    private init(handle: FileHandle, path: String?) {
        self.handle = handle
        self.path = path
        buffer.reserveCapacity(TextOutput.capacity)
    }

    /// Creates (or truncates) the file.
    init(file path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CLIError("cannot create \(path)")
        }
        self.init(handle: try FileHandle(forWritingTo: URL(fileURLWithPath: path)), path: path)
    }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= TextOutput.capacity { try? flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Copies a file's bytes into this output.
    mutating func append(contentsOf file: String) throws {
        try flush()
        let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
        defer { try? input.close() }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try handle.write(contentsOf: chunk)
        }
    }
}

/// A CLI failure with a message for the user.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
