// The event vocabulary (ServiceIdentity, Scope, ResolutionEvent, …) lives in InjectionTrace, the
// trace format's module; `import Injection` brings it along so apps never import it themselves.
@_exported import InjectionTrace
