import Foundation

/// A JSON string literal.
package func jsonString(_ s: String) -> String {
    // Most strings (paths, names) need no escape: quoted whole, not scalar by scalar, which
    // cost a batch's parent 40 us per job (two paths a job message).
    if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
        return "\"" + s + "\""
    }
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if u.value < 0x20 {
                out += String(format: "\\u%04x", u.value)
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}
