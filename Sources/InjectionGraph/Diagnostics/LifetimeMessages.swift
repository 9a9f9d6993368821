import Injection

extension ReplacedInstance {
    /// The warning for a replaced instance that long-lived services still hold.
    ///
    /// ```
    /// Replaced instance still held: Session in 'app' (singleton) was replaced by a newSingleton at App/Account.swift:40 after these were built with the old one and kept it; two Session instances are live:
    ///     APIClient in 'app' (singleton), holds instance 1, served from it 12 times
    ///   Fix: rebuild them with it, right before the newSingleton: app.reset(.singleton); or resolve Session where it is used instead of keeping it.
    /// ```
    public var message: String {
        let how = switch cause {
        case .newSingleton: "replaced by a newSingleton"
        case .reset: "reset and built again"
        }
        let at = cause.location.map { " at \($0)" } ?? ""
        let times = count > 1 ? " (\(count) times)" : ""
        let tooLate = holdersWereResetTooLate
        var lines = ["Replaced instance still held: \(service.qualifiedDescription) (\(scope.name)) was \(how)\(at)\(times) "
            + "after these were built with the old one and kept it; two \(service.description) instances "
            + (tooLate ? "were live until their own reset:" : "are live:")]
        for holder in holders {
            var line = "    \(holder.service.qualifiedDescription) (\(holder.scope.name)), holds instance \(instance)"
            if holder.staleUses > 0 {
                line += ", served from it \(holder.staleUses) time\(holder.staleUses == 1 ? "" : "s")"
            }
            if holder.isRebuilt { line += ", rebuilt later" }
            lines.append(line)
        }
        var resets: [String] = []
        for holder in holders {
            let line = "\(OverrideRecord.receiver(holder.service.container)).reset(\(OverrideRecord.literal(holder.scope)))"
            if !resets.contains(line) { resets.append(line) }
        }
        if tooLate, let holdersReset {
            lines += resetTooLateLines(holdersReset)
            return lines.joined(separator: "\n")
        }
        switch cause {
        case .newSingleton:
            lines.append("  Fix: rebuild them with it, right before the newSingleton: \(resets.joined(separator: "; ")); "
                + "or resolve \(service.description) where it is used instead of keeping it.")
        case .reset:
            lines.append("  Fix: rebuild them with it, right after the reset: \(resets.joined(separator: "; ")); "
                + "or resolve \(service.description) where it is used instead of keeping it.")
        }
        return lines.joined(separator: "\n")
    }

    /// What happened and the fix when the holders' own reset came, but after another instance
    /// was built: resetting them again fixes nothing; no resolve may run between the two resets.
    ///
    /// ```
    ///   Their reset (app.reset(.cached) at App/Logout.swift:35) came after it, and in between thread 2 built a new Session.
    ///   Fix: let nothing resolve Session between the two resets: wait for (or stop) the work on thread 2 before app.reset(.custom("session")) at App/Logout.swift:34 and resume it after app.reset(.cached); or resolve Session where it is used instead of keeping it.
    /// ```
    private func resetTooLateLines(_ holdersReset: HoldersReset) -> [String] {
        let theirs = "\(OverrideRecord.receiver(holdersReset.container)).reset(\(OverrideRecord.literal(holdersReset.scope)))"
        let theirsAt = theirs + (holdersReset.location.map { " at \($0)" } ?? "")
        let first = "\(OverrideRecord.receiver(service.container)).reset(\(OverrideRecord.literal(scope)))"
            + (cause.location.map { " at \($0)" } ?? "")
        let what: String
        let fix: String
        // `holdersWereResetTooLate` holds only when the trace names the thread that built it.
        if let rebuilt = rebuiltOnThread, rebuilt != holdersReset.thread {
            what = "thread \(rebuilt) built a new \(service.description)"
            fix = "let nothing resolve \(service.description) between the two resets: wait for (or stop) the work on "
                + "thread \(rebuilt) before \(first) and resume it after \(theirs)"
        } else {
            what = "thread \(holdersReset.thread), the one that resets them, built a new \(service.description)"
            fix = "reset them in the same step, before anything resolves \(service.description): \(theirs) right after \(first)"
        }
        return [
            "  Their reset (\(theirsAt)) came after it, and in between \(what).",
            "  Fix: \(fix); or resolve \(service.description) where it is used instead of keeping it.",
        ]
    }
}

