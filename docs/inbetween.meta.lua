---@meta inbetween
-- LuaLS (lua-language-server) definitions for Inbetween's Lua API. Point your editor at this
-- folder (the repository's .luarc.json does) to get completion and type checks in scripts and
-- plugins. A test checks that every function the host binds is declared here.

-- Values ---------------------------------------------------------------------------------

---@class Point
---@field x number
---@field y number
local Point = {}
---@return number[]
function Point:components() end

---@class Size
---@field width number
---@field height number
local Size = {}
---@return number[]
function Size:components() end

---@class Rect
---@field x number
---@field y number
---@field width number
---@field height number
local Rect = {}
---@return number[]
function Rect:components() end

---@class Color
---@field r number
---@field g number
---@field b number
---@field a number
local Color = {}
---@return number[]
function Color:components() end

---A CATransform3D: 16 numbers, row-major, row-vector convention (translation in m41..m43).
---@class Transform
---@field m number[]
local Transform = {}
---Applies `self` first, then `other` (same as `self * other`).
---@param other Transform
---@return Transform
function Transform:concat(other) end
---@return number[]
function Transform:components() end

---A CGPath-like path built by chaining.
---@class Path
---@field elements table[]
local Path = {}
---@return Path
function Path:move(x, y) end
---@return Path
function Path:line(x, y) end
---@return Path
function Path:quad(cx, cy, x, y) end
---@return Path
function Path:curve(c1x, c1y, c2x, c2y, x, y) end
---CGPathAddArc: angles in radians.
---@return Path
function Path:arc(cx, cy, radius, startAngle, endAngle, clockwise) end
---@return Path
function Path:close() end

---@alias Value number|Point|Size|Rect|Color|Transform|Path|number[]|string

---@param x number
---@param y number
---@return Point
function point(x, y) end

---@return Size
function size(width, height) end

---@return Rect
function rect(x, y, width, height) end

---`color(r, g, b[, a])`, `color("#rrggbb")`, `color("red")` (UIKit's or CSS's named colors: docs/colors.md).
---@param r number|string
---@return Color
function color(r, g, b, a) end

---A new empty path.
---@return Path
function path() end

---@class transformlib
transform = {}
---A transform from 16 numbers (row-major); see also the constructors below.
---@param m number[]
---@return Transform
function transform(m) end
---@return Transform
function transform.identity() end
---@return Transform
function transform.scale(sx, sy, sz) end
---@return Transform
function transform.translation(tx, ty, tz) end
---CATransform3DMakeRotation: about the axis (x, y, z), default z.
---@return Transform
function transform.rotation(angle, x, y, z) end

-- Timing ---------------------------------------------------------------------------------

---A timing function: call it (`tf(x)`) for the output progress.
---@class Timing
---@overload fun(x: number): number
local Timing = {}
---getControlPointAtIndex: 0 = (0, 0), 1 and 2 the control points, 3 = (1, 1).
---@param index integer
---@return Point
function Timing:controlPoint(index) end
---@return string
function Timing:name() end

---Anything a timing function is expected to be: a preset or registered easing name
---(`"easeInEaseOut"`, `"kCAMediaTimingFunctionEaseIn"`, `"ease-in-out"`, `"bounceOut"`,
---`"backOut(2.5)"`), a CSS string (`"cubic-bezier(...)"`, `"steps(4, jump-end)"`,
---`"linear(0, 0.25 75%, 1)"`), a timing object, or a function of t.
---@alias TimingSpec string|Timing|fun(t: number): number

---@class timinglib
---@field linear Timing
---@field easeIn Timing
---@field easeOut Timing
---@field easeInEaseOut Timing
---@field default Timing
timing = {}
---functionWithControlPoints: x1 and x2 must lie in [0, 1].
---@return Timing
function timing.cubic(x1, y1, x2, y2) end
---CSS steps(n, jump-start|jump-end|jump-none|jump-both|start|end).
---@return Timing
function timing.steps(n, position) end
---An easing drawn as SVG path data (`"M0,0 C0.1,0.9 0.2,1 1,1"`), evaluated exactly: any of
---M L H V C S Q T A Z (relative too), the first subpath only. A path not running from x = 0 to
---x = 1 is taken as drawn in SVG's y-down space and normalised as GSAP's CustomEase does;
---`height` and `originY` override that. Four numbers alone are cubic-bezier(x1, y1, x2, y2).
---A segment whose x runs backwards is an error naming it. Also as a string: "path(M0,0 ...)".
---@param data string
---@param options? {height?: number, originY?: number}
---@return Timing
function timing.path(data, options) end
---@param spec TimingSpec
---@return Timing
function timing.get(spec) end
---out from in: 1 - f(1 - t).
---@param spec TimingSpec
---@return Timing
function timing.reverse(spec) end
---in -> inOut.
---@param spec TimingSpec
---@return Timing
function timing.mirror(spec) end
---in -> outIn.
---@param spec TimingSpec
---@return Timing
function timing.outIn(spec) end
---@return string[]
function timing.names() end

---@class easinglib
easing = {}
---Registers a named easing; a name ending in "In" also registers its Out, InOut and OutIn.
---@param name string
---@param fn fun(t: number, ...: number): number
---@param options? {params?: table, variants?: boolean}
function easing.register(name, fn, options) end
---`"name"` or `"name(1.5, 2)"` -> function, or nil.
---@return (fun(t: number): number)|nil
function easing.get(spec) end
---Any timing spec -> something callable.
---@param spec TimingSpec
---@return fun(t: number): number
function easing.resolve(spec) end
---@return string[]
function easing.names() end
---@return {name: string, plugin: string, file: string, params?: table, generated: boolean}|nil
function easing.info(name) end
---@return {name: string, winner: string, winnerFile: string, loser: string, loserFile: string}[]
function easing.clashes() end

---@class keyframeslib
keyframes = {}
---The classic "n = duration * fps keyframes from a function": values at t = i / n.
---@param options {from: Value, to: Value, duration?: number, fps?: number, fn?: TimingSpec, inclusive?: boolean}
---@return Value[] values
---@return number[] keyTimes
function keyframes.generate(options) end

---A registry a script's registrations go into for that script only (plugins fill the shared
---layer below it); `get` returns a copy.
---@class registry
springs = {}
---@param name string
---@param parameters {mass?: number, stiffness?: number, damping?: number, initialVelocity?: number, duration?: number, bounce?: number, source?: string}
function springs.register(name, parameters) end
---@return table|nil
function springs.get(name) end
---@return string[]
function springs.names() end
---@return table|nil
function springs.info(name) end
---@return {name: string, winner: string, winnerFile: string, loser: string, loserFile: string}[]
function springs.clashes() end

