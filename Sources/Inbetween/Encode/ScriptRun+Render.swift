import InbetweenEngine

extension ScriptRun {
    /// A refusal to draw a run whose frames were already pulled or exported.
    public struct AlreadyUsed: Error, CustomStringConvertible {
        public var description: String {
            "this run's frames were already pulled or exported: start a new run to draw it"
        }
    }

    /// The run's frames drawn as pictures (thumbnails, previews), as `inbetween render` draws
    /// them. A run is pulled, exported or drawn, once; its limits' budget ends when the run
    /// is released.
    /// - Throws: `AlreadyUsed`, `RenderError` for options out of range, `ScriptError`.
    public func renderer(options: RenderOptions = RenderOptions()) throws -> Renderer {
        guard !started && !ended else { throw AlreadyUsed() }
        do {
            return try Renderer(runtime: host.runtime, request: request, options: options)
        } catch let error as RenderError {
            throw error
        } catch {
            throw ScriptError.wrap(error)
        }
    }

    /// Draws the run and writes it to `path` as `inbetween render -o path` does: the name
    /// chooses the file (`RenderFileKind(path:)`: .mp4, .webm, .gif, .apng, .png, or DIR/ for
    /// a folder of PNG frames, which must exist). Written in place; returns the writer's notes
    /// (an MP4 padded to even sides).
    @discardableResult
    public func render(to path: String, options: RenderOptions = RenderOptions()) throws -> [String] {
        let kind = try RenderFileKind(path: path)
        defer { end() }
        return try RenderFile.write(renderer(options: options), as: kind, to: path)
    }
}
