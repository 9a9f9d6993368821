import Resolver

struct Options { var defaultScope = "none" }

extension Resolver: ResolverRegistering {
    public static func registerAllServices() {
        Resolver.defaultScope = .application  // #C:qualified
        #if DEBUG
        defaultScope = .cached  // #C:bare
        #endif
        self.defaultScope = .graph  // #C:self
        var options = Options()
        options.defaultScope = "all"  // #C:notAContainer
        _ = options
    }
}
