/// Where a resolve runs, in words a developer recognises: whether it runs in a `Task`, and the
/// runtime's thread number (the one events and the inspector's event log carry). Only read on
/// the failure path.
enum RunningPlace {
    /// `on thread 4`, `in a Task on thread 3`.
    static func describe() -> String {
        let inTask = withUnsafeCurrentTask { $0 != nil }
        return (inTask ? "in a Task on thread " : "on thread ") + "\(ThreadNumber.current)"
    }
}
