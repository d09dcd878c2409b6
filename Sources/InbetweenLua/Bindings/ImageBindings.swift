import CLua
import InbetweenEngine

/// An image in Lua: what `image(path)` returns and `l.contents` takes.
final class ImageBox {
    let image: ContentsImage
    /// The path or name the script asked for it by, for `tostring`.
    let name: String
    init(_ image: ContentsImage, name: String) {
        self.image = image
        self.name = name
    }
}

/// `image(path)` and the layer properties that place an image: `contents`, `contentsGravity`,
/// `minificationFilter`, `magnificationFilter` (CALayer's names and values). `contentsRect`,
/// `contentsCenter` and `contentsScale` are animatable model values like any other.
enum ImageBindings {
    static let typeName = "image"
    static let propertyNames: Set<String> = [
        "contents", "contentsGravity", "minificationFilter", "magnificationFilter",
    ]

    static func install(in runtime: Runtime) {
        let host = runtime.host
        host.registerClass(
            typeName,
            metamethods: [
                ("__index", { [unowned runtime] s in try runtime.imageField(s) }),
                (
                    "__tostring",
                    { [unowned runtime] s in
                        let box: ImageBox = try runtime.host.checkObject(1, typeName)
                        s.push("image(\(box.name), \(box.image.width) x \(box.image.height))")
                        return 1
                    }
                ),
            ])
        host.pushFunction("image") { [unowned runtime] s in try runtime.loadImage(s) }
        host.setGlobal("image")
    }
}

extension Runtime {
    /// `image(path)`: the PNG or JPEG at `path` (see `ImageLibrary` for where it is looked for),
    /// decoded once per run.
    func loadImage(_ s: LuaStack) throws -> Int32 {
        let path = try s.checkString(1)
        let image: ContentsImage
        do {
            image = try images.image(
                path, scriptFolder: scriptDirectory, pluginFolders: pluginDirectories,
                memoryLimit: host.memoryLimit)
        } catch {
            throw LuaRaise.message("image '\(path)' \(error.rule)")
        }
        host.pushObject(ImageBox(image, name: path), ImageBindings.typeName)
        return 1
    }

    /// `img.width`, `img.height` (pixels).
    func imageField(_ s: LuaStack) throws -> Int32 {
        let box: ImageBox = try host.checkObject(1, ImageBindings.typeName)
        switch try s.checkString(2) {
        case "width": s.push(Double(box.image.width))
        case "height": s.push(Double(box.image.height))
        default: s.pushNil()
        }
        return 1
    }

    /// The value of one of `ImageBindings.propertyNames` (nil for any other key).
    func pushContentsProperty(_ l: LayerHandle, _ key: String) -> Int32? {
        guard ImageBindings.propertyNames.contains(key) else { return nil }
        let contents = state.scene[l.name]?.contents ?? LayerContents()
        let s = host.stack
        switch key {
        case "contents":
            if let image = contents.image {
                host.pushObject(ImageBox(image, name: image.source), ImageBindings.typeName)
            } else {
                s.pushNil()
            }
        case "contentsGravity": s.push(contents.gravity.rawValue)
        case "minificationFilter": s.push(contents.minificationFilter.rawValue)
        default: s.push(contents.magnificationFilter.rawValue)
        }
        return 1
    }

    /// Sets one of `ImageBindings.propertyNames` from the value at `index`; false for any other key.
    func setContentsProperty(_ l: LayerHandle, _ key: String, at index: Int32) throws -> Bool {
        guard ImageBindings.propertyNames.contains(key) else { return false }
        var contents = state.scene[l.name]?.contents ?? LayerContents()
        do {
            try readContentsProperty(key, at: index, into: &contents)
        } catch {
            throw LuaRaise.message("layer '\(l.name)' property '\(key)' \(error.rule)")
        }
        try engineCall { try state.scene.setContents(contents, ofLayer: l.name) }
        return true
    }

    /// The fields of `layer{...}` among `ImageBindings.propertyNames`; nil when none is given.
    func contentsFields(_ r: TableReader) throws -> LayerContents? {
        var contents = LayerContents()
        var given = false
        for key in ["contents", "contentsGravity", "minificationFilter", "magnificationFilter"] {
            try r.with(key) { i in
                do {
                    try readContentsProperty(key, at: i, into: &contents)
                } catch let problem as ImageProblem {
                    throw r.fail(key, problem.rule)
                }
                given = true
            }
        }
        return given ? contents : nil
    }

    private func readContentsProperty(_ key: String, at index: Int32, into contents: inout LayerContents)
        throws(ImageProblem)
    {
        let s = host.stack
        if key == "contents" {
            if s.isNoneOrNil(index) {
                contents.image = nil
            } else if let box: ImageBox = host.object(at: index, ImageBindings.typeName) {
                contents.image = box.image
            } else {
                throw ImageProblem(
                    "must be an image (made by image(path)) or nil, got \(s.typeName(at: index))")
            }
            return
        }
        guard s.type(at: index) == LUA_TSTRING, let name = s.string(at: index) else {
            throw ImageProblem("must be a string, got \(s.typeName(at: index))")
        }
        if key == "contentsGravity" {
            guard let gravity = ContentsGravity(rawValue: name) else {
                throw ImageProblem(
                    "'\(name)' is not a gravity (\(ContentsGravity.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            contents.gravity = gravity
            return
        }
        guard let filter = ContentsFilter(rawValue: name) else {
            throw ImageProblem(
                "'\(name)' is not a filter (\(ContentsFilter.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        if key == "minificationFilter" {
            contents.minificationFilter = filter
        } else {
            contents.magnificationFilter = filter
        }
    }
}
