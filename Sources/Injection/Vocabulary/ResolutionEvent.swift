/// One thing that happened in a container, delivered to every `ResolutionObserver` as a value.
///
/// The graph model, the trace and the live inspector are all built from this stream. Each event
/// has a process-wide ``sequence`` (gapless while observers are attached), a monotonic ``time``
/// and the ``thread`` it happened on.
///
/// ```swift
/// let token = ResolutionEvents.addObserver { event in
///     if case .missing(let missing) = event.kind { print(missing.message) }
/// }
/// // … resolve …
/// token.cancel()
/// ```
public struct ResolutionEvent: Sendable {
    /// Process-wide order of events, starting at 1.
    public var sequence: UInt64
    /// Nanoseconds on a monotonic clock since the process's first event.
    public var time: UInt64
    /// A small number for the thread that produced the event (1 is the first thread seen).
    public var thread: UInt64
    /// What happened.
    public var kind: Kind
    /// Set on a resolve inside a build that keeps its instance: that pass is written whole, never
    /// folded (docs/TRACE_FORMAT.md, Folding). Not written to a trace.
    var isInsideKeptBuild = false

    public init(sequence: UInt64, time: UInt64, thread: UInt64, kind: Kind) {
        self.sequence = sequence
        self.time = time
        self.thread = thread
        self.kind = kind
    }

    /// What happened, with everything needed to explain it.
    ///
    /// New kinds are added as the trace format grows: give a `switch` a `default:`.
    public enum Kind: Sendable {
        /// A container was created (the root of a container tree has no parent).
        case containerCreated(ContainerCreated)
        /// A service was registered; ``Registered/replaced`` tells when it overrides another.
        case registered(Registered)
        /// A service was resolved: built anew or taken from a scope's cache.
        case resolved(Resolved)
        /// A resolve found no registration.
        case missing(MissingRegistration)
        /// A resolve would have entered a service that is already being built on this thread.
        case cycle(DependencyCycle)
        /// A long-lived instance captured a short-lived dependency while being built.
        case scopeMismatch(ScopeMismatch)
        /// A keypath mapping was set, reset, or all mappings were reset.
        case mappingChanged(MappingChange)
        /// An override or mapping was set after an instance of the old one was already kept.
        case staleOverride(StaleOverride)
        /// A scope's kept instances were discarded.
        case scopeReset(ScopeReset)
        /// An `optional()` resolve or an `@OptionalInjected` found no registration and gave nil.
        case resolvedToNil(MissingRegistration)
        /// A `@LazyInjected` was read for the first time: an edge taken after its owner's build.
        case lazyResolved(LazyResolution)
        /// A kept instance stopped being the one its scope hands out, other than by a reset or an
        /// override: a `.newSingleton` replaced it, or `.shared` found it released.
        case instanceEnded(InstanceEnded)
        /// A container was released with what it kept (`Container.shared` never is).
        case containerReleased(ContainerReleased)
    }
}

extension ResolutionEvent.Kind {
    /// The name a trace writes in its `kind` field: `resolved`, `missing`, `scopeMismatch`, …
    /// (the reader's `TraceKind.name` repeats it; `TraceSchemaTests` holds the two equal).
    public var name: StaticString {
        switch self {
        case .containerCreated: "containerCreated"
        case .registered: "registered"
        case .resolved: "resolved"
        case .missing: "missing"
        case .cycle: "cycle"
        case .scopeMismatch: "scopeMismatch"
        case .mappingChanged: "mappingChanged"
        case .staleOverride: "staleOverride"
        case .scopeReset: "scopeReset"
        case .resolvedToNil: "resolvedToNil"
        case .lazyResolved: "lazyResolved"
        case .instanceEnded: "instanceEnded"
        case .containerReleased: "containerReleased"
        }
    }
}

/// A container came into being, or was added to another's search with `add(child:)`.
public struct ContainerCreated: Sendable, Hashable {
    public var container: String
    public var parent: String?
    /// Where the container was created, or, for an `add(child:)`, where it was added.
    public var location: SourceLocation
    /// Set for `add(child:)`: the container that now searches this one, after its earlier children.
    public var addedTo: String?

    public init(container: String, parent: String?, location: SourceLocation, addedTo: String? = nil) {
        self.container = container
        self.parent = parent
        self.location = location
        self.addedTo = addedTo
    }
}

