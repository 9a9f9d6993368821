/// The service type chosen where a service is used, rather than where it is registered.
///
/// ```swift
/// final class DeviceViewModel {
///     @Injected(lifetime: .singleton) var bluetooth: BluetoothService   // reuse the kept one, build it once
///     @Injected(lifetime: .newSingleton) var session: Session           // build a new one and keep it
///     @Service(.new) var formatter: PriceFormatter                      // always a fresh one
///     @Service var repository: XYZRepository                            // .automatic: the registration decides
/// }
/// ```
///
/// `singleton` and `newSingleton` share the instance slot that the registration's own scope uses,
/// so a later `.automatic` resolve of a `.cached` or `.singleton` registration sees it; a
/// `newSingleton` of a `.shared` registration also becomes the weak instance its resolves share.
public enum ServiceLifetime: String, Hashable, Sendable, CaseIterable {
    /// Reuse the instance the container keeps for this registration, building it once.
    case singleton
    /// Build a new instance and make it the one the container keeps.
    case newSingleton
    /// Build a new instance and keep nothing.
    case new
    /// Let the registration's ``Scope`` decide.
    case automatic
}
