// swift-format-ignore-file
// (The stubs keep Apple's own names, CACurrentMediaTime and CATransform3DIdentity among them.)

// Stub declarations of the Core Animation (and re-exported Core Graphics) API that the snippets of
// `inbetween run --format swift` use, so that SwiftSnippetTypecheckTests can type-check them on
// Linux. Each declaration follows the Swift signature on the cited Apple documentation page; bodies
// are placeholders (nothing runs). Foundation on Linux already gives NSObject, NSValue, NSNumber,
// CGFloat, CGPoint, CGSize and CGRect, so they are not declared here.
@_exported import Foundation

// https://developer.apple.com/documentation/quartzcore/cftimeinterval (CoreFoundation's typealias, re-exported)
public typealias CFTimeInterval = Double

// https://developer.apple.com/documentation/quartzcore/1395996-cacurrentmediatime
public func CACurrentMediaTime() -> CFTimeInterval { 0 }

// https://developer.apple.com/documentation/coregraphics/cgcolor
open class CGColor {
    // https://developer.apple.com/documentation/coregraphics/cgcolor/init(srgbred:green:blue:alpha:)
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
}

// https://developer.apple.com/documentation/coregraphics/cgpath
open class CGPath {}

// https://developer.apple.com/documentation/coregraphics/cgmutablepath
open class CGMutablePath: CGPath {
    // https://developer.apple.com/documentation/coregraphics/cgmutablepath/init()
    public override init() {}
    // https://developer.apple.com/documentation/coregraphics/cgmutablepath/move(to:transform:)
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {}
    // https://developer.apple.com/documentation/coregraphics/cgmutablepath/addline(to:transform:)
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {}
    // https://developer.apple.com/documentation/coregraphics/cgmutablepath/addquadcurve(to:control:transform:)
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {}
    // https://developer.apple.com/documentation/coregraphics/cgmutablepath/addcurve(to:control1:control2:transform:)
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint,
        transform: CGAffineTransform = .identity
    ) {}
    // https://developer.apple.com/documentation/coregraphics/cgmutablepath/closesubpath()
    public func closeSubpath() {}
}

// https://developer.apple.com/documentation/corefoundation/cgaffinetransform (only as the default of the path methods' transform)
public struct CGAffineTransform {
    // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/identity
    public static let identity = CGAffineTransform()
}

// https://developer.apple.com/documentation/quartzcore/catransform3d
public struct CATransform3D {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/init(m11:m12:m13:m14:m21:m22:m23:m24:m31:m32:m33:m34:m41:m42:m43:m44:)
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }
}

// https://developer.apple.com/documentation/quartzcore/catransform3didentity
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

extension NSValue {
    // https://developer.apple.com/documentation/foundation/nsvalue/init(catransform3d:) (declared by QuartzCore's CATransform3D.h)
    public convenience init(caTransform3D t: CATransform3D) { self.init(point: .zero) }
}

// https://developer.apple.com/documentation/quartzcore/catransaction
open class CATransaction: NSObject {
    // https://developer.apple.com/documentation/quartzcore/catransaction/begin()
    open class func begin() {}
    // https://developer.apple.com/documentation/quartzcore/catransaction/commit()
    open class func commit() {}
    // https://developer.apple.com/documentation/quartzcore/catransaction/setdisableactions(_:)
    open class func setDisableActions(_ flag: Bool) {}
}

