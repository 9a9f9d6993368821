import Injection

/// Two payment modules an app adds side by side with `add(child:)` (the `shadowed-child` fault,
/// in a file of its own so that the lines other tools point at in Fault.swift stay put): each
/// registers its own fraud check and a checkout that uses it. A factory runs in the container the
/// resolve started in (the app's), so each checkout's `c.resolve()` searches the app's order,
/// where the legacy module, added first, answers both: the payments checkout talks to the legacy
/// backend, and deleting either fraud check would leave one checkout on the other's.
enum PaymentModules {
    static func legacy() -> Container {
        let legacy = Container(name: "legacyPayments")
        legacy.register(scope: .singleton) { FraudCheck(threshold: 10_000) }
        legacy.register { c in LegacyCheckout(fraud: c.resolve()) }
        return legacy
    }

    static func payments() -> Container {
        let payments = Container(name: "payments")
        payments.register(scope: .singleton) { FraudCheck(threshold: 500) }
        payments.register { c in PaymentsCheckout(fraud: c.resolve()) }
        return payments
    }
}

/// The legacy module's checkout: flags amounts over its fraud check's threshold.
final class LegacyCheckout: Sendable {
    let fraud: FraudCheck
    init(fraud: FraudCheck) { self.fraud = fraud }
    func flags(amount: Int) -> Bool { fraud.flags(amount: amount) }
}

/// The payments module's checkout, with the stricter threshold it registers.
final class PaymentsCheckout: Sendable {
    let fraud: FraudCheck
    init(fraud: FraudCheck) { self.fraud = fraud }
    func flags(amount: Int) -> Bool { fraud.flags(amount: amount) }
}
