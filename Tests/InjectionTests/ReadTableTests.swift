@testable import Injection
import Testing

/// The table resolves read without the lock (``ReadTable``): what a change replaces, what it
/// leaves alone, and that every key stays reachable as the table grows.
struct ReadTableTests {
    private typealias Node = KeyedEntrySlot<TypeKey>

    /// A new registration's node under `key`, as a register makes it (the entry's own slot).
    private func entry(_ key: TypeKey) -> Node {
        ContainerState.Entry(registration: PlainFactory<Int>({ 1 }, RegistrationFields(
            identitySource: .given(ServiceIdentity(type: "Probe", name: nil, container: "test")), scope: .unique,
            location: SourceLocation(#fileID, #line), isOverride: false, takesArguments: false)), key: key).node(TypeKey.self)
    }

    /// The marker a removal stores.
    private func removal(_ key: TypeKey) -> Node { Node(key: key, registration: nil) }

    private func found(_ table: borrowing ReadTable<Node>, _ key: TypeKey) -> AnyRegistration? {
        table.find(key).map { $0.registration.takeUnretainedValue() }
    }

    private let keys = [Int.self, String.self, Double.self, Bool.self, UInt8.self, Int8.self, UInt16.self,
                        Int16.self, UInt32.self, Int32.self, UInt64.self, Int64.self, Float.self, Character.self,
                        Substring.self, [Int].self, [String].self, [Double].self, [Bool].self, Set<Int>.self]
        .map { TypeKey(ObjectIdentifier($0)) }

    @Test func aNewKeyIsFoundAndReplacesNothing() {
        let table = ReadTable<Node>()
        var retired = Retirement()
        let first = entry(keys[0])
        table.store(first, retiring: &retired)
        #expect(found(table, keys[0]) === first.registration)
        #expect(found(table, keys[1]) == nil)
        #expect(retired.now.isEmpty && retired.later.isEmpty, "an added key waits for no reader")
    }

    @Test func growingKeepsEveryKeyAndRetiresOnlyTheOldBuckets() {
        let table = ReadTable<Node>()
        var retired = Retirement()
        let entries = keys.map { entry($0) }
        for entry in entries { table.store(entry, retiring: &retired) }
        for (key, entry) in zip(keys, entries) { #expect(found(table, key) === entry.registration) }
        // 20 keys at most half full: grown out of the shared empty table (never retired) to
        // ReadTableStorage.smallest (32) buckets, then 64.
        #expect(retired.now.isEmpty)
        #expect(retired.later.count == 1 && retired.later.allSatisfy { $0 is ReadTableStorage })
    }

    @Test func anOverrideSwapsOneNodeAndKeepsTheOthers() {
        let table = ReadTable<Node>()
        var retired = Retirement()
        let old = entry(keys[0]), other = entry(keys[1]), new = entry(keys[0])
        table.store(old, retiring: &retired)
        table.store(other, retiring: &retired)
        table.store(new, retiring: &retired)
        #expect(found(table, keys[0]) === new.registration)
        #expect(found(table, keys[1]) === other.registration)
        // The replaced node keeps no instance: it may wait for a batch.
        #expect(retired.now.isEmpty)
        #expect(retired.later.count == 1 && retired.later.first === old)
    }

    @Test func anOverrideOfAnEntryThatKeepsAnInstanceReleasesItAtOnce() {
        let table = ReadTable<Node>()
        var retired = Retirement()
        let old = entry(keys[0])
        table.store(old, retiring: &retired)
        _ = old.keep(Instance(42), scope: .singleton, replace: false)
        table.store(entry(keys[0]), retiring: &retired)
        #expect(retired.later.isEmpty)
        #expect(retired.now.count == 1 && retired.now.first === old)
    }

    @Test func storingTheSameEntryAgainChangesNothing() {
        let table = ReadTable<Node>()
        var retired = Retirement()
        let same = entry(keys[0])
        table.store(same, retiring: &retired)
        table.store(same, retiring: &retired)
        table.store(removal(keys[5]), retiring: &retired)
        #expect(retired.now.isEmpty && retired.later.isEmpty)
    }

    @Test func aRemovedKeyIsMissingAndCanComeBack() {
        let table = ReadTable<Node>()
        var retired = Retirement()
        for key in keys.prefix(3) { table.store(entry(key), retiring: &retired) }
        table.store(removal(keys[1]), retiring: &retired)
        #expect(found(table, keys[1]) == nil)
        #expect(found(table, keys[0]) != nil && found(table, keys[2]) != nil)
        let back = entry(keys[1])
        table.store(back, retiring: &retired)
        #expect(found(table, keys[1]) === back.registration)
    }

    @Test func replacingTheWholeTableReleasesTheOldOneAtOnce() {
        let table = ReadTable<Node>()
        var retired = Retirement()
        for key in keys.prefix(3) { table.store(entry(key), retiring: &retired) }
        let kept = entry(keys[7])
        table.replaceAll(with: [kept, removal(keys[8])], retiring: &retired)
        #expect(found(table, keys[0]) == nil)
        #expect(found(table, keys[7]) === kept.registration)
        #expect(retired.now.count == 1, "its entries may keep instances, which go with it")
    }
}
