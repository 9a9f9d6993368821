extension ResolutionContext {
    /// How the frame at `holderIndex` is taking what it resolves now, when not through its own
    /// factory: a decorator of that frame's instance is running. Only read when a captive is
    /// reported (the failure path).
    func captureRoute(holderAt holderIndex: Int) -> CaptureRoute? {
        guard let decorator = runningDecorator, decorator.holderIndex == holderIndex else { return nil }
        return .decorator(installedAt: SourceLocation(decorator.file, decorator.line))
    }
}
