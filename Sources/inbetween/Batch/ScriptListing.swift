import Foundation

/// The `.lua` files in each folder a batch names on its command line, listed once: before the
/// workers start (how many to start, `WorkerLaunch.estimate`) and again for the job list
/// (`JobList.expand`), the folder was read twice, the second time through FileManager, whose
/// first use of `contentsOfDirectory` cost the parent 930K instructions for 1,000 scripts
/// (callgrind), about a third of it looking up a conformance at run time.
struct ScriptListing {
    /// For each input, in order: the `.lua` names in it as the folder lists them (unsorted),
    /// or nil when it is not a folder that could be opened (a file, or what is missing).
    let folders: [[String]?]

    init(_ inputs: [String]) {
        folders = inputs.map { ScriptListing.scripts(in: $0) }
    }

    /// How many scripts the inputs name: one per input that is not a folder.
    var count: Int { folders.reduce(0) { $0 + ($1?.count ?? 1) } }

    /// The names in `folder` ending in `.lua`, as FileManager's `contentsOfDirectory` gives
    /// them (readdir's order; an entry without an inode skipped; a name that is not UTF-8
    /// repaired as `String(cString:)` does) and `hasSuffix(".lua")` picks them; nil when the
    /// folder cannot be opened.
    static func scripts(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            guard entry.pointee.d_ino != 0 else { continue }
            let name: String? = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let bytes = UnsafeBufferPointer(
                    start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    count: raw.firstIndex(of: 0) ?? raw.count)
                // An ASCII name ends in the four characters `.lua` exactly when its bytes do;
                // any other name is asked as a String (a character may combine across bytes).
                if !bytes.contains(where: { $0 >= 0x80 }) {
                    guard bytes.count >= 4, bytes[bytes.count - 4] == UInt8(ascii: "."),
                        bytes[bytes.count - 3] == UInt8(ascii: "l"),
                        bytes[bytes.count - 2] == UInt8(ascii: "u"),
                        bytes[bytes.count - 1] == UInt8(ascii: "a")
                    else { return nil }
                    return String(decoding: bytes, as: UTF8.self)
                }
                let text = String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                return text.hasSuffix(".lua") ? text : nil
            }
            if let name { names.append(name) }
        }
        return names
    }
}
