import Foundation
import Inbetween

/// `render -o DIR/`: the frames are written into a staging folder beside DIR (mkdtemp: a unique
/// name), which is renamed to DIR once every frame is written; a failure removes it, and DIR is
/// never half-filled. DIR may be missing or an empty folder (rename(2) replaces an empty
/// folder); a folder with files in it is refused, since they would be lost or mixed with the
/// new frames.
final class FrameFolderOutput {
    /// The folder the frames are written into.
    let stagingPath: String
    private let finalPath: String
    private let displayPath: String
    private var finished = false

    /// DIR without its trailing slashes ("/" stays).
    static func folder(_ path: String) -> String {
        var folder = path
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return folder
    }

    /// Refuses an output that is a file, a folder with files in it, or in a folder that does
    /// not exist, before the run.
    static func check(_ path: String) throws {
        let folder = folder(path)
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError.notAFrameFolder(path, rule: "it is a file, not a folder")
            }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard contents.isEmpty else {
                throw OutputError.notAFrameFolder(
                    path, rule: "it is not empty (remove it or name a new folder)")
            }
        }
        let parent = OutputTarget.folder(of: folder)
        guard stat(parent, &info) == 0 else { throw OutputTarget.failure(path) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw OutputError.cannotWrite(path, reason: "\(parent) is not a folder")
        }
    }

    init(_ path: String) throws {
        try FrameFolderOutput.check(path)
        displayPath = path
        finalPath = FrameFolderOutput.folder(path)
        let name = finalPath.split(separator: "/").last.map(String.init) ?? finalPath
        var template = Array(
            StagedFiles.template(folder: OutputTarget.folder(of: finalPath), name: name).utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw OutputTarget.failure(path)
        }
        stagingPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkdtemp's 0700 would make the folder private; give it the usual 0755 less the umask.
        let mask = umask(0)
        umask(mask)
        chmod(stagingPath, 0o755 & ~mask)
        // SIGTERM, SIGHUP and a hard exit after a limit remove it too (StagedFiles).
        StagedFiles.addFrameFolder(stagingPath)
    }

    deinit { abandon() }

    /// Renames the staging folder to DIR.
    func commit() throws {
        guard !finished else { return }
        finished = true
        defer { StagedFiles.removeFrameFolderSlot() }
        guard rename(stagingPath, finalPath) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: stagingPath)
            throw OutputError.cannotWrite(displayPath, reason: reason)
        }
    }

    /// Says that frame `index` has been written (for the signal handlers' clean-up).
    func written(_ index: Int) {
        StagedFiles.framesWritten = max(StagedFiles.framesWritten, index + 1)
    }

    /// Removes the staging folder and what was written into it.
    func abandon() {
        guard !finished else { return }
        finished = true
        try? FileManager.default.removeItem(atPath: stagingPath)
        StagedFiles.removeFrameFolderSlot()
    }
}
