// Stub of the AppKit module for `inbetween run --format swift` snippets on macOS (see
// QuartzCore.swift for how the stubs are checked). AppKit re-exports Foundation and QuartzCore.
// The snippets box values with NSValue(point:), NSValue(size:) and NSValue(rect:), which macOS's
// Foundation declares and swift-corelibs-foundation already has, so nothing is declared here:
// https://developer.apple.com/documentation/foundation/nsvalue/init(point:)
// https://developer.apple.com/documentation/foundation/nsvalue/init(size:)
// https://developer.apple.com/documentation/foundation/nsvalue/init(rect:)
@_exported import Foundation
@_exported import QuartzCore