/// A container was released: its `deinit` ran and the instances it kept were let go.
public struct ContainerReleased: Sendable, Hashable {
    /// The container's trace name (as in ``ContainerCreated/container``).
    public var container: String

    public init(container: String) {
        self.container = container
    }
}

/// A registration was added to a container.
public struct Registered: Sendable, Hashable {
    public var service: ServiceIdentity
    public var scope: Scope
    /// Where the registration was written.
    public var location: SourceLocation
    /// The registration this one replaced under the same key (an override, last one wins).
    public var replaced: Replaced?
    /// The other keys this registration answers for (`.implements(XYZFetching.self)`).
    public var implements: [ServiceIdentity]

    public struct Replaced: Sendable, Hashable {
        public var service: ServiceIdentity
        public var location: SourceLocation
        public init(service: ServiceIdentity, location: SourceLocation) {
            self.service = service
            self.location = location
        }
    }

    public init(
        service: ServiceIdentity, scope: Scope, location: SourceLocation, replaced: Replaced?,
        implements: [ServiceIdentity] = []
    ) {
        self.service = service
        self.scope = scope
        self.location = location
        self.replaced = replaced
        self.implements = implements
    }
}

/// One resolve that succeeded.
public struct Resolved: Sendable, Hashable {
    /// Whether the instance was built for this resolve or came from a scope's cache.
    public enum Outcome: String, Sendable, Hashable { case created, cached }
    /// What supplied the instance.
    public enum Source: String, Sendable, Hashable {
        /// The registration's factory.
        case factory
        /// A registration that replaced an earlier one, or a task-local override.
        case override
        /// A keypath mapping redirected the request to another provider.
        case mapping
        /// The factory was given arguments at resolve time.
        case argument
    }

    /// The service that answered.
    public var service: ServiceIdentity
    /// The service whose construction asked for this one; nil for a resolve from app code.
    public var requester: ServiceIdentity?
    /// The scope that decided the instance's life (after a per-use `ServiceLifetime`).
    public var scope: Scope
    public var outcome: Outcome
    public var source: Source
    /// Wall time spent in this resolve, including the dependencies it resolved.
    public var durationNanoseconds: UInt64
    /// How deep in the resolution pass (1 for a resolve from app code).
    public var depth: Int
    /// When a mapping redirected the request: the provider that was asked for.
    public var mappedFrom: ServiceIdentity?
    /// Whether the requester resolved this in its `resolveProperties` block (property injection
    /// after construction) rather than in its factory.
    public var isPropertyInjection: Bool

    public init(
        service: ServiceIdentity, requester: ServiceIdentity?, scope: Scope, outcome: Outcome,
        source: Source, durationNanoseconds: UInt64, depth: Int, mappedFrom: ServiceIdentity? = nil,
        isPropertyInjection: Bool = false
    ) {
        self.service = service
        self.requester = requester
        self.scope = scope
        self.outcome = outcome
        self.source = source
        self.durationNanoseconds = durationNanoseconds
        self.depth = depth
        self.mappedFrom = mappedFrom
        self.isPropertyInjection = isPropertyInjection
    }
}

/// A long-lived instance that resolved a unique or graph-scoped dependency while being built,
/// and so keeps it far longer than its scope says: a captive dependency.
public struct ScopeMismatch: Sendable, Hashable {
    public var holder: ServiceIdentity
    public var holderScope: Scope
    public var captive: ServiceIdentity
    public var captiveScope: Scope
    /// How the holder took the captive when not by its factory (a decorator, an argument).
    public var capturedBy: CaptureRoute?
    /// The captive has no stored property, so nothing it keeps can go stale: `check` lists it as
    /// a note. False for older traces.
    public var captiveHoldsNothing: Bool

    public init(
        holder: ServiceIdentity, holderScope: Scope, captive: ServiceIdentity, captiveScope: Scope,
        capturedBy: CaptureRoute? = nil, captiveHoldsNothing: Bool = false
    ) {
        self.holder = holder
        self.holderScope = holderScope
        self.captive = captive
        self.captiveScope = captiveScope
        self.capturedBy = capturedBy
        self.captiveHoldsNothing = captiveHoldsNothing
    }
}

