#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Injection

extension PosixIO {
    /// Every variable of the process environment (`_NSGetEnviron` on Darwin).
    package static func environmentVariables() -> [String: String] {
        #if canImport(Darwin)
        guard let environment = _NSGetEnviron() else { return [:] }
        var pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environment.pointee
        #else
        var pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        #endif
        var result: [String: String] = [:]
        while let entry = pointer?.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer = pointer?.advanced(by: 1)
        }
        return result
    }
}
