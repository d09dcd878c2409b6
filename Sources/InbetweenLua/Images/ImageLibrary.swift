import Foundation
import InbetweenEngine

/// The images a runtime's scripts ask for with `image(path)`: where a path leads, which files a
/// script may read, and the pictures decoded so far (one decode per file and run, however many
/// layers show it).
///
/// Where a path leads: relative to the running script's folder, or to `folder` when the app
/// names one (a library host), then to each plugin folder, as `require` searches. The sandbox: the file, its symbolic links resolved,
/// must lie inside the folder it was found through, and an absolute path must lie inside one
/// of those folders. An app may also hand over images of its own by name (`provided`).
package final class ImageLibrary {
    /// Image files an app handed over, by the name a script asks for them with.
    package var provided: [String: [UInt8]] = [:]
    /// The folder relative paths resolve against instead of the script's (a library host's
    /// `HostOptions.imageFolder`).
    package var folder: String?
    /// Whether the running script's own folder is searched: false for a library host's script
    /// given as text, whose folder would be the app's working directory.
    package var readsScriptFolder = true
    /// This run's images by resolved path (or `app:` and the provided name).
    private var decoded: [String: ContentsImage] = [:]
    /// Bytes of pixels those hold.
    private(set) var decodedBytes = 0

    package init() {}

    /// Forgets the run's images (a new run reads the files again).
    func forgetDecoded() {
        decoded = [:]
        decodedBytes = 0
    }

    /// The image `path` names, decoded once per run.
    /// - Parameter memoryLimit: bytes every image of the run may take together (0: no bound
    ///   beyond `ImageLimits`).
    func image(_ path: String, scriptFolder: String?, pluginFolders: [String], memoryLimit: Int)
        throws(ImageProblem) -> ContentsImage
    {
        if let bytes = provided[path] {
            return try decodeOnce(key: "app:" + path, source: path, memoryLimit: memoryLimit) { bytes }
        }
        let own = folder ?? (readsScriptFolder ? scriptFolder : nil)
        let roots = (own.map { [$0] } ?? []) + pluginFolders
        let file = try locate(path, in: roots)
        return try decodeOnce(key: file, source: file, memoryLimit: memoryLimit) { () throws(ImageProblem) in
            try ImageLibrary.read(file)
        }
    }

    private func decodeOnce(
        key: String, source: String, memoryLimit: Int, bytes: () throws(ImageProblem) -> [UInt8]
    ) throws(ImageProblem) -> ContentsImage {
        if let image = decoded[key] { return image }
        let data = try bytes()
        guard let format = ImageDecoder.format(of: data) else {
            let start = data.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " ")
            throw ImageProblem(
                "is neither a PNG nor a JPEG file (it starts with \(start.isEmpty ? "nothing" : start))")
        }
        let (w, h) = try ImageDecoder.size(of: data, format)
        let side = ImageLimits.maximumSide
        guard w > 0, h > 0, w <= side, h <= side else {
            throw ImageProblem(
                "is \(w) x \(h) pixels by its \(format.rawValue) header; images may be at most \(side) pixels a side"
            )
        }
        guard w * h <= ImageLimits.maximumPixels else {
            throw ImageProblem(
                "is \(w) x \(h) pixels by its \(format.rawValue) header, \(w * h) pixels; images may hold at most \(ImageLimits.maximumPixels) (8192 x 8192)"
            )
        }
        let bytesNeeded = w * h * 4
        if memoryLimit > 0 && decodedBytes + bytesNeeded > memoryLimit {
            throw ImageProblem(
                "is \(w) x \(h) pixels by its \(format.rawValue) header, \(bytesNeeded) bytes decoded, which with the run's other images (\(decodedBytes) bytes) exceeds the memory limit (\(memoryLimit) bytes, --max-memory)"
            )
        }
        let image = try ImageDecoder.decode(data, format, width: w, height: h, source: source)
        decoded[key] = image
        decodedBytes += bytesNeeded
        return image
    }

    /// The file `path` leads to inside `roots` (see the type's comment).
    private func locate(_ path: String, in roots: [String]) throws(ImageProblem) -> String {
        guard !roots.isEmpty else {
            throw ImageProblem(
                "has no folder to be found in: a script given as text reads images from the folder its host names (HostOptions.imageFolder)"
            )
        }
        let candidates =
            path.hasPrefix("/")
            ? roots.map { (path, $0) } : roots.map { ((($0 as NSString).appendingPathComponent(path)), $0) }
        for (candidate, root) in candidates where access(candidate, F_OK) == 0 {
            guard let real = Runtime.realPath(candidate), let realRoot = Runtime.realPath(root),
                real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
            else { continue }
            return real
        }
        if let outside = candidates.first(where: { access($0.0, F_OK) == 0 }) {
            throw ImageProblem(
                "(\(outside.0)) lies outside the script's folder and the plugin folders (\(roots.joined(separator: ", "))); images are read only from those"
            )
        }
        throw ImageProblem(
            "was not found in the script's folder or the plugin folders (\(roots.joined(separator: ", ")))")
    }

    /// The file's bytes: a regular file of at most `ImageLimits.maximumFileBytes`.
    private static func read(_ file: String) throws(ImageProblem) -> [UInt8] {
        var info = stat()
        guard stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw ImageProblem("(\(file)) is not a regular file")
        }
        guard Int(info.st_size) <= ImageLimits.maximumFileBytes else {
            throw ImageProblem(
                "(\(file)) is \(info.st_size) bytes; image files may be at most \(ImageLimits.maximumFileBytes) bytes"
            )
        }
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw ImageProblem("(\(file)) cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: ImageLimits.maximumFileBytes + 1) ?? Data()
        } catch {
            throw ImageProblem("(\(file)) cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= ImageLimits.maximumFileBytes else {
            throw ImageProblem("(\(file)) grew past \(ImageLimits.maximumFileBytes) bytes while it was read")
        }
        return [UInt8](data)
    }
}
