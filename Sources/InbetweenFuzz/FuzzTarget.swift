import Foundation
import Inbetween
import InbetweenLua

/// libFuzzer's entry point. The first byte's value mod 8 picks what the rest is: 2 a batch
/// manifest (FuzzManifest), 3 a plugin file (FuzzPlugin), 4 a CSS easing string and 5 SVG
/// path data (FuzzSyntax, the engine's parsers without a runtime), anything else a Lua
/// script (FuzzScript: binding calls or raw text); the runs with Lua have a fresh runtime
/// with small limits, and a script's frames go through one output format's writer (picked
/// by the input's length) into memory. A crash, a hang past the limits or a Swift trap is a
/// finding; errors (Lua's, the parsers') are the expected outcome and are ignored.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch bytes.first.map({ $0 % 8 }) {
    case 2: FuzzManifest.run(bytes.dropFirst())
    case 3: FuzzPlugin.run(bytes.dropFirst())
    case 4: FuzzSyntax.css(bytes.dropFirst())
    case 5: FuzzSyntax.svgPath(bytes.dropFirst())
    default:
        FuzzRun.run(FuzzScript(bytes: bytes).text, writing: FuzzRun.formats[size % FuzzRun.formats.count])
    }
    return 0
}

enum FuzzRun {
    static let limits = LuaLimits(instructions: 2_000_000, memory: 32 << 20, seconds: 2, frames: 20_000)

    /// Every writer of the output pipeline: each format, structural and baked, at both
    /// number formats.
    static let formats: [OutputFormat] = OutputFormat.Kind.allCases.flatMap { kind in
        [OutputFormat(kind), OutputFormat(kind, precision: 3, bake: true)]
    }

    /// Runs `script` (load, run, sample) and reports whether it ended with an error; with
    /// `format`, the frames are written through that format's writer (the pipeline `run` and
    /// `batch` use) into memory.
    @discardableResult
    static func run(_ script: String, writing format: OutputFormat? = nil) -> Bool {
        guard let runtime = try? Runtime(memoryLimit: limits.memory) else { return false }
        runtime.host.limits = limits
        do {
            try runtime.host.withBudget {
                try runtime.host.load(string: script, chunkName: "=fuzz")
                try runtime.host.call()
                if let format {
                    let sink = ByteSink(destination: DiscardedBytes())
                    let frames = try runtime.frames(format.request(SamplingRequest()))
                    try OutputPipeline.write(frames, of: runtime, as: format, source: "fuzz.lua", to: sink)
                    try sink.commit()
                } else {
                    try runtime.sampleScene { _ in }
                }
            }
            _ = runtime.host.takeWarnings()
            return false
        } catch {
            _ = runtime.host.takeWarnings()
            return true
        }
    }
}

/// SwiftPM links an executable target's entry point as `<Target>_main` (main is an alias of
/// it), which would hide libFuzzer's own main; so the entry point hands over to libFuzzer's
/// driver explicitly.
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("InbetweenFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return llvmFuzzerRunDriver(&count, &arguments) { data, size in
        fuzzOne(data ?? UnsafePointer(bitPattern: 1)!, size)
    }
}

/// Where the writers' bytes go: counted, then dropped.
final class DiscardedBytes: ByteDestination {
    var count = 0
    var displayName: String { "memory" }
    func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        count += bytes.count
        return 0
    }
    func commit() throws {}
    func abandon() {}
}
