/// The keypath mappings of one container: requests for one provider answered by another.
struct MappingTable: ~Copyable {
    struct Mapping {
        let target: AnyKeyPath
        let location: SourceLocation
    }
    var mappings: [AnyKeyPath: Mapping] = [:]
}