extension UnkeptScope {
    /// The note for a kept scope that never keeps.
    ///
    /// ```
    /// Scope that never keeps: ThumbnailCache in 'app' (shared) was built 200 times and never handed out again (hit 0% of 200 resolves): the weak scope released it 199 times; nothing long-lived holds it (asked for by GalleryViewModel in 'app' (unique)).
    ///   Fix: keep it: scope: .cached at App/Setup.swift:12; or hold it in a long-lived service.
    /// ```
    public var message: String {
        var why: [String] = []
        if released > 0 {
            let askers = requesters.isEmpty ? "app code" : requesters.map { "\($0.service.qualifiedDescription) (\($0.scope.name))" }
                .joined(separator: ", ")
            why.append("the weak scope released it \(released) time\(released == 1 ? "" : "s"); nothing long-lived holds it "
                + "(asked for by \(askers))")
        }
        if resets > 0 {
            why.append("reset before it was reused \(resets) time\(resets == 1 ? "" : "s")"
                + (resetAt.map { " (latest at \($0))" } ?? ""))
        }
        if why.isEmpty { why.append("nothing kept it between resolves") }
        let total = builds.addingSaturated(hits)
        var lines = ["Scope that never keeps: \(service.qualifiedDescription) (\(scope.name)) was built \(builds) times and never "
            + "handed out again (hit \(hitRate)% of \(total) resolves): \(why.joined(separator: "; "))."]
        let at = registeredAt.map { " at \($0)" } ?? ""
        if scope.kind == .shared {
            lines.append("  Fix: keep it: scope: .cached\(at); or hold it in a long-lived service.")
        } else {
            lines.append("  Fix: say it is built each time: scope: .unique\(at); or reset \(OverrideRecord.literal(scope)) "
                + "less often than it is resolved.")
        }
        return lines.joined(separator: "\n")
    }
}

extension CrossContainerResolve {
    /// The warning for a dependency from a container outside the requester's search order.
    ///
    /// ```
    /// Resolved from another container: StraySettingsViewModel in 'app' got AuthSession from 'shared', which no search from 'app' reaches; 'app' registers AuthSession at App/Setup.swift:20, so two AuthSession instances are live.
    ///   Reached by: StraySettingsViewModel's build (registered at App/Setup.swift:31): a plain @Injected or Container.shared resolves from 'shared'.
    ///   Fix: build it in its container: app.register { withContainer(app) { … } } at App/Setup.swift:31; or name the container where it resolves: @Injected(container: app).
    /// ```
    public var message: String {
        let home = requester.container
        let receiver = OverrideRecord.receiver(home)
        let other = service.container == "shared" ? "a plain @Injected or Container.shared resolves from 'shared'"
            : "it resolved from '\(service.container)' by name"
        let expectedAt = expectedRegisteredAt.map { " at \($0)" } ?? ""
        let at = requesterRegisteredAt.map { " at \($0)" } ?? ""
        return [
            "Resolved from another container: \(requester.qualifiedDescription) got \(service.description) from "
                + "'\(service.container)', which no search from '\(home)' reaches; '\(expected.container)' registers "
                + "\(expected.description)\(expectedAt), so two \(service.description) instances are live.",
            "  Reached by: \(requester.description)'s build (registered\(at)): \(other)"
                + (count > 1 ? ", \(count) times." : "."),
            "  Fix: build it in its container: \(receiver).register { withContainer(\(receiver)) { … } }\(at); "
                + "or name the container where it resolves: @Injected(container: \(receiver)).",
        ].joined(separator: "\n")
    }
}
