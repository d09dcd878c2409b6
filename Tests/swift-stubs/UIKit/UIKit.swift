// Stub of the UIKit API that `inbetween run --format swift` snippets use on iOS (see
// QuartzCore.swift for how the stubs are checked). UIKit re-exports Foundation and QuartzCore.
@_exported import Foundation
@_exported import QuartzCore

// UIKit's UIGeometry.h adds these boxing initialisers to NSValue on iOS (documented under Foundation,
// iOS/tvOS/watchOS only; macOS has init(point:)/init(size:)/init(rect:) instead).
extension NSValue {
    // https://developer.apple.com/documentation/foundation/nsvalue/init(cgpoint:)
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    // https://developer.apple.com/documentation/foundation/nsvalue/init(cgsize:)
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    // https://developer.apple.com/documentation/foundation/nsvalue/init(cgrect:)
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
}