---@class presetregistry
presets = {}
---@param name string
---@param animation table a table of animation properties with `type` = "basic"|"keyframe"|"spring"|"group"
function presets.register(name, animation) end
---@return table|nil
function presets.get(name) end
---@return string[]
function presets.names() end
---@return table|nil
function presets.info(name) end
---@return {name: string, winner: string, winnerFile: string, loser: string, loserFile: string}[]
function presets.clashes() end

-- Animations -------------------------------------------------------------------------------

---@class Animation
local Animation = {}
---"basic", "keyframe", "spring" or "group".
---@return string
function Animation:kind() end
---@return string[]
function Animation:keyPaths() end
---The effective duration (0.25 s when unset).
---@return number
function Animation:duration() end
---Spring animations only.
---@return number
function Animation:settlingDuration() end

---@class MediaTimingOptions
---@field beginTime? number seconds after the animation is added
---@field duration? number 0 = 0.25 s (spring: its settling duration; group child: the group's)
---@field speed? number
---@field timeOffset? number
---@field repeatCount? number math.huge repeats forever
---@field repeatDuration? number
---@field autoreverses? boolean
---@field fillMode? "removed"|"forwards"|"backwards"|"both"|string
---@field removedOnCompletion? boolean
---@field onStart? fun()
---@field onStop? fun(finished: boolean)

---@class BasicOptions: MediaTimingOptions
---@field keyPath string
---@field fromValue? Value
---@field toValue? Value
---@field byValue? Value
---@field from? Value
---@field to? Value
---@field by? Value
---@field timingFunction? TimingSpec
---@field timing? TimingSpec
---@field additive? boolean
---@field cumulative? boolean
---@field beginFromCurrentState? boolean start from the layer's presentation value when added (UIKit's option)

---@class KeyframeOptions: MediaTimingOptions
---@field keyPath string
---@field values? Value[]
---@field path? Path
---@field keyTimes? number[]
---@field timingFunctions? TimingSpec[]
---@field calculationMode? "linear"|"discrete"|"paced"|"cubic"|"cubicPaced"|string
---@field rotationMode? "auto"|"autoReverse"|string
---@field tensionValues? number[]
---@field continuityValues? number[]
---@field biasValues? number[]
---@field timingFunction? TimingSpec
---@field timing? TimingSpec
---@field additive? boolean
---@field cumulative? boolean

