/// The version of this package, in one place: `di-inspect --version` prints it and every trace
/// header carries it (`"library"`), so a trace says which runtime wrote it.
///
/// There is no tagged release yet: until there is, the version ends in `-dev` and apps depend on
/// the package by branch or revision (see README, "Add it to your app").
///
/// ```swift
/// print(InjectionVersion.current)  // 0.1.0-dev
/// ```
public enum InjectionVersion {
    /// The package's version (Semantic Versioning).
    public static let current = "0.1.0-dev"
}
