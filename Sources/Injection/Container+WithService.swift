extension Container {
    /// Resolves a service and passes it to `body`: `body(resolve(…))`, kept so that code written
    /// against it compiles. In a hot loop, resolve once before the loop and keep the reference.
    ///
    /// ```swift
    /// let metrics = container.resolve(Metrics.self)
    /// for _ in 0..<1_000 { metrics.count(1) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from `body` when omitted.
    ///   - name: The registration name, for named registrations.
    ///   - lifetime: The service type chosen at this use site (``ServiceLifetime``).
    ///   - file: The resolving file, named in a failure's message; leave the default.
    ///   - line: The resolving line, named in a failure's message; leave the default.
    ///   - body: Uses the service.
    /// - Returns: What `body` returns.
    @available(*, deprecated, message: "write body(container.resolve(T.self)); in a hot loop, resolve once before it and keep the reference")
    @inlinable
    public func withService<T, Result, Failure: Error>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        file: StaticString = #fileID, line: UInt = #line, _ body: (T) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(resolve(T.self, name: name, lifetime: lifetime, file: file, line: line))
    }

    /// ``withService(_:name:lifetime:file:line:_:)-swift.method`` on the container resolving on
    /// this thread, else ``shared``: `body(Container.resolve(…))`.
    @available(*, deprecated, message: "write body(Container.resolve(T.self)); in a hot loop, resolve once before it and keep the reference")
    @inlinable
    public static func withService<T, Result, Failure: Error>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        file: StaticString = #fileID, line: UInt = #line, _ body: (T) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(resolve(T.self, name: name, lifetime: lifetime, file: file, line: line))
    }
}
