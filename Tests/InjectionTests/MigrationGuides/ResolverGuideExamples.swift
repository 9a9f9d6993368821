import Injection
import Synchronization

// Every ```swift block of docs/MIGRATING_FROM_RESOLVER.md is copied here verbatim (the blocks of
// the test trait example are in ResolverGuideTestExample.swift); MigrationGuideTests checks that,
// so the guide's examples are compiled with the test target, and runs them.

// Guide: block
protocol MailFetching { func fetch() -> [String] }
final class MailFetcher: MailFetching { func fetch() -> [String] { ["Welcome"] } }
final class MailStore { var drafts: [String] = [] }
final class InboxViewModel {
    let fetcher: MailFetching
    let store: MailStore
    init(fetcher: MailFetching, store: MailStore) {
        self.fetcher = fetcher
        self.store = store
    }
}

extension Container {
    static func registerAllServices() {
        register { InboxViewModel(fetcher: resolve(), store: resolve()) }
        register { MailFetcher() as MailFetching }
        register { MailStore() }
            .scope(.application)
    }
}

func openInbox() -> (messages: [String], sameStore: Bool, analytics: Bool) {
    Container.registerAllServices()                 // Resolver called registerAllServices for you
    let inbox: InboxViewModel = Container.resolve()
    let fetcher = Container.resolve(MailFetching.self)
    let analytics: MailAnalytics? = Container.optional()
    return (inbox.fetcher.fetch() + fetcher.fetch(), inbox.store === Container.resolve(MailStore.self), analytics != nil)
}
// Guide: end

// Guide: block
final class MailAnalytics {}
final class MailSession {}
final class Composer {
    let recipient: String
    init(recipient: String) { self.recipient = recipient }
}

final class ComposeScreen {
    @Injected var store: MailStore
    @LazyInjected var composer: Composer
    @WeakLazyInjected var session: MailSession?
    @OptionalInjected var analytics: MailAnalytics?

    func open(replyingTo sender: String) -> String {
        $composer.name = .reply                      // set before the first read, as in Resolver
        $composer.args = ["to": sender]
        return composer.recipient
    }
}

extension String {
    static let reply = "reply"                     // Resolver: extension Resolver.Name { static let reply = Self("reply") }
}

func composeReply() -> (recipient: String, sessionWasEmpty: Bool) {
    let app = Container(name: "mail")
    app.register { MailStore() }
    app.register(name: .reply) { _, args in Composer(recipient: args("to")) }
    app.register { MailSession() }
        .scope(.shared)
    return withContainer(app) {
        let screen = ComposeScreen()
        return (screen.open(replyingTo: "ada@example.com"), screen.$session.isEmpty)
    }
}
// Guide: end

// Guide: block
final class MessageEditor {
    let id: Int
    let mode: String
    init(id: Int, mode: String) {
        self.id = id
        self.mode = mode
    }
}

func editMessage() -> (Int, String, String) {
    let app = Container(name: "mail")
    app.register { _, args in MessageEditor(id: args("id"), mode: args.optional("mode") ?? "view") }
    let editing: MessageEditor = app.resolve(args: ["id": 3, "mode": "edit"])
    let viewing: MessageEditor = app.resolve(args: ["id": 4])
    return (editing.id, editing.mode, viewing.mode)
}
// Guide: end

// Guide: block
protocol MailSending { func send(_ text: String) -> String }
protocol MailReceiving { func receive() -> [String] }
final class MailClient: MailSending, MailReceiving {
    var outbox: [String] = []
    func send(_ text: String) -> String { outbox.append(text); return "sent \(outbox.count)" }
    func receive() -> [String] { outbox }
}

extension Scope {
    static let session = Scope.custom("session")   // Resolver: ResolverScopeCache()
}

func sendAndReceive() -> [String] {
    let app = Container(name: "mail")
    app.register { MailClient() }
        .implements(MailSending.self)
        .implements(MailReceiving.self)
        .scope(.session)
    let sender: MailSending = app.resolve()
    _ = sender.send("hello")
    let receiver: MailReceiving = app.resolve()   // the same MailClient: one instance slot
    let before = receiver.receive()
    app.reset(.session)                           // Resolver: ResolverScope.session.reset()
    return before + app.resolve(MailReceiving.self).receive()
}
// Guide: end

// Guide: block
// Resolver's CyclicA → CyclicB → CyclicC, where C points back to A.
final class Conversation { let folder: Folder; init(_ folder: Folder) { self.folder = folder } }
final class Folder { let account: Account; init(_ account: Account) { self.account = account } }
final class Account { weak var conversation: Conversation? }

func linkConversation() -> Bool {
    let app = Container(name: "mail")
    app.register { c in Conversation(c.resolve()) }
        .resolveProperties { c, conversation in
            c.resolve(Account.self).conversation = conversation
        }
    app.register { c in Folder(c.resolve()) }
    app.register { Account() }
        .scope(.graph)
    let conversation: Conversation = app.resolve()
    return conversation.folder.account.conversation === conversation
}
// Guide: end

// Guide: block
func feedURL(_ string: String) -> URLBox? {
    let app = Container(name: "mail")
    app.register { URLBox(string) as URLBox? }
    return app.optional(URLBox.self)             // nil when the factory returns nil
}

struct URLBox {
    let string: String
    init?(_ string: String) {
        guard string.hasPrefix("https://") else { return nil }
        self.string = string
    }
}
// Guide: end

// Guide: block
func mockedInbox() -> [String] {
    let main = Container(name: "main")
    main.register { MailFetcher() as MailFetching }
    main.register { MailStore() }

    // Resolver: static let mock = Resolver(child: main); Resolver.root = mock
    let mock = Container(name: "mock", parent: main)
    mock.register { MockMailFetcher() as MailFetching }

    // Resolver 1.4.3: several containers searched after the main one, in the order added.
    let drafts = Container(name: "drafts")
    drafts.register(name: "draft") { "Unsent draft" }
    main.add(child: drafts)

    return withContainer(mock) {
        Container.resolve(MailFetching.self).fetch() + [Container.resolve(String.self, name: "draft")]
    }
}

final class MockMailFetcher: MailFetching { func fetch() -> [String] { ["Mock mail"] } }
// Guide: end

// Guide: block
final class AuditLog: Sendable {
    let built = Mutex<[String]>([])
}

func decoratedServices() -> [String] {
    let app = Container(name: "mail")
    let log = AuditLog()
    app.decorate { service in log.built.withLock { $0.append("\(type(of: service))") } }
    app.register { MailStore() }
    app.register { MailFetcher() as MailFetching }
    _ = app.resolve(MailStore.self)
    _ = app.resolve(MailFetching.self)
    return log.built.withLock { $0 }
}
// Guide: end
