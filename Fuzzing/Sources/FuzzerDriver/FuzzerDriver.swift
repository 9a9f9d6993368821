/// libFuzzer's own driver entry (its public C API, `FuzzerInterface.h`).
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// Starts libFuzzer on `testOneInput`, from a fuzzer executable's entry point. SwiftPM names an
/// executable module's entry `<Module>_main` and points `main` at it, so libFuzzer's own `main`
/// is never linked and the driver is started here instead; every harness in this package calls
/// this from its `@_cdecl("<Module>_main")` function.
public func runLibFuzzer(
    _ argc: CInt,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    testOneInput: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, testOneInput)
}
