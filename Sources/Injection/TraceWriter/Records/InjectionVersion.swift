/// The package's version: `di-inspect --version` prints it and every trace header carries it.
/// Until a tagged release it ends in `-dev` (README, "Add it to your app").
///
/// ```swift
/// print(InjectionVersion.current)  // 0.1.0-dev
/// ```
public enum InjectionVersion {
    /// The package's version (Semantic Versioning).
    public static let current = "0.1.0-dev"
}