---@class SpringOptions: MediaTimingOptions
---@field keyPath string
---@field fromValue? Value
---@field toValue? Value
---@field byValue? Value
---@field from? Value
---@field to? Value
---@field by? Value
---@field mass? number
---@field stiffness? number
---@field damping? number
---@field initialVelocity? number
---@field allowsOverdamping? boolean
---@field perceptualDuration? number
---@field bounce? number
---@field dampingRatio? number
---@field response? number
---@field preset? string a name from the springs registry
---@field additive? boolean
---@field cumulative? boolean
---@field beginFromCurrentState? boolean start from the presentation value and, unless initialVelocity is given, with its velocity (÷ the remaining distance, as UIKit)

---@class GroupOptions: MediaTimingOptions
---@field animations Animation[]
---@field timingFunction? TimingSpec
---@field timing? TimingSpec

---@class animationlib
animation = {}
---@param options BasicOptions
---@return Animation
function animation.basic(options) end
---@param options KeyframeOptions
---@return Animation
function animation.keyframe(options) end
---@param options SpringOptions
---@return Animation
function animation.spring(options) end
---@param options GroupOptions
---@return Animation
function animation.group(options) end
---A registered preset with your overrides.
---@return Animation
function animation.preset(name, overrides) end

-- Layers and scenes --------------------------------------------------------------------------

