import CLuaSupport

/// The running executable's path, for the command line to start batch workers from
/// (CLuaSupport's executable.c: /proc/self/exe on Linux, _NSGetExecutablePath on Darwin); nil
/// when the platform cannot tell.
package enum ProcessExecutable {
    package static var path: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = ib_executablepath(&buffer, buffer.count)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