// https://developer.apple.com/documentation/quartzcore/calayer (CALayer adopts CAMediaTiming: a layer has
// its own beginTime, speed and timeOffset, declared below after the protocol)
open class CALayer: NSObject, CAMediaTiming {
    public override init() {}
    // https://developer.apple.com/documentation/quartzcore/calayer/addsublayer(_:)
    open func addSublayer(_ layer: CALayer) {}
    // https://developer.apple.com/documentation/quartzcore/calayer/insertsublayer(_:at:)
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {}
    // https://developer.apple.com/documentation/quartzcore/calayer/removefromsuperlayer()
    open func removeFromSuperlayer() {}
    // https://developer.apple.com/documentation/quartzcore/calayer/name
    open var name: String?
    // https://developer.apple.com/documentation/quartzcore/calayer/superlayer
    open var superlayer: CALayer? { nil }
    // https://developer.apple.com/documentation/quartzcore/calayer/sublayertransform
    open var sublayerTransform: CATransform3D = CATransform3DIdentity
    // https://developer.apple.com/documentation/quartzcore/calayer/ishidden
    open var isHidden: Bool = false
    // https://developer.apple.com/documentation/quartzcore/calayer/maskstobounds
    open var masksToBounds: Bool = false
    // https://developer.apple.com/documentation/quartzcore/calayer/allowsgroupopacity
    open var allowsGroupOpacity: Bool = true
    // https://developer.apple.com/documentation/quartzcore/calayer/isdoublesided
    open var isDoubleSided: Bool = true
    // https://developer.apple.com/documentation/quartzcore/calayer/maskedcorners
    open var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    // https://developer.apple.com/documentation/quartzcore/calayer/cornercurve
    open var cornerCurve: CALayerCornerCurve = .circular
    // CAMediaTiming (https://developer.apple.com/documentation/quartzcore/camediatiming)
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses: Bool = false
    open var fillMode: CAMediaTimingFillMode = .removed
    // https://developer.apple.com/documentation/quartzcore/calayer/converttime(_:from:)
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval { t }
    // https://developer.apple.com/documentation/quartzcore/calayer/add(_:forkey:)
    open func add(_ anim: CAAnimation, forKey key: String?) {}
    // https://developer.apple.com/documentation/quartzcore/calayer/backgroundcolor
    open var backgroundColor: CGColor?
    // https://developer.apple.com/documentation/quartzcore/calayer/bordercolor
    open var borderColor: CGColor?
    // https://developer.apple.com/documentation/quartzcore/calayer/borderwidth
    open var borderWidth: CGFloat = 0
    // https://developer.apple.com/documentation/quartzcore/calayer/bounds
    open var bounds: CGRect = .zero
    // https://developer.apple.com/documentation/quartzcore/calayer/cornerradius
    open var cornerRadius: CGFloat = 0
    // https://developer.apple.com/documentation/quartzcore/calayer/position
    open var position: CGPoint = .zero
    // https://developer.apple.com/documentation/quartzcore/calayer/anchorpoint
    open var anchorPoint: CGPoint = .zero
    // https://developer.apple.com/documentation/quartzcore/calayer/zposition
    open var zPosition: CGFloat = 0
    // https://developer.apple.com/documentation/quartzcore/calayer/opacity
    open var opacity: Float = 1
    // https://developer.apple.com/documentation/quartzcore/calayer/transform
    open var transform: CATransform3D = CATransform3DIdentity
    // https://developer.apple.com/documentation/objectivec/nsobject-swift.class/setvalue(_:forkeypath:) (NSObject's key-value coding,
    // which swift-corelibs-foundation does not have)
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {}
}

// https://developer.apple.com/documentation/quartzcore/cashapelayer
open class CAShapeLayer: CALayer {
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/path
    open var path: CGPath?
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/fillcolor
    open var fillColor: CGColor?
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/strokecolor
    open var strokeColor: CGColor?
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/linewidth
    open var lineWidth: CGFloat = 1
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/linecap
    open var lineCap: CAShapeLayerLineCap = .butt
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/linejoin
    open var lineJoin: CAShapeLayerLineJoin = .miter
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/miterlimit
    open var miterLimit: CGFloat = 10
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/fillrule
    open var fillRule: CAShapeLayerFillRule = .nonZero
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/linedashpattern
    open var lineDashPattern: [NSNumber]?
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/linedashphase
    open var lineDashPhase: CGFloat = 0
}

// https://developer.apple.com/documentation/quartzcore/cashapelayerlinecap
public struct CAShapeLayerLineCap: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/cashapelayerlinecap/butt
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    // https://developer.apple.com/documentation/quartzcore/cashapelayerlinecap/round
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    // https://developer.apple.com/documentation/quartzcore/cashapelayerlinecap/square
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

// https://developer.apple.com/documentation/quartzcore/cashapelayerlinejoin
public struct CAShapeLayerLineJoin: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/cashapelayerlinejoin/miter
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    // https://developer.apple.com/documentation/quartzcore/cashapelayerlinejoin/round
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    // https://developer.apple.com/documentation/quartzcore/cashapelayerlinejoin/bevel
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

// https://developer.apple.com/documentation/quartzcore/cashapelayerfillrule
public struct CAShapeLayerFillRule: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/cashapelayerfillrule/nonzero
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    // https://developer.apple.com/documentation/quartzcore/cashapelayerfillrule/evenodd
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

