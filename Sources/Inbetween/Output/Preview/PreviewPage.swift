/// The preview as one self-contained HTML file: the stage, the controls and the charts, the
/// player's script, and the frames inline (PreviewData). Nothing is fetched from the network;
/// with `--watch` the page also re-loads the sibling data file named in the data's `live`.
package enum PreviewPage {
    /// Everything before the data statement.
    package static func head(title: String) -> [UInt8] {
        var out: [UInt8] = []
        func text(_ s: String) { out.append(contentsOf: s.utf8) }
        text("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        text("<meta name=\"generator\" content=\"inbetween preview\">\n<title>")
        text(escaped(title))
        text(" — inbetween preview</title>\n<style>\n")
        text(PreviewPlayer.style)
        text("\n</style>\n</head>\n<body>\n<div id=\"stage\"></div>\n<div id=\"guides\"></div>\n")
        text("<div id=\"panel\">\n")
        text(PreviewPlayer.controls)
        text("\n</div>\n<script>\n")
        text(PreviewPlayer.script)
        text("\n</script>\n<script>\n")
        return out
    }

    /// Everything after the data statement.
    package static let tail = Array("</script>\n</body>\n</html>\n".utf8)

    /// HTML text: the three characters that could start markup or an entity.
    package static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
