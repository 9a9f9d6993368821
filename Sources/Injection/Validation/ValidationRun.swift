import Synchronization

/// One ``Container/validate(_:)`` pass: the problems found so far and the sandbox
/// that stands in for the real scopes, so validating disturbs no kept instance.
final class ValidationRun: Sendable {
    private static let active = Atomic<Int>(0)

    private let problems = Lock<[ValidationProblem]>([])
    private let sandbox = Lock<[ObjectIdentifier: any AnyObject & Sendable]>([:])

    /// Whether a validation runs on this thread (one atomic load when none runs anywhere).
    static var isActiveOnThisThread: Bool {
        @inline(__always) get { active.load(ordering: .relaxed) > 0 && isActiveOnThisThreadSlowly }
    }

    /// The thread's own answer, out of line: read only while some validation runs.
    @inline(never)
    private static var isActiveOnThisThreadSlowly: Bool { ResolutionContext.current.validation != nil }

    /// ``isActiveOnThisThread`` for a caller that holds the thread's context.
    @inline(__always)
    static func isActive(in context: ResolutionContext) -> Bool {
        active.load(ordering: .relaxed) > 0 && context.validation != nil
    }

    /// Records a problem once: a cycle met again from another of its services (`B → A → B`
    /// after `A → B → A`) is the same cycle.
    func record(_ problem: ValidationProblem) {
        problems.withLock { list in
            if case .cycle(let cycle) = problem {
                let loop = cycle.loopKey
                if list.contains(where: { if case .cycle(let other) = $0 { other.loopKey == loop } else { false } }) { return }
            }
            if !list.contains(problem) { list.append(problem) }
        }
    }

    var recorded: [ValidationProblem] { problems.withLock { $0 } }

    func kept(_ registration: ObjectIdentifier) -> (any AnyObject & Sendable)? {
        sandbox.withLock { $0[registration] }
    }

    func keep(_ registration: ObjectIdentifier, _ instance: any AnyObject & Sendable) {
        sandbox.withLock { $0[registration] = instance }
    }

    /// Builds one registration on a thread of its own, with this run as the thread's
    /// validation context.
    func check(_ body: @escaping @Sendable () throws(ResolutionError) -> Void) {
        ValidationRun.active.add(1, ordering: .relaxed)
        defer { ValidationRun.active.subtract(1, ordering: .relaxed) }
        let job = ValidationJob(run: self, body: body)
        do {
            try BackgroundThread { job.execute() }.join()
        } catch {
            InjectionDiagnostics.trap("validate() could not start its thread (\(error))", file: #fileID, line: #line)
        }
    }

    /// A trapping resolve inside a validation: records the failure and ends the thread, not the
    /// program. It holds no container lock (factories never run under one); what its factories
    /// built is leaked, acceptable for a one-off check.
    func abandonThread(after error: ResolutionError) -> Never {
        record(ValidationProblem(error))
        BackgroundThread.exitCurrent()
    }
}

/// The work a validation thread does.
private final class ValidationJob: Sendable {
    let run: ValidationRun
    let body: @Sendable () throws(ResolutionError) -> Void

    init(run: ValidationRun, body: @escaping @Sendable () throws(ResolutionError) -> Void) {
        self.run = run
        self.body = body
    }

    func execute() {
        ResolutionContext.current.validation = run
        do {
            try body()
        } catch {
            run.record(ValidationProblem(error))
        }
        ResolutionContext.current.validation = nil
    }
}
