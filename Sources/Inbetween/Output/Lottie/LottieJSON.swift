/// A JSON value with its object keys in the order written: Lottie files are read by people as
/// well as players, and `ty`, `nm`, `ks` first reads like the files After Effects' Bodymovin
/// writes. Numbers go through the run's `NumberFormat` (shortest round-trip by default).
package indirect enum LottieJSON {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([LottieJSON])
    case object([(String, LottieJSON)])

    package static func numbers(_ values: [Double]) -> LottieJSON { .array(values.map { .number($0) }) }

    /// Compact JSON; `-0` is written as `0` (some players read `-0` badly, and it means 0).
    package func write(to out: inout [UInt8], numbers format: NumberFormat) {
        switch self {
        case .number(let x): format.append(x == 0 ? 0 : x, to: &out)
        case .string(let s): out.append(contentsOf: jsonString(s).utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out, numbers: format)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: jsonString(key).utf8)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out, numbers: format)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
