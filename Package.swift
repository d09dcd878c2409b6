// swift-tools-version:6.0
import Foundation
import PackageDescription

// Dependencies point one way: InbetweenCLI (the `inbetween` executable) -> Inbetween ->
// InbetweenLua -> InbetweenEngine.
// The engine is pure Swift (no Lua, no I/O, no clock); the Lua layer reaches Lua 5.4 through
// the CLua system library (pkg-config lua5.4) and the small C target CLuaSupport, which is the
// only code that raises Lua errors.

let package = Package(
    name: "Inbetween",
    products: [
        .executable(name: "inbetween", targets: ["InbetweenCLI"]),
        // What an app depends on, the one library product: `import Inbetween` (InbetweenHost,
        // ScriptRun, the formats and the Renderer, and the engine's value types re-exported).
        // InbetweenLua and InbetweenEngine are internal to the package: what other modules of
        // the package need of them, and the app must not see, has `package` access.
        .library(name: "Inbetween", targets: ["Inbetween"]),
    ],
    targets: [
        // lua5.4.pc: Debian's liblua5.4-dev, and Homebrew's lua@5.4 (its formula `lua` is 5.5
        // now; SwiftPM looks in $(brew --prefix)/opt/lua@5.4/lib/pkgconfig for a `.brew` provider).
        // Sources/CLua/lua54.h says where each puts the headers.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua@5.4"])]
        ),
        // No unsafe flags anywhere: SwiftPM refuses them in a package resolved by version, so
        // an app could not depend on this one. Lua's headers and library come from pkg-config
        // through CLua. Release executables are linked fully static by the build scripts'
        // own flags (scripts/lib.sh, `release_build`), which also makes the linker take
        // Debian's liblua5.4.a: Lua code ran 20-28% faster linked statically (issue 6).
        .target(name: "CLuaSupport", dependencies: ["CLua"]),
        // The renderer's rasterizer: Cairo and the pixman under it (Debian's libcairo2-dev).
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // JPEG decoding for layer contents: libjpeg-turbo (Debian's libjpeg-dev, which brings
        // libjpeg62-turbo-dev; Homebrew's jpeg-turbo), and the C that catches its errors
        // (CImageSupport: libjpeg's default error handler calls exit()).
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        .target(name: "CImageSupport", dependencies: ["CJPEG"]),
        .target(name: "InbetweenEngine"),
        // Lua/*.lua: the host's own Lua, compiled into CLuaSupport with #embed (hostsources.c).
        .target(
            name: "InbetweenLua",
            dependencies: ["InbetweenEngine", "CLua", "CLuaSupport", "CCairo", "CImageSupport"],
            exclude: ["Lua"]),
        // zlib for the PNG writer (Encode/PNGImage.swift): Debian's zlib1g-dev, the SDK's on macOS.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Output/Preview/player.js, player.css and controls.html: the preview page's player, kept
        // as files so that they are checked as what they are (`node --check`, PreviewPlayerFilesTests)
        // and compiled into the library, so an installed binary needs no resource files.
        .target(
            name: "Inbetween", dependencies: ["InbetweenLua", "InbetweenEngine", "CCairo", "CZlib"],
            resources: [
                .embedInCode("Output/Preview/player.js"),
                .embedInCode("Output/Preview/player.css"),
                .embedInCode("Output/Preview/controls.html"),
            ]),
        // The command line. The target has its own name (a module `inbetween` beside `Inbetween`
        // differs only in case); the product keeps the executable's name, `inbetween`.
        .executableTarget(
            name: "InbetweenCLI",
            dependencies: ["Inbetween"],
            path: "Sources/InbetweenCLI"),
        // Times engine kernels for scripts/bench; not part of the tests.
        .executableTarget(
            name: "InbetweenBench", dependencies: ["Inbetween", "InbetweenLua", "InbetweenEngine"]),
        .testTarget(name: "InbetweenEngineTests", dependencies: ["InbetweenEngine"]),
        .testTarget(
            name: "InbetweenLuaTests", dependencies: ["InbetweenLua", "CLua", "CLuaSupport", "CZlib"]),
        .testTarget(name: "InbetweenLibraryTests", dependencies: ["Inbetween"]),
        .testTarget(name: "InbetweenRenderTests", dependencies: ["Inbetween", "InbetweenLua"]),
        .testTarget(
            name: "InbetweenCLITests", dependencies: ["InbetweenCLI", "Inbetween", "InbetweenLua", "CCairo"],
            exclude: ["Golden"]),
    ]
)

// The libFuzzer target, built only by scripts/fuzz (INBETWEEN_FUZZ=1): it has no main of its
// own (libFuzzer's -sanitize=fuzzer supplies one), so a plain `swift build` could not link it.
if ProcessInfo.processInfo.environment["INBETWEEN_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "InbetweenFuzz", dependencies: ["Inbetween", "InbetweenLua", "InbetweenEngine"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
