import InbetweenEngine

/// The HTML preview (`PreviewPage` around `PreviewData`), written as the frames come: every
/// layer's drawn properties (`drawnKeyPaths`, sampled for every layer: `OutputFormat.request`)
/// per frame. The data is layer-major, so a property's values are collected per property, as
/// the JSON writer collects a track's: a property that never changes keeps its one value, and
/// one that changes keeps its values in a buffer of the run's `TrackSpills`, spilled to one
/// temporary file past a bound. Memory is bounded by the scene, not by frames × layers
/// (issue 31: holding every frame took 765 MB for 1,000 staggered layers).
package struct PreviewFrameWriter: FrameWriter {
    /// The properties a CALayer, and a CAShapeLayer's path, are drawn with.
    package static let drawnKeyPaths = [
        "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform", "opacity",
        "backgroundColor", "borderWidth", "borderColor", "cornerRadius", "shadowColor", "shadowOpacity",
        "shadowOffset", "shadowRadius", "path", "fillColor", "strokeColor", "lineWidth", "strokeStart",
        "strokeEnd",
    ]
    /// The parts of a transform a person reads (what `transform.*` key paths name); a chart of
    /// the 16 matrix entries says little.
    package static let transformParts = [
        "translation.x", "translation.y", "translation.z", "scale.x", "scale.y", "scale.z",
        "rotation.x", "rotation.y", "rotation.z",
    ]

    /// One property's values over the run (or one part of a transform's): the first value,
    /// repeated while the values equal it, then, from the first that differs, every value in
    /// spill buffer `spill`.
    private struct Column {
        var first: Value
        /// How many frames hold `first` before the buffer starts.
        var repeats: Int
        var spill: Int?
        /// A transform's parts (`transformParts`), once the transform changes.
        var parts: [Column] = []
        /// The value added last (nil: `first`), which a rotation part is unwrapped against.
        var last: Value?

        var isConstant: Bool { spill == nil }
    }

    private struct LayerColumns {
        var name: String
        /// The first frame the layer exists at (a callback may create it mid-run); its columns
        /// repeat that frame's values before it, and the page hides it there.
        var firstFrame: Int
        var columns: [Column]
    }

    /// The columns' buffers (0 holds the frame times; each changing column adds one) and the
    /// fingerprint of what went into them.
    private final class Buffers {
        let spills = TrackSpills()
        let numbers: NumberFormat
        /// FNV-1a of every value written to a buffer, in order (the data's `version` goes on
        /// from it).
        var hash = PreviewData.FNV1a()
        private var scratch: [UInt8] = []

        init(numbers: NumberFormat) {
            self.numbers = numbers
            spills.add(1)
        }

        /// The next frame's value of `column`.
        func add(_ value: Value, to column: inout Column, transform: Bool) throws {
            column.last = value
            if column.isConstant {
                if value == column.first {
                    column.repeats += 1
                    return
                }
                column.spill = spills.count
                spills.add(1)
                for _ in 0..<column.repeats { try append(column.first, to: column.spill!) }
                if transform {
                    column.parts = PreviewFrameWriter.transformParts.map { part in
                        Column(
                            first: PreviewFrameWriter.part(part, of: column.first), repeats: column.repeats)
                    }
                }
            }
            try append(value, to: column.spill!)
            for (i, part) in PreviewFrameWriter.transformParts.enumerated() where transform {
                var v = PreviewFrameWriter.part(part, of: value)
                // A rotation read from the matrix lies in (−π, π]: a turn past π would jump to
                // −π on the chart. Each angle is the one of its 2π-equivalents nearest the
                // last, so a turn sampled at under π a frame charts as it turns.
                if part.hasPrefix("rotation"), case .scalar(let a) = v,
                    case .scalar(let b) = column.parts[i].last ?? column.parts[i].first
                {
                    let turns = ((b - a) / (2 * .pi)).rounded()
                    if turns != 0 && turns.isFinite { v = .scalar(a + 2 * .pi * turns) }
                }
                try add(v, to: &column.parts[i], transform: false)
            }
        }

        /// `value` (after a comma unless first) at the end of buffer `i`.
        func append(_ value: Value, to i: Int) throws {
            scratch.removeAll(keepingCapacity: true)
            if !spills.spills[i].isEmpty { scratch.append(UInt8(ascii: ",")) }
            PreviewData.value(value, numbers, into: &scratch)
            try add(scratch, to: i)
        }

        /// JSON text (after a comma unless first) at the end of buffer `i`.
        func append(text: [UInt8], to i: Int) throws {
            scratch.removeAll(keepingCapacity: true)
            if !spills.spills[i].isEmpty { scratch.append(UInt8(ascii: ",")) }
            scratch += text
            try add(scratch, to: i)
        }

        private func add(_ scratch: [UInt8], to i: Int) throws {
            hash.add(scratch)
            let room = spills.spills[i].reserve(scratch.count)
            scratch.withUnsafeBufferPointer { room.update(from: $0.baseAddress!, count: $0.count) }
            spills.spills[i].advance(to: room + scratch.count)
            try spills.spillIfFull(i)
        }
    }

    package let sink: ByteSink
    private let numbers: NumberFormat
    private let fps: Double
    private let title: String
    /// The view the layers live in (`scene{size = ...}`), when the script gives one: the stage.
    private let stageSize: Size?
    private let dataFile: PreviewDataFile?
    private let buffers: Buffers
    private var layers: [LayerColumns] = []
    private var frames = 0

    /// The scene as the run goes (`SceneHistory.latest`: its events up to the frame being
    /// written applied), for a scene with a layer tree; nil writes no tree.
    private let history: SceneHistory?
    /// A tree's drawing (see `PreviewData`): its buffer, once a frame has a tree (the frames
    /// before it hold null: drawn flat).
    private var drawSpill: Int?
    /// What a tree draws that is no layer of the scene: a replicator's copies (`NAME[i]`),
    /// with the values each is drawn with (its colour and time), and their last values (a
    /// copy not drawn at a frame keeps them).
    private var copies: [LayerColumns] = []
    private var copyValues: [[Value]] = []
    private var copyIndex: [String: Int] = [:]

    package init(
        sink: ByteSink, numbers: NumberFormat, fps: Double, title: String, stageSize: Size?,
        dataFile: PreviewDataFile?, history: SceneHistory? = nil
    ) {
        self.sink = sink
        self.numbers = numbers
        self.fps = fps
        self.title = title
        self.stageSize = stageSize
        self.dataFile = dataFile
        self.history = history
        buffers = Buffers(numbers: numbers)
    }

    package mutating func write(_ frame: SampledFrame) throws {
        let count = PreviewFrameWriter.drawnKeyPaths.count
        // Tracks come layer by layer, `count` a layer, a new layer's after the others.
        while layers.count * count < frame.tracks.count {
            let first = layers.count * count
            layers.append(
                LayerColumns(
                    name: frame.tracks[first].layer, firstFrame: frames,
                    columns: (0..<count).map { Column(first: frame.values[first + $0], repeats: frames) }))
        }
        try buffers.append(.scalar(frame.time), to: 0)
        let transform = PreviewFrameWriter.drawnKeyPaths.firstIndex(of: "transform")
        for l in layers.indices {
            for k in 0..<count {
                try buffers.add(
                    frame.values[l * count + k], to: &layers[l].columns[k], transform: k == transform)
            }
        }
        if let scene = history?.latest, drawSpill != nil || scene.hasTree {
            try writeDrawing(try DrawnLayer.world(of: scene, at: frame.time))
        }
        frames += 1
    }

    /// A tree's frame: what the stage shows, back to front, into the drawing's buffer as
    /// `[{"n": name, "o": opacity in its groups, "m": matrix, "c": clips, "g": groups}, ...]`,
    /// and the values of the copies it draws into their columns.
    private mutating func writeDrawing(_ drawn: [DrawnLayer]) throws {
        if drawSpill == nil {
            drawSpill = buffers.spills.count
            buffers.spills.add(1)
            for _ in 0..<frames { try buffers.append(text: Array("null".utf8), to: drawSpill!) }
        }
        let count = PreviewFrameWriter.drawnKeyPaths.count
        let transform = PreviewFrameWriter.drawnKeyPaths.firstIndex(of: "transform")
        var text: [UInt8] = [UInt8(ascii: "[")]
        for (e, d) in drawn.enumerated() {
            let name = d.layer.name
            if history?.latest.index(ofLayer: name) == nil {
                // A copy: its own columns, from the frame it is first drawn at.
                let values = PreviewFrameWriter.drawnKeyPaths.map {
                    d.layer.value(forKeyPath: $0) ?? .scalar(0)
                }
                let c: Int
                if let known = copyIndex[name] {
                    c = known
                } else {
                    c = copies.count
                    copyIndex[name] = c
                    copies.append(
                        LayerColumns(
                            name: name, firstFrame: frames,
                            columns: values.map { Column(first: $0, repeats: frames) }))
                    copyValues.append(values)
                }
                copyValues[c] = values
            }
            if e > 0 { text.append(UInt8(ascii: ",")) }
            text += Array("{\"n\":".utf8)
            PreviewData.string(name, into: &text)
            text += Array(",\"o\":".utf8)
            PreviewData.number(d.layer.opacity, numbers, into: &text)
            text += Array(",\"m\":".utf8)
            PreviewData.numbers(PreviewData.matrix(d.plane), numbers, into: &text)
            if !d.clips.isEmpty {
                text += Array(",\"c\":[".utf8)
                for (k, clip) in d.clips.enumerated() {
                    text += Array((k > 0 ? ",[" : "[").utf8)
                    for x in [clip.size.width, clip.size.height, clip.cornerRadius] {
                        PreviewData.number(x, numbers, into: &text)
                        text.append(UInt8(ascii: ","))
                    }
                    PreviewData.numbers(PreviewData.matrix(clip.plane), numbers, into: &text)
                    text.append(UInt8(ascii: "]"))
                }
                text.append(UInt8(ascii: "]"))
            }
            if !d.groups.isEmpty {
                text += Array(",\"g\":[".utf8)
                for (k, group) in d.groups.enumerated() {
                    text += Array((k > 0 ? ",[" : "[").utf8)
                    PreviewData.string(group.name, into: &text)
                    text.append(UInt8(ascii: ","))
                    PreviewData.number(group.opacity, numbers, into: &text)
                    text.append(UInt8(ascii: "]"))
                }
                text.append(UInt8(ascii: "]"))
            }
            text.append(UInt8(ascii: "}"))
        }
        text.append(UInt8(ascii: "]"))
        try buffers.append(text: text, to: drawSpill!)
        // Every copy gets this frame's values: its own where drawn, else its last again.
        for c in copies.indices {
            for k in 0..<count {
                try buffers.add(copyValues[c][k], to: &copies[c].columns[k], transform: k == transform)
            }
        }
    }

    /// `transform.<part>` of a transform value (0 where it has none).
    private static func part(_ part: String, of transform: Value) -> Value {
        ((try? PropertyValues(["transform": transform]).value(forKeyPath: "transform." + part)) ?? nil)
            ?? .scalar(0)
    }

    package mutating func finish(_ summary: SamplingSummary) throws {
        let live = dataFile.map { PreviewData.fileName($0.path) }
        // The data file first: a page that finds it newer than itself only reloads it.
        if let dataFile {
            let data = try dataFile.open()
            try writeData(into: data, live: live)
            try data.commit()
        }
        sink.buffer.append(contentsOf: PreviewPage.head(title: title))
        try writeData(into: sink, live: live)
        sink.buffer.append(contentsOf: PreviewPage.tail)
        sink.flushIfFull()
    }

    /// The data statement (`PreviewData`) into `out`: the same bytes each time it is called.
    private func writeData(into out: ByteSink, live: String?) throws {
        var hash = buffers.hash
        let spills = buffers.spills
        var text: [UInt8] = []
        func put() {
            hash.add(text)
            out.buffer.append(contentsOf: text)
            out.flushIfFull()
            text.removeAll(keepingCapacity: true)
        }
        func put(_ s: String) { text.append(contentsOf: s.utf8) }
        put("window.inbetweenLoad({\"title\":")
        PreviewData.string(title, into: &text)
        put(",\"live\":")
        if let live { PreviewData.string(live, into: &text) } else { put("null") }
        put(",\"stage\":")
        if let size = stageSize {
            PreviewData.numbers([size.width, size.height], numbers, into: &text)
        } else {
            put("null")
        }
        put(",\"fps\":")
        PreviewData.number(fps, numbers, into: &text)
        put(",\"times\":[")
        put()
        try spills.drain(0, into: out)
        put("],\n\"layers\":[")
        for (l, layer) in (layers + copies).enumerated() {
            put(l > 0 ? ",\n{\"name\":" : "{\"name\":")
            PreviewData.string(layer.name, into: &text)
            if layer.firstFrame > 0 { put(",\"from\":\(layer.firstFrame)") }
            put(",\"props\":{")
            for (k, column) in layer.columns.enumerated() {
                if k > 0 { put(",") }
                PreviewData.string(PreviewFrameWriter.drawnKeyPaths[k], into: &text)
                if let spill = column.spill {
                    put(":{\"v\":[")
                    put()
                    try spills.drain(spill, into: out)
                    put("]")
                } else {
                    put(":{\"c\":")
                    PreviewData.value(column.first, numbers, into: &text)
                }
                put("}")
            }
            put("}}")
            put()
        }
        if let drawSpill {
            put("],\n\"draw\":[")
            put()
            try spills.drain(drawSpill, into: out)
        }
        put("],\n\"charts\":[")
        // What changes over the run, one chart per property (transforms by their parts that
        // change), in layer order.
        var charts = 0
        func chart(_ title: String, _ keyPath: String, _ column: Column) throws {
            guard let spill = column.spill else { return }
            put(charts > 0 ? ",\n{\"title\":" : "{\"title\":")
            PreviewData.string(title + "." + keyPath, into: &text)
            put(",\"unit\":")
            PreviewData.string(ValueUnits.unit(of: keyPath), into: &text)
            put(",\"kind\":")
            PreviewData.string(LayerPropertyKind.name(column.first), into: &text)
            put(",\"v\":[")
            put()
            try spills.drain(spill, into: out)
            put("]}")
            charts += 1
        }
        for layer in layers {
            for (k, column) in layer.columns.enumerated() {
                guard !column.parts.isEmpty else {
                    try chart(layer.name, PreviewFrameWriter.drawnKeyPaths[k], column)
                    continue
                }
                for (part, partColumn) in zip(PreviewFrameWriter.transformParts, column.parts) {
                    try chart(layer.name, "transform." + part, partColumn)
                }
            }
        }
        put("]")
        // The version last: a fingerprint of everything before it, known only once it is written.
        put(",\"version\":\"\(String(hash.value, radix: 16))\"});\n")
        put()
    }
}

/// Where a watched preview's data goes besides the page (`NAME.data.js`), for an open page to
/// re-load: opened once, when the frames are finished.
package struct PreviewDataFile {
    package var path: String
    package var open: () throws -> ByteSink

    package init(path: String, open: @escaping () throws -> ByteSink) {
        self.path = path
        self.open = open
    }
}
