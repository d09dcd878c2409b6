import Foundation
import InbetweenEngine

/// Springs as curve SPECs: `spring(mass, stiffness, damping, velocity)` with Apple's defaults
/// (1, 100, 10, 0) for the arguments left out, `spring(duration=0.5, bounce=0.3)` (the
/// perceptual form), named physical parameters `spring(stiffness=200, damping=12)`, or a name
/// from the plugins' `springs` registry (`wobbly`, `bouncy`). The physical forms take
/// `allowsOverdamping=true` as the Lua API's `animation.spring{allowsOverdamping = true}` does:
/// a damping ratio above 1 then over-damps instead of being clamped to critical damping (the
/// perceptual form over-damps with a negative bounce already).
package enum SpringSpec {
    static let physicalNames = ["mass", "stiffness", "damping", "initialVelocity"]
    static let perceptualNames = ["duration", "bounce"]
    static let switchName = "allowsOverdamping"

    /// Whether `spec` is written in the `spring(...)` syntax (or is the bare word `spring`).
    package static func isSpringSyntax(_ spec: String) -> Bool {
        let s = spec.trimmingCharacters(in: .whitespaces)
        return s == "spring" || (s.hasPrefix("spring(") && s.hasSuffix(")"))
    }

    package static func parse(_ spec: String) throws -> SpringParameters {
        let s = spec.trimmingCharacters(in: .whitespaces)
        guard s != "spring" else { return try SpringParameters() }
        let inner = s.dropFirst("spring(".count).dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if parts == [""] { return try SpringParameters() }
        var positional: [Double] = []
        var named: [String: Double] = [:]
        var allowsOverdamping: Bool?
        for part in parts {
            let pieces = part.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if pieces.count == 2 && pieces[0] == switchName {
                guard allowsOverdamping == nil else {
                    throw SpecError(spec, "'\(switchName)' is given twice")
                }
                guard let on = ["true": true, "false": false][pieces[1]] else {
                    throw SpecError(spec, "\(switchName) takes true or false, got '\(pieces[1])'")
                }
                allowsOverdamping = on
                continue
            }
            guard let value = Double(pieces.last!), value.isFinite else {
                throw SpecError(spec, "'\(pieces.last!)' is not a finite number")
            }
            if pieces.count == 1 {
                guard named.isEmpty else {
                    throw SpecError(spec, "positional values must come before named ones")
                }
                positional.append(value)
                continue
            }
            let key = pieces[0] == "velocity" ? "initialVelocity" : pieces[0]
            guard (physicalNames + perceptualNames).contains(key) else {
                throw SpecError(
                    spec,
                    "unknown parameter '\(pieces[0])'; valid: \((physicalNames + perceptualNames + [switchName]).joined(separator: ", "))"
                )
            }
            guard named[key] == nil else { throw SpecError(spec, "'\(key)' is given twice") }
            named[key] = value
        }
        guard positional.count <= physicalNames.count else {
            throw SpecError(
                spec, "at most 4 values (mass, stiffness, damping, velocity), got \(positional.count)")
        }
        let perceptual = named.keys.contains { perceptualNames.contains($0) }
        do {
            if perceptual {
                guard allowsOverdamping == nil else {
                    throw SpecError(
                        spec,
                        "\(switchName) belongs to the physical form; the perceptual form over-damps with a negative bounce"
                    )
                }
                guard positional.isEmpty, named.keys.allSatisfy({ perceptualNames.contains($0) }),
                    let duration = named["duration"], let bounce = named["bounce"]
                else {
                    throw SpecError(
                        spec,
                        "the perceptual form takes exactly duration= and bounce=, e.g. spring(duration=0.5, bounce=0.3)"
                    )
                }
                return try SpringParameters(duration: duration, bounce: bounce)
            }
            for (i, value) in positional.enumerated() {
                guard named[physicalNames[i]] == nil else {
                    throw SpecError(spec, "'\(physicalNames[i])' is given twice")
                }
                named[physicalNames[i]] = value
            }
            return try physical(named, allowsOverdamping: allowsOverdamping ?? false)
        } catch let error as EngineError {
            throw SpecError(spec, "\(error)")
        }
    }

    static func physical(_ p: [String: Double], allowsOverdamping: Bool = false) throws -> SpringParameters {
        try SpringParameters.filling(
            mass: p["mass"], stiffness: p["stiffness"], damping: p["damping"],
            initialVelocity: p["initialVelocity"], allowsOverdamping: allowsOverdamping)
    }

    /// A spring the plugins registered (`springs.get(name)`), or nil when there is none.
    package static func registered(_ name: String, in host: CommandHost) throws -> SpringParameters? {
        do {
            return try host.registeredSpring(name)
        } catch let error as EngineError {
            throw SpecError("spring '\(name)'", "\(error)")
        }
    }
}

/// A curve SPEC that cannot be used, worded `SPEC: RULE` (the command line's exit status 1).
package struct SpecError: Error, Hashable, CustomStringConvertible {
    /// The SPEC as given (`spring(1, 100, x)`), or what it named (`spring 'wobbly'`).
    package var spec: String
    /// What is wrong with it.
    package var rule: String

    package init(_ spec: String, _ rule: String) {
        self.spec = spec
        self.rule = rule
    }

    package var description: String { "\(spec): \(rule)" }
}
