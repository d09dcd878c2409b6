/// Turns fuzzer bytes into a Lua script (first bytes 0 and 1 mod 4; FuzzTarget sends 2 and 3
/// elsewhere). The first byte picks the form: odd -> the remaining
/// bytes are the script text itself (script loading: the lexer, the parser, the text-only
/// rule); even -> a sequence of binding calls, each template filled with argument values of
/// every type picked by the bytes (the bindings' argument handling). Every call runs under
/// pcall so that one error does not hide the calls after it; then the host samples the scene.
struct FuzzScript {
    let text: String

    static let values: [String] = [
        "0", "1", "-1", "0.5", "2", "3", "60", "1e308", "-1e308", "0/0", "math.huge", "-math.huge",
        "2^53", "1e-300", "1e9", "-0.0", "100000", "nil", "true", "false", "''", "'x'", "'linear'",
        "'easeIn'", "'easeInEaseOut'", "'bounceOut'", "'backOut(2.5)'", "'ease-in-out'",
        "'cubic-bezier(0.1, 0.2, 0.3, 0.4)'", "'cubic-bezier(2, 0, 1, 1)'", "'cubic-bezier(0.1'",
        "'steps(3, jump-none)'", "'steps(0)'", "'linear(0, 0.5 50%, 1)'", "'linear()'", "'#ff0000'",
        "'#gg'", "'red'", "'position'", "'opacity'", "'transform.scale'", "'transform.rotation.z'",
        "'bounds'", "'backgroundColor'", "'bogus'", "string.rep('a', 300)", "{}", "{1, 2, 3}",
        "{0, 0.5, 1}", "{1, 0, 0.5}", "{0/0}", "{'a', {}}", "point(1, 2)", "size(3, 4)",
        "rect(0, 0, 10, 10)", "color(1, 0, 0)", "transform.scale(2)", "path():move(0, 0):line(10, 10)",
        "path():move(0, 0):curve(1, 2, 3, 4, 5, 6):close()", "path()",
        "setmetatable({}, {__index = function() error('index') end})",
        "setmetatable({}, {__tostring = function() error('tostring') end})",
        "function(t) return t end", "function() error({}) end", "function() return 0/0 end",
        "function() return 'x' end", "function() coroutine.yield() end", "timing.easeIn",
        "timing.cubic(0.42, 0, 0.58, 1)", "L", "A", "print",
    ]

    static let templates: [String] = [
        "timing.cubic(%, %, %, %)", "timing.steps(%, %)", "timing.get(%)", "timing.get(%)(%)",
        "timing.reverse(%)", "timing.mirror(%)", "timing.outIn(%)", "timing.easeIn:controlPoint(%)",
        "point(%, %)", "size(%, %)", "rect(%, %, %, %)", "color(%)", "color(%, %, %, %)",
        "transform.rotation(%, %, %, %)", "transform(%)", "path():move(%, %):quad(%, %, %, %)",
        "path():arc(%, %, %, %, %, %)", "L = layer{name = %, opacity = %, position = %}",
        "L = layer{name = 'l', backgroundColor = %, bounds = %}", "L[%] = %", "local _ = L[%]",
        "L:add(%, %)", "L:remove(%)", "L:presentation(%)",
        "A = animation.basic{keyPath = %, from = %, to = %, duration = %, timingFunction = %}",
        "A = animation.basic{keyPath = 'opacity', from = 0, to = 1, repeatCount = %, autoreverses = %, speed = %, fillMode = %}",
        "A = animation.keyframe{keyPath = %, values = %, keyTimes = %, calculationMode = %}",
        "A = animation.keyframe{keyPath = 'position', path = %, rotationMode = %, duration = %}",
        "A = animation.keyframe{keyPath = 'opacity', values = {0, 1, 0}, timingFunctions = {%, %}, tensionValues = %}",
        "A = animation.spring{keyPath = %, from = %, to = %, mass = %, stiffness = %, damping = %}",
        "A = animation.spring{keyPath = 'opacity', from = 0, to = 1, perceptualDuration = %, bounce = %}",
        "A = animation.group{animations = {A, %}, duration = %}", "A = animation.preset(%, %)",
        "L:add(A, %)", "A = animation.basic{keyPath = 'opacity', from = 0, to = 1, onStop = %, onStart = %}",
        "transaction{duration = %, timing = %}(function() L.opacity = % end)",
        "transaction{completion = %}(%)",
        "keyframes.generate{from = %, to = %, duration = %, fps = %, fn = %}",
        "easing.register(%, %)", "easing.get(%)", "scene{fps = %, to = %, from = %}", "scene{cap = %}",
        "local x = A:duration() + %", "tostring(%)", "coroutine.wrap(function() L:add(%) end)()",
    ]

    init(bytes: [UInt8]) {
        guard let first = bytes.first else {
            text = ""
            return
        }
        if first & 1 == 1 {
            text = String(decoding: bytes.dropFirst(), as: UTF8.self)
            return
        }
        var lines = [
            "L = layer{name = 'fuzz', opacity = 0}",
            "A = animation.basic{keyPath = 'opacity', from = 0, to = 1}",
        ]
        var i = 1
        func next() -> Int {
            defer { i += 1 }
            return i < bytes.count ? Int(bytes[i]) : 0
        }
        while i < bytes.count, lines.count < 64 {
            let template = FuzzScript.templates[next() % FuzzScript.templates.count]
            var call = ""
            for ch in template {
                if ch == "%" {
                    call += FuzzScript.values[next() % FuzzScript.values.count]
                } else {
                    call.append(ch)
                }
            }
            lines.append("pcall(function() \(call) end)")
        }
        text = lines.joined(separator: "\n")
    }
}