---A layer: read and assign its properties by Core Animation key path (`l.position`,
---`l["transform.scale"]`); inside a transaction an assignment animates implicitly.
---@class Layer
---@field name string
---@field position Point
---@field bounds Rect
---@field opacity number
---@field backgroundColor Color
---@field transform Transform
---@field sublayerTransform Transform applied to the sublayers about this layer's anchor point (m34: perspective)
---@field hidden boolean hides the layer and its sublayers (CALayer's isHidden)
---@field masksToBounds boolean clips the sublayers to the bounds, rounded by cornerRadius
---@field allowsGroupOpacity boolean opacity fades the subtree as one group (default true)
---@field sublayers Layer[] a fresh array of the sublayers, back to front; assigning replaces them
---@field superlayer Layer? nil for a layer of the stage and for one removed from its superlayer (read-only)
---@field contents Image? the image the layer shows (nil: none)
---@field contentsGravity "center"|"top"|"bottom"|"left"|"right"|"topLeft"|"topRight"|"bottomLeft"|"bottomRight"|"resize"|"resizeAspect"|"resizeAspectFill" where the image goes in the bounds (default "resize"; `top` and `bottom` as an iOS layer draws them: `top` against the bottom edge)
---@field contentsRect Rect the part of the image shown, in the unit square (animatable; default 0, 0, 1, 1)
---@field contentsCenter Rect the middle cell of the nine-part grid, in the unit square (animatable)
---@field contentsScale number image pixels per point (animatable; default 1)
---@field minificationFilter "linear"|"nearest"|"trilinear" how the image is sampled when drawn smaller (default "linear")
---@field magnificationFilter "linear"|"nearest"|"trilinear" how the image is sampled when drawn larger ("nearest" for pixel art)
---A layer is a CAMediaTiming object: its local time, which its animations run in (and are
---stamped with when added), is (t - beginTime) * speed + timeOffset of its superlayer's time t
---(the stage's is scene time, `now()`), folded by `duration` (0: never wraps), `repeatCount`,
---`repeatDuration` and `autoreverses`, held outside its active time as `fillMode` says. Set from
---a callback, they act from that event: `speed = 0` pauses the layer and its sublayers (no
---events fire), and QA1673's resume sets `beginTime` to the time spent paused.
---@field beginTime number in the superlayer's time (default 0)
---@field duration number 0 (the default): the layer's time never wraps
---@field speed number nested speeds multiply (default 1; 0 pauses)
---@field timeOffset number
---@field repeatCount number
---@field repeatDuration number
---@field autoreverses boolean
---@field fillMode "removed"|"forwards"|"backwards"|"both"
local Layer = {}
---[parent addSublayer:l]: `l` becomes the last (frontmost) sublayer; adding a sublayer of this
---layer again moves it to the end. A sublayer of another layer must leave it first
---(removeFromSuperlayer); a cycle is an error. Returns `l`.
---@param l Layer
---@return Layer
function Layer:addSublayer(l) end
---insertSublayer:atIndex: / below: / above:. The index counts from 1 (CA's atIndex: 0 is 1 here),
---from 1 to #sublayers + 1; `{below = other}` / `{above = other}` name a sublayer of this layer.
---Returns `l`.
---@param l Layer
---@param where integer|{below?: Layer, above?: Layer}
---@return Layer
function Layer:insertSublayer(l, where) end
---Takes the layer out of its superlayer (or the stage): not drawn, still sampled, until a layer
---adds it again.
function Layer:removeFromSuperlayer() end
---convertPoint:toLayer: / convertPoint:fromLayer: — `p` in this layer's bounds coordinates
---converted to `other`'s (`{to = other}`), or `other`'s converted to this layer's
---(`{from = other}`); `false` for the stage, and no table (or neither key) converts from the
---stage. Through the model values, or the presentation values now with `presentation = true`.
---@param p Point
---@param options? {to?: Layer|false, from?: Layer|false, presentation?: boolean}
---@return Point
function Layer:convert(p, options) end
---addAnimation:forKey: — returns the key (generated when nil).
---@param anim Animation
---@param key? string
---@return string
function Layer:add(anim, key) end
---removeAnimationForKey:
function Layer:remove(key) end
---removeAllAnimations
function Layer:removeAll() end
---The presentation value at the current scene time.
---@return Value
function Layer:presentation(keyPath) end
---@return string[]
function Layer:animationKeys() end
---How fast the presentation value changes now, in units per second, as a value of the same
---kind (a second-order difference that never straddles an animation's start or end).
---@return Value
function Layer:velocity(keyPath) end
---Changes the target in flight keeping the velocity (iOS 8's additive way): the model jumps to
---`newValue` and an additive copy of `anim` (basic or spring: its duration and timing) runs from
---(old model − newValue) to zero on top, while earlier additive animations keep running.
---@param anim Animation
---@return string key
function Layer:retarget(keyPath, newValue, anim) end
---CALayer's convertTime:fromLayer: (`{from = other}`, or no table: from the stage, so QA1673's
---`[layer convertTime:CACurrentMediaTime() fromLayer:nil]` is `l:convertTime(now())`) or
---convertTime:toLayer: (`{to = other}`; `{to = false}` for the stage, since `{to = nil}` is an
---empty table). Active times, (t - beginTime) * speed + timeOffset down the tree, without
---repeats folded; a paused layer's (speed 0) time does not convert back.
---@param t number
---@param options? {from?: Layer|false, to?: Layer|false}
---@return number
function Layer:convertTime(t, options) end

---An image a layer shows as its `contents`.
---@class Image
---@field width number pixels
---@field height number pixels

---`image("ball.png")`: a PNG or JPEG, by its path relative to the script (read only from the
---script's folder and the plugin folders; at most 16,384 pixels a side and 2^26 pixels), decoded
---once per run however many layers show it.
---@param path string
---@return Image
function image(path) end

---`layer{ name = "ball", position = point(150, 32), ... }` with any layer property. Without a
---name a layer is `layer#1`, `layer#2`, ...; that form is reserved, so explicit names never
---collide with automatic ones.
---`sublayers = {a, b}` adds them in order (as addSublayer does). Booleans (`hidden`,
---`masksToBounds`, `allowsGroupOpacity`) are true or false.
---@param properties table
---@return Layer
function layer(properties) end

---@class Replicator: Layer
---@field instanceCount number how many times the sublayers are drawn (default 1)
---@field instanceDelay number seconds each instance's animations start after the previous one's
---@field instanceTransform Transform applied i times to instance i, about the replicator's centre
---@field instanceColor Color multiplies the sublayers' colours (default opaque white)
---@field instanceRedOffset number added to the colour's red at each instance (likewise Green, Blue, Alpha)
---@field instanceGreenOffset number
---@field instanceBlueOffset number
---@field instanceAlphaOffset number
---@field preservesDepth boolean keeps the instances in 3D instead of flattening them

---`gradientLayer{ colors = {"#4f7cff", "#9b5cff"}, locations = {0, 1}, startPoint = point(0, 0.5),
---endPoint = point(1, 0.5), type = "axial" }` (CAGradientLayer): a layer filled with a gradient over
---its background, inside its rounded bounds. `type` is "axial", "radial" (an ellipse centred at
---startPoint, half-axes endPoint - startPoint) or "conic" (around startPoint, from the direction
---of endPoint). `colors` and
---`locations` animate element by element when their counts match; startPoint and endPoint are in
---the bounds' unit space. The other fields are layer{}'s.
---@param properties table
---@return Layer
function gradientLayer(properties) end

---`transformLayer{...}` (CATransformLayer): a layer that keeps its sublayers in 3D rather than
---flattening them into its plane, and draws nothing itself. The same fields as layer{}.
---@param properties table
---@return Layer
function transformLayer(properties) end

---`replicator{...}` (CAReplicatorLayer): draws its sublayers `instanceCount` times, each copy
---through `instanceTransform` once more and `instanceDelay` later. layer{}'s fields and the
---instance properties, which only a replicator has.
---@param properties table
---@return Replicator
function replicator(properties) end

---@class Transaction
---@overload fun(body: fun())

---`transaction{ duration = 1, timingFunction = "easeOut", completion = fn }(function() ... end)`
---@param options {duration?: number, timingFunction?: TimingSpec, timing?: TimingSpec, disableActions?: boolean, completion?: fun()}
---@return Transaction
function transaction(options) end

---How the host samples the script: `return scene{ fps = 60, from = 0, to = 5 }`; `size` is the
---canvas exporters draw on (`scene{ size = size(375, 667) }`: a Lottie file's width and height).
---With `timeline = tl` it also starts that timeline now (0 at the top of a script, the event's
---time in a callback). The timeline is copied: later changes to `tl` do not affect it.
---Without `to`, the run ends at its natural end: the frame at or after the last stop of any
---animation (or the last timeline cue), however late. Only animations that never end
---(`repeatCount = math.huge`) are cut, at `cap` seconds (default `from + 60`), with a warning.
---@param options {fps?: number, from?: number, to?: number, cap?: number, size?: Size, timeline?: Timeline}
---@return table
function scene(options) end

-- Timelines ------------------------------------------------------------------------------------

---Where a child goes (GSAP 3's position parameter): nil = the end so far; a number = that
---time; "+=1" / "-=0.5" from the end; "label", "label+=1", "label-=1" (an unknown label is
---created at the end); "<" / ">" the start / end of the most recently added child, with
---offsets "<0.2", ">-0.1", "<+=0.2"; "<25%" (of the recent child's total duration),
---"+=50%" / "<+=50%" (of the child being inserted).
---@alias Position number|string|nil

---`stagger = 0.1` (each) or a table, following GSAP's `distribute`: distances from `from`
---(Euclidean in a grid, or along one `axis`), normalised, eased by `timingFunction` and spread
---over `amount` (or `each` × (count − 1) in a row, × max(rows, cols) in a grid, × rows or ×
---cols with an axis). `from` = n counts layers from 1; "random" is shuffled by `seed`.
---@class StaggerOptions
---@field each? number seconds between neighbours
---@field amount? number seconds between the first and the last start
---@field from? "start"|"center"|"end"|"edges"|"random"|integer
---@field grid? integer[] {rows, cols}
---@field axis? "x"|"y"
---@field timingFunction? TimingSpec
---@field timing? TimingSpec
---@field seed? integer

---@class TimelineAddOptions
---@field stagger? number|StaggerOptions
---@field key? string the animation key on each layer

---@class TimelineChild
---@field start number in the timeline's time
---@field finish number
---@field kind "animation"|"timeline"|"call"
---@field layer? string

---A sequence placed by positions, compiled into ordinary layer animations when it starts.
---@class Timeline
---@field duration number one iteration: the latest end of a child
---@field totalDuration number with repeats and repeat delays
local Timeline = {}
---Adds `anim` to a layer (or to each of an array of layers, one child per layer, in order,
---spread by `options.stagger`), or nests another timeline: `tl:add(other, position)`.
---@param target Layer|Layer[]|Timeline
---@param anim? Animation|Position
---@param position? Position
---@param options? TimelineAddOptions
---@return Timeline
function Timeline:add(target, anim, position, options) end
---Sets (or moves) a label; no position: the end so far.
---@param name string
---@param position? Position
---@return Timeline
function Timeline:label(name, position) end
---Runs `fn` when the playhead passes `position` (in every iteration).
---@param fn fun()
---@param position? Position
---@return Timeline
function Timeline:call(fn, position) end
---Label name -> time.
---@return table<string, number>
function Timeline:labels() end
---The children in insertion order.
---@return TimelineChild[]
function Timeline:children() end

---`timeline{ defaults = {duration = 0.5, timingFunction = "easeOut"}, repeatCount = 0,
---autoreverses = false, repeatDelay = 0, speed = 1 }`. `defaults` fill the unset duration and
---timing function of the basic and keyframe animations added to it.
---@param options? {defaults?: {duration?: number, timingFunction?: TimingSpec, timing?: TimingSpec}, repeatCount?: integer, autoreverses?: boolean, repeatDelay?: number, speed?: number}
---@return Timeline
function timeline(options) end

---The current scene time in seconds (the event's time inside callbacks): the stage's time, what
---CACurrentMediaTime() is to Core Animation (`l:convertTime(now())` is the layer's time now).
---@return number
function now() end
