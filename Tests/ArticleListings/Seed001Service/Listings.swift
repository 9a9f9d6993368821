import Injection

// "Dependency Injection in Swift Using Property Wrappers" (seed 001), its listings as they stand.
// Not compiled: the article's own `enum ServiceType`, `ServiceContainer` (its dictionaries,
// `register` and `resolve`) and `@propertyWrapper struct Service` — the library's `Container`,
// `ServiceLifetime` and `@Service` replace them — and the SwiftUI `ContentView`/`App` bodies.

// Scaffolding: the one typealias the article's spelling needs.
typealias ServiceContainer = Container

// Scaffolding: the services the article uses without showing them.
final class ServiceA {}
final class ServiceB {}
final class ServiceC {}
final class TranslationService {
    func translate(key: String, language: String) -> String { "\(key) [\(language)]" }
}
final class UserSettingsService {
    var selectedLanguage = "hr"
}

// Listing: constructor injection, before property wrappers
class ViewModel {
   
   private var servicaA: ServiceA
   private var serviceB: ServiceB
   private var serviceC: ServiceC
   
   init(servicaA: ServiceA, serviceB: ServiceB, serviceC: ServiceC) {
       self.servicaA = servicaA
       self.serviceB = serviceB
       self.serviceC = serviceC
   }
}

// Listing: what the article builds towards
class NewViewModel {
   
   @Service private var servicaA: ServiceA
   @Service private var serviceB: ServiceB
   @Service private var serviceC: ServiceC
   
   init() {
       
   }
}

// Scaffolding: the app the setup extension extends (a SwiftUI `App` in the article, whose
// `init()` calls the setup).
struct ServicesDIApp {
    init() {
        setupServiceContainer()
    }
}

// Listing: registering in the app's initializer
private extension ServicesDIApp {
   
   func setupServiceContainer() {
       ServiceContainer.register(type: ServiceA.self, ServiceA())
       ServiceContainer.register(type: ServiceB.self, ServiceB())
       ServiceContainer.register(type: ServiceC.self, ServiceC())
   }
}

// Listing: services using services
class NetworkService {
   
   func fetchData() {
       // implementation
   }
}

class WeatherDataService {
   
   @Service private var networkService: NetworkService
   
   init() {}
   
   func someMethod() {
       networkService.fetchData()
   }
}

// Listing: services used in method bodies
extension String {
   
   var translated: String {
       @Service var translationService: TranslationService
       @Service var userSettingsService: UserSettingsService
       
       let userLanguage = userSettingsService.selectedLanguage
       
       return translationService.translate(key: self, language: userLanguage)
   }
}

// Scaffolding: the article's wrapper resolves with this call (`ServiceContainer.resolve(type,
// Service.self)`, optional result, unwrapped by a guard); here it is on its own.
func resolveOrFail<Service>(_ type: ServiceLifetime, _ serviceType: Service.Type) -> Service {
       guard let service = ServiceContainer.resolve(type, Service.self) else {
           let serviceName = String(describing: Service.self)
           fatalError("No service of type \(serviceName) registered!")
       }
    return service
}
