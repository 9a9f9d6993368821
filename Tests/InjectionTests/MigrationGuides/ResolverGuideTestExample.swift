import Injection

// The test block of docs/MIGRATING_FROM_RESOLVER.md, verbatim: a real test.

// Guide: block
import Testing
import InjectionTesting

@Test(.container { $0.register { MockMailFetcher() as MailFetching } })
func inboxShowsMockMail() {
    #expect(Container.resolve(MailFetching.self).fetch() == ["Mock mail"])
}
// Guide: end