// https://developer.apple.com/documentation/quartzcore/cacornermask
public struct CACornerMask: OptionSet {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/cacornermask/layerminxminycorner
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    // https://developer.apple.com/documentation/quartzcore/cacornermask/layermaxxminycorner
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    // https://developer.apple.com/documentation/quartzcore/cacornermask/layerminxmaxycorner
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    // https://developer.apple.com/documentation/quartzcore/cacornermask/layermaxxmaxycorner
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

// https://developer.apple.com/documentation/quartzcore/calayercornercurve
public struct CALayerCornerCurve: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/calayercornercurve/circular
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    // https://developer.apple.com/documentation/quartzcore/calayercornercurve/continuous
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

// https://developer.apple.com/documentation/quartzcore/careplicatorlayer
open class CAReplicatorLayer: CALayer {
    // https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancecount
    open var instanceCount: Int = 1
    // https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancedelay
    open var instanceDelay: CFTimeInterval = 0
    // https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancetransform
    open var instanceTransform: CATransform3D = CATransform3DIdentity
    // https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancecolor
    open var instanceColor: CGColor?
    // https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instanceredoffset
    open var instanceRedOffset: Float = 0
    // https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancegreenoffset
    open var instanceGreenOffset: Float = 0
    // https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instanceblueoffset
    open var instanceBlueOffset: Float = 0
    // https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancealphaoffset
    open var instanceAlphaOffset: Float = 0
    // https://developer.apple.com/documentation/quartzcore/careplicatorlayer/preservesdepth
    open var preservesDepth: Bool = false
}

// https://developer.apple.com/documentation/quartzcore/catransformlayer
open class CATransformLayer: CALayer {}

// https://developer.apple.com/documentation/quartzcore/cagradientlayer
open class CAGradientLayer: CALayer {
    // https://developer.apple.com/documentation/quartzcore/cagradientlayer/colors
    open var colors: [Any]?
    // https://developer.apple.com/documentation/quartzcore/cagradientlayer/locations
    open var locations: [NSNumber]?
    // https://developer.apple.com/documentation/quartzcore/cagradientlayer/startpoint
    open var startPoint: CGPoint = CGPoint(x: 0.5, y: 0)
    // https://developer.apple.com/documentation/quartzcore/cagradientlayer/endpoint
    open var endPoint: CGPoint = CGPoint(x: 0.5, y: 1)
    // https://developer.apple.com/documentation/quartzcore/cagradientlayer/type
    open var type: CAGradientLayerType = .axial
}

// https://developer.apple.com/documentation/quartzcore/cagradientlayertype
public struct CAGradientLayerType: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/cagradientlayertype/axial
    public static let axial = CAGradientLayerType(rawValue: "axial")
    // https://developer.apple.com/documentation/quartzcore/cagradientlayertype/radial
    public static let radial = CAGradientLayerType(rawValue: "radial")
    // https://developer.apple.com/documentation/quartzcore/cagradientlayertype/conic
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

// https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname
public struct CAMediaTimingFunctionName: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/linear
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    // https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/easein
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    // https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/easeout
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    // https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/easeineaseout
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    // https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/default
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

// https://developer.apple.com/documentation/quartzcore/camediatimingfunction
open class CAMediaTimingFunction: NSObject {
    // https://developer.apple.com/documentation/quartzcore/camediatimingfunction/init(name:)
    public convenience init(name: CAMediaTimingFunctionName) { self.init() }
    // https://developer.apple.com/documentation/quartzcore/camediatimingfunction/init(controlpoints:_:_:_:)
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {}
    override init() {}
}

// https://developer.apple.com/documentation/quartzcore/camediatimingfillmode
public struct CAMediaTimingFillMode: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/camediatimingfillmode/removed
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    // https://developer.apple.com/documentation/quartzcore/camediatimingfillmode/forwards
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    // https://developer.apple.com/documentation/quartzcore/camediatimingfillmode/backwards
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    // https://developer.apple.com/documentation/quartzcore/camediatimingfillmode/both
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

// https://developer.apple.com/documentation/quartzcore/camediatiming
public protocol CAMediaTiming {
    // https://developer.apple.com/documentation/quartzcore/camediatiming/begintime
    var beginTime: CFTimeInterval { get set }
    // https://developer.apple.com/documentation/quartzcore/camediatiming/duration
    var duration: CFTimeInterval { get set }
    // https://developer.apple.com/documentation/quartzcore/camediatiming/speed
    var speed: Float { get set }
    // https://developer.apple.com/documentation/quartzcore/camediatiming/timeoffset
    var timeOffset: CFTimeInterval { get set }
    // https://developer.apple.com/documentation/quartzcore/camediatiming/repeatcount
    var repeatCount: Float { get set }
    // https://developer.apple.com/documentation/quartzcore/camediatiming/repeatduration
    var repeatDuration: CFTimeInterval { get set }
    // https://developer.apple.com/documentation/quartzcore/camediatiming/autoreverses
    var autoreverses: Bool { get set }
    // https://developer.apple.com/documentation/quartzcore/camediatiming/fillmode
    var fillMode: CAMediaTimingFillMode { get set }
}

// https://developer.apple.com/documentation/quartzcore/caanimation
open class CAAnimation: NSObject, CAMediaTiming {
    public override init() {}
    // https://developer.apple.com/documentation/quartzcore/caanimation/timingfunction
    open var timingFunction: CAMediaTimingFunction?
    // https://developer.apple.com/documentation/quartzcore/caanimation/isremovedoncompletion
    open var isRemovedOnCompletion: Bool = true
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses: Bool = false
    open var fillMode: CAMediaTimingFillMode = .removed
}

// https://developer.apple.com/documentation/quartzcore/capropertyanimation
open class CAPropertyAnimation: CAAnimation {
    // https://developer.apple.com/documentation/quartzcore/capropertyanimation/init(keypath:)
    public convenience init(keyPath path: String?) { self.init() }
    // https://developer.apple.com/documentation/quartzcore/capropertyanimation/isadditive
    open var isAdditive: Bool = false
    // https://developer.apple.com/documentation/quartzcore/capropertyanimation/iscumulative
    open var isCumulative: Bool = false
}

// https://developer.apple.com/documentation/quartzcore/cabasicanimation
open class CABasicAnimation: CAPropertyAnimation {
    // https://developer.apple.com/documentation/quartzcore/cabasicanimation/fromvalue
    open var fromValue: Any?
    // https://developer.apple.com/documentation/quartzcore/cabasicanimation/tovalue
    open var toValue: Any?
    // https://developer.apple.com/documentation/quartzcore/cabasicanimation/byvalue
    open var byValue: Any?
}

// https://developer.apple.com/documentation/quartzcore/caspringanimation
open class CASpringAnimation: CABasicAnimation {
    // https://developer.apple.com/documentation/quartzcore/caspringanimation/mass
    open var mass: CGFloat = 1
    // https://developer.apple.com/documentation/quartzcore/caspringanimation/stiffness
    open var stiffness: CGFloat = 100
    // https://developer.apple.com/documentation/quartzcore/caspringanimation/damping
    open var damping: CGFloat = 10
    // https://developer.apple.com/documentation/quartzcore/caspringanimation/initialvelocity
    open var initialVelocity: CGFloat = 0
}

// https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode
public struct CAAnimationCalculationMode: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/linear
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    // https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/discrete
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    // https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/paced
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    // https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/cubic
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    // https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/cubicpaced
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

// https://developer.apple.com/documentation/quartzcore/caanimationrotationmode
public struct CAAnimationRotationMode: Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/caanimationrotationmode/rotateauto
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    // https://developer.apple.com/documentation/quartzcore/caanimationrotationmode/rotateautoreverse
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

// https://developer.apple.com/documentation/quartzcore/cakeyframeanimation
open class CAKeyframeAnimation: CAPropertyAnimation {
    // https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/values
    open var values: [Any]?
    // https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/path
    open var path: CGPath?
    // https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/keytimes
    open var keyTimes: [NSNumber]?
    // https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/timingfunctions
    open var timingFunctions: [CAMediaTimingFunction]?
    // https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/calculationmode
    open var calculationMode: CAAnimationCalculationMode = .linear
    // https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/rotationmode
    open var rotationMode: CAAnimationRotationMode?
    // https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/tensionvalues
    open var tensionValues: [NSNumber]?
    // https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/continuityvalues
    open var continuityValues: [NSNumber]?
    // https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/biasvalues
    open var biasValues: [NSNumber]?
}

// https://developer.apple.com/documentation/quartzcore/caanimationgroup
open class CAAnimationGroup: CAAnimation {
    // https://developer.apple.com/documentation/quartzcore/caanimationgroup/animations
    open var animations: [CAAnimation]?
}
