// swift-tools-version:6.0
import Foundation
import PackageDescription

// Dependencies point one way: inbetween (CLI) -> InbetweenLua -> InbetweenEngine.
// The engine is pure Swift (no Lua, no I/O, no clock); the Lua layer reaches Lua 5.4 through
// the CLua system library (pkg-config lua5.4) and the small C target CLuaSupport, which is the
// only code that raises Lua errors.

/// Absolute, because link commands do not run in the package folder.
let packageRoot = String(#filePath.dropLast("/Package.swift".count))

let package = Package(
    name: "Inbetween",
    products: [
        .executable(name: "inbetween", targets: ["inbetween"]),
        .library(name: "InbetweenEngine", targets: ["InbetweenEngine"]),
        .library(name: "InbetweenLua", targets: ["InbetweenLua"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(
            name: "CLuaSupport",
            dependencies: ["CLua"],
            cSettings: [.unsafeFlags(["-I/usr/include/lua5.4"])],
            // Lua links statically from Debian's liblua5.4.a (the same liblua5.4-dev package):
            // it ran Lua code 20-28% faster than the shared library here (issue 6), as in
            // Debian's own lua5.4 binary. A linker script among the link inputs pulls the
            // archive in ahead of the -llua5.4 that CLua adds (Sources/CLua/liblua5.4-static.so),
            // so every Lua call binds to the static copy. In debug builds that -llua5.4 still
            // records the shared library as needed (SwiftPM puts linker flags such as
            // --as-needed after it): loaded, never called. Release builds for scripts/bench and
            // scripts/run are fully static executables, with no shared library at all.
            linkerSettings: [.unsafeFlags([packageRoot + "/Sources/CLua/liblua5.4-static.so"], .when(platforms: [.linux]))]
        ),
        .target(name: "InbetweenEngine"),
        .target(name: "InbetweenLua", dependencies: ["InbetweenEngine", "CLua", "CLuaSupport"]),
        .executableTarget(name: "inbetween", dependencies: ["InbetweenLua", "InbetweenEngine"]),
        // Times engine kernels for scripts/bench; not part of the tests.
        .executableTarget(name: "InbetweenBench", dependencies: ["InbetweenLua", "InbetweenEngine"]),
        .testTarget(name: "InbetweenEngineTests", dependencies: ["InbetweenEngine"]),
        .testTarget(name: "InbetweenLuaTests", dependencies: ["InbetweenLua", "CLua", "CLuaSupport"]),
        .testTarget(name: "InbetweenCLITests", dependencies: ["inbetween", "InbetweenLua"], exclude: ["Golden"]),
    ]
)

// The libFuzzer target, built only by scripts/fuzz (INBETWEEN_FUZZ=1): it has no main of its
// own (libFuzzer's -sanitize=fuzzer supplies one), so a plain `swift build` could not link it.
if ProcessInfo.processInfo.environment["INBETWEEN_FUZZ"] != nil {
    package.targets.append(.executableTarget(
        name: "InbetweenFuzz", dependencies: ["InbetweenLua"],
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
