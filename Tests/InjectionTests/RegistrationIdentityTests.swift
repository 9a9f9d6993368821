@testable import Injection
import Testing

/// A type-keyed registration makes its ``ServiceIdentity`` when first asked (``IdentitySource``),
/// not when it is registered: what it makes must be what it would have made at once, kept once.
struct RegistrationIdentityTests {
    final class Editor: Sendable {}

    private func registration(_ container: Container, name: String? = nil) throws -> AnyRegistration {
        try #require(container.registration(answering: EntryKey(ObjectIdentifier(Editor.self), name: name)))
    }

    @Test func anIdentityAskedForLaterNamesTheTypeTheNameAndTheContainer() throws {
        let container = Container(name: "identity.later")
        container.register(name: "edit") { Editor() }
        let identity = try registration(container, name: "edit").identity
        #expect(identity == ServiceIdentity(type: "Editor", name: "edit", container: "identity.later"))
        #expect(identity.description == #"Editor (name: "edit")"#)
    }

    @Test func anIdentityIsMadeOnceAndSharedByEveryCopy() throws {
        let container = Container(name: "identity.once")
        container.register { Editor() }
        let entry = try registration(container)
        #expect(entry.identity.storage === entry.identity.storage)
    }

    @Test func aContainerNamedLikeItsParentGivesItsTraceName() throws {
        let parent = Container(name: "identity.app")
        let child = Container(name: "identity.app", parent: parent)
        child.register { Editor() }
        #expect(try registration(child).identity.container == "identity.app#2")
    }

    @Test func anOverrideKeepsTheIdentityItReplaces() throws {
        let container = Container(name: "identity.override")
        container.register { Editor() }
        let first = try registration(container)
        // Not yet made: the override carries the recipe, and makes an equal identity.
        container.register { Editor() }
        let second = try registration(container)
        #expect(second !== first)
        #expect(second.identity == first.identity)
        // Made before the override: the replacement shares it.
        container.register { Editor() }
        let third = try registration(container)
        #expect(third.identity.storage === second.identity.storage)
    }

    @Test func threadsAskingAtOnceGetOneIdentity() async throws {
        for round in 0..<20 {
            let container = Container(name: "identity.race.\(round)")
            container.register { Editor() }
            let entry = try registration(container)
            let storages = await withTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<8 { group.addTask { ObjectIdentifier(entry.identity.storage) } }
                var seen = Set<ObjectIdentifier>()
                for await storage in group { seen.insert(storage) }
                return seen
            }
            #expect(storages.count == 1)
            #expect(entry.identity == ServiceIdentity(type: "Editor", container: "identity.race.\(round)"))
        }
    }

    @Test func removeAllEmptiesWhatResolvesRead() {
        // A new container's tables start without changes to publish; `removeAll` still empties
        // the tables resolves read without the lock.
        let container = Container(name: "identity.removeAll")
        container.register { Editor() }
        let _: Editor = container.resolve()
        container.removeAll()
        #expect(!container.isRegistered(Editor.self))
        #expect(container.optional(Editor.self) == nil)
        container.register { Editor() }
        #expect(container.optional(Editor.self) != nil)
    }
}