/// How a captive dependency reached its holder outside the holder's factory.
///
/// ```swift
/// if case .scopeMismatch(let mismatch) = event.kind, case .decorator(let installedAt) = mismatch.capturedBy {
///     print("a decorator installed at \(installedAt) resolved \(mismatch.captive)")
/// }
/// ```
public enum CaptureRoute: Sendable, Hashable {
    /// A decorator (`decorate { … }`, installed at the location) resolved it while the holder was
    /// being built.
    case decorator(installedAt: SourceLocation)
    /// It was one of the keyed arguments the holder was built from.
    case argument
}

/// A change to a keypath mapping.
public struct MappingChange: Sendable, Hashable {
    public enum Action: String, Sendable, Hashable { case set, reset, resetAll }
    public var action: Action
    public var container: String
    /// The provider whose requests are redirected (nil for ``Action/resetAll``).
    public var from: ServiceIdentity?
    /// Where they go (nil for a reset).
    public var to: ServiceIdentity?
    public var location: SourceLocation

    public init(action: Action, container: String, from: ServiceIdentity?, to: ServiceIdentity?, location: SourceLocation) {
        self.action = action
        self.container = container
        self.from = from
        self.to = to
        self.location = location
    }
}

/// An override or mapping arrived after the old registration's instance was already kept, so
/// holders of that instance still use the old one.
public struct StaleOverride: Sendable, Hashable {
    /// The registration or provider that was replaced or mapped away.
    public var replaced: ServiceIdentity
    /// What replaces it.
    public var replacement: ServiceIdentity
    public var scope: Scope
    /// Where the override or mapping was set.
    public var location: SourceLocation

    public init(replaced: ServiceIdentity, replacement: ServiceIdentity, scope: Scope, location: SourceLocation) {
        self.replaced = replaced
        self.replacement = replacement
        self.scope = scope
        self.location = location
    }
}

/// A scope's kept instances were discarded: by `Container.reset(_:)`, or because
/// `Container.use(_:)` installed another assembly (then ``assemblyChange`` says which).
public struct ScopeReset: Sendable, Hashable {
    public var container: String
    public var scope: Scope
    /// How many instances were dropped.
    public var discarded: Int
    /// Set when the reset came from an assembly change.
    public var assemblyChange: AssemblyChange?
    /// Where `reset(_:)` was called; nil for an assembly change and in older traces.
    public var location: SourceLocation?

    public init(
        container: String, scope: Scope, discarded: Int, assemblyChange: AssemblyChange? = nil,
        location: SourceLocation? = nil
    ) {
        self.container = container
        self.scope = scope
        self.discarded = discarded
        self.assemblyChange = assemblyChange
        self.location = location
    }
}

/// A kept instance stopped being the one its scope hands out (``ResolutionEvent/Kind/instanceEnded(_:)``).
///
/// With the ``Resolved`` events that built it, the ``ScopeReset``s and the overrides
/// (``Registered/replaced``), it accounts for every kept instance's life.
///
/// ```swift
/// if case .instanceEnded(let ended) = event.kind, ended.reason == .replaced {
///     print("\(ended.service) replaced by a newSingleton at \(ended.location?.description ?? "a keypath resolve")")
/// }
/// ```
public struct InstanceEnded: Sendable, Hashable {
    /// Why the instance stopped being the one handed out.
    public enum Reason: String, Sendable, Hashable {
        /// A `.newSingleton` resolve built a new instance and kept it in its place.
        case replaced
        /// The weak `.shared` scope found it released at the next lookup.
        case released
    }

    /// The registration whose instance it was (its identity names the container that kept it).
    public var service: ServiceIdentity
    /// The scope it was kept under.
    public var scope: Scope
    public var reason: Reason
    /// Where the replacing resolve was written, when it has a line; nil for a release.
    public var location: SourceLocation?

    public init(service: ServiceIdentity, scope: Scope, reason: Reason, location: SourceLocation? = nil) {
        self.service = service
        self.scope = scope
        self.reason = reason
        self.location = location
    }
}

/// `Container.use(_:)` replaced a container's assembly: `LiveLayers → PreviewLayers`.
public struct AssemblyChange: Sendable, Hashable, CustomStringConvertible {
    /// The assembly's type name before the change; nil when there was none.
    public var previous: String?
    /// The assembly's type name now installed.
    public var installed: String
    /// Where `use(_:)` was called.
    public var location: SourceLocation

    public init(previous: String?, installed: String, location: SourceLocation) {
        self.previous = previous
        self.installed = installed
        self.location = location
    }

    public var description: String { "\(previous ?? "no assembly") → \(installed) at \(location)" }
}
