import Foundation
import Inbetween

/// The two folders of a batch, as its workers see them: the batch's staging folder (a job's
/// output is written there under the job's number) and the output folder (where the worker
/// renames it once the job succeeded). The parent sends them once, as a worker's first line
/// (WorkerMessages); a worker started early, before the folders exist, learns them then.
///
/// The worker moves its own outputs, not the parent: the rename is most of what the parent did
/// per job in the kernel (about 6 us on tmpfs), and the parent is the one part of a batch that
/// does not run in parallel — on many cores it capped the batch near 30,000 jobs/s whatever
/// `--jobs` was, and on two cores it took that time from the workers.
struct JobFolders: Hashable, Sendable {
    var staging: String
    var output: String
    /// The batch's process ID, as its workers see it (they are its children, in its PID
    /// namespace): a worker moves an output only while the batch that sent the job is alive.
    var batch: Int32
}

/// The batch that sent the jobs is gone (killed on its own, `kill -9` of its PID): its worker
/// stops rather than move more outputs into place for a batch nobody watches.
struct BatchGone: Error {}

/// Open handles on a batch's folders: a worker creates and renames relative to them, so that a
/// job does not walk both full paths again (the same saving the parent measured when it still
/// did the renames); the parent removes through them what a failed job or a dead worker staged.
final class OpenJobFolders {
    let folders: JobFolders
    private let stagingFD: Int32
    private let outputFD: Int32
    /// The output folder as the prefix of a file's path, for messages.
    private let outputPrefix: String

    init(_ folders: JobFolders) {
        self.folders = folders
        stagingFD = open(folders.staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        outputFD = open(folders.output.isEmpty ? "." : folders.output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        outputPrefix =
            folders.output.isEmpty || folders.output.hasSuffix("/") ? folders.output : folders.output + "/"
    }

    deinit {
        for fd in [stagingFD, outputFD] where fd >= 0 { close(fd) }
    }

    /// Job `id`'s staging file, in the staging folder; `page`: the one of its CSS's page.
    func stagingPath(_ id: Int, page: Bool = false) -> String {
        folders.staging + "/" + OpenJobFolders.stagedName(id, page: page)
    }

    /// `7`, and `7.page` for job 7's page beside its CSS (`x.css` → `x.html`, as `run` writes).
    static func stagedName(_ id: Int, page: Bool = false) -> String {
        page ? "\(id).page" : String(id)
    }

    /// Opens job `id`'s staging file (or its page's) for writing (created, or emptied: a job
    /// sent again after its worker died may find what that worker left).
    /// `output`: the file name it becomes (errors name that, in the output folder).
    func createStaged(_ id: Int, page: Bool = false, output: String? = nil) throws -> ByteSink {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        let fd =
            stagingFD >= 0
            ? OpenJobFolders.stagedName(id, page: page).withCString { openat(stagingFD, $0, flags, 0o644) }
            : open(stagingPath(id, page: page), flags, 0o644)
        guard fd >= 0 else {
            throw OutputError.cannotWrite(
                stagingPath(id, page: page), reason: String(cString: strerror(errno)))
        }
        return ByteSink(
            stagedFile: fd, path: stagingPath(id, page: page), shownAs: output.map { outputPrefix + $0 })
    }

    /// Moves job `id`'s finished staging file (or its page's) into place as `name` (a plain
    /// file name, see OutputName). On failure the job's staging files are removed and the
    /// error names the output.
    func moveIntoPlace(_ id: Int, page: Bool = false, as name: String) throws {
        // Once orphaned, a worker has another parent (init or a subreaper). Before, its
        // outputs stayed staged and a later batch removed them; a batch that is gone now
        // leaves no output it did not see answered, bar the race with its last moment.
        // (withCString below: a small String passed as a C string is copied to the heap.)
        guard getppid() == folders.batch else {
            discard(id)
            throw BatchGone()
        }
        let renamed =
            stagingFD >= 0 && outputFD >= 0
            ? OpenJobFolders.stagedName(id, page: page).withCString { staged in
                name.withCString { renameat(stagingFD, staged, outputFD, $0) }
            }
            : rename(stagingPath(id, page: page), outputPrefix + name)
        guard renamed != 0 else { return }
        let reason = String(cString: strerror(errno))
        discard(id)
        throw OutputError.cannotWrite(outputPrefix + name, reason: reason)
    }

    /// Refuses to move job `id`'s output over a file the job read (its script, a module it
    /// required, a plugin: `inputs`, compared by device and inode): the output and its staging
    /// are dropped. Only a name that exists is compared (a fresh folder costs one fstatat).
    func refuseInputs(_ id: Int, as name: String, inputs: [String]) throws {
        var out = stat()
        let found =
            outputFD >= 0
            ? name.withCString { fstatat(outputFD, $0, &out, 0) } : stat(outputPrefix + name, &out)
        guard found == 0 else { return }
        for input in inputs {
            var info = stat()
            if stat(input, &info) == 0, info.st_dev == out.st_dev, info.st_ino == out.st_ino {
                discard(id)
                throw OutputError.isInput(outputPrefix + name, input: input)
            }
        }
    }

    /// Removes job `id`'s staging files (its output's and its page's), where there are any.
    func discard(_ id: Int) {
        for page in [false, true] {
            if stagingFD >= 0 {
                unlinkat(stagingFD, OpenJobFolders.stagedName(id, page: page), 0)
            } else {
                unlink(stagingPath(id, page: page))
            }
        }
    }
}
