import Foundation
import Inbetween

/// The `.lua` files in each folder a batch names on its command line, listed once: before the
/// workers start (how many to start, `WorkerLaunch.estimate`) and again for the job list
/// (`JobList.expand`), the folder was read twice, the second time through FileManager, whose
/// first use of `contentsOfDirectory` cost the parent 930K instructions for 1,000 scripts
/// (callgrind), about a third of it looking up a conformance at run time.
struct ScriptListing {
    /// For each input, in order: the `.lua` names in it as the folder lists them (unsorted),
    /// each as its bytes and a NUL, and how many; or, when it is not a folder that could be
    /// opened (a file, or what is missing), nothing. Strings are made when the jobs are listed
    /// (`names(at:)`), after the workers have started: made here, they held up the workers'
    /// start by 170K instructions for 1,000 scripts (callgrind).
    /// (Two arrays, not one of optional tuples, whose type was made at run time: 51K
    /// instructions.) A count of -1: not listed.
    private var bytes: [[UInt8]] = []
    private var counts: [Int] = []

    init(_ inputs: [String]) {
        for input in inputs {
            var listed: [UInt8] = []
            counts.append(ScriptListing.list(input, into: &listed) ?? -1)
            bytes.append(listed)
        }
    }

    /// How many scripts the inputs name: one per input that is not a folder.
    var count: Int { counts.reduce(0) { $0 + ($1 < 0 ? 1 : $1) } }

    /// The names listed in input `index`, nil when it was not listed as a folder.
    func names(at index: Int) -> [String]? {
        guard index < counts.count, counts[index] >= 0 else { return nil }
        var names: [String] = []
        names.reserveCapacity(counts[index])
        bytes[index].withUnsafeBufferPointer { bytes in
            var start = 0
            for end in bytes.indices where bytes[end] == 0 {
                names.append(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                start = end + 1
            }
        }
        return names
    }

    /// The names in `folder` ending in `.lua`, as FileManager's `contentsOfDirectory` gives
    /// them (readdir's order; an entry without an inode skipped; a name that is not UTF-8
    /// repaired as `String(cString:)` does) and `hasSuffix(".lua")` picks them; nil when the
    /// folder cannot be opened.
    static func scripts(in folder: String) -> [String]? {
        ScriptListing([folder]).names(at: 0)
    }

    /// Appends the names to `listed`; returns how many, or nil when the folder cannot be opened.
    private static func list(_ folder: String, into listed: inout [UInt8]) -> Int? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            guard entry.pointee.d_ino != 0 else { continue }
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let name = UnsafeBufferPointer(
                    start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    count: strlen(raw.baseAddress!))
                // An ASCII name ends in the four characters `.lua` exactly when its bytes do;
                // any other name is asked as a String (a character may combine across bytes).
                var ascii = true
                for b in name where b >= 0x80 {
                    ascii = false
                    break
                }
                if ascii {
                    guard name.count >= 4, name[name.count - 4] == UInt8(ascii: "."),
                        name[name.count - 3] == UInt8(ascii: "l"), name[name.count - 2] == UInt8(ascii: "u"),
                        name[name.count - 1] == UInt8(ascii: "a")
                    else { return }
                    listed.append(contentsOf: name)
                } else {
                    let text = String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                    guard text.hasSuffix(".lua") else { return }
                    listed.append(contentsOf: text.utf8)
                }
                listed.append(0)
                count += 1
            }
        }
        return count
    }
}
