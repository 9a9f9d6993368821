#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `di-inspect.json`: what the sources alone cannot tell the scan.
///
/// ```json
/// {
///   "wrappers": {"Dependency": "eager", "LazyDependency": "lazy"},
///   "registrationHelpers": ["registerService"],
///   "resolveHelpers": ["inject"],
///   "containers": ["AppContainer", "services"],
///   "modules": [{"path": "App", "module": "MyApp"}]
/// }
/// ```
public struct ScanConfiguration: Codable, Sendable, Equatable {
    /// An app's own property wrappers that inject, by name, with their access
    /// (`eager`, `lazy`, `weakLazy`, `optional`).
    public var wrappers: [String: String]
    /// Functions or methods that register (`registerService { X() }`): their calls are
    /// registrations (`form: customHelper`).
    public var registrationHelpers: [String]
    /// Functions or methods that resolve (`inject()`): requests (`form: customHelper`).
    public var resolveHelpers: [String]
    /// Variable or type names that are DI containers though the sources do not say so.
    public var containers: [String]
    /// Module names for folders outside the SwiftPM layout (an Xcode project's targets).
    public var modules: [ModuleFolder]

    public struct ModuleFolder: Codable, Sendable, Equatable {
        /// A folder relative to the scanned root.
        public var path: String
        public var module: String

        public init(path: String, module: String) {
            self.path = path
            self.module = module
        }
    }

    public init(
        wrappers: [String: String] = [:], registrationHelpers: [String] = [], resolveHelpers: [String] = [],
        containers: [String] = [], modules: [ModuleFolder] = []
    ) {
        self.wrappers = wrappers
        self.registrationHelpers = registrationHelpers
        self.resolveHelpers = resolveHelpers
        self.containers = containers
        self.modules = modules
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        wrappers = try container.decodeIfPresent([String: String].self, forKey: .wrappers) ?? [:]
        registrationHelpers = try container.decodeIfPresent([String].self, forKey: .registrationHelpers) ?? []
        resolveHelpers = try container.decodeIfPresent([String].self, forKey: .resolveHelpers) ?? []
        containers = try container.decodeIfPresent([String].self, forKey: .containers) ?? []
        modules = try container.decodeIfPresent([ModuleFolder].self, forKey: .modules) ?? []
        for (name, access) in wrappers where !["eager", "lazy", "weakLazy", "optional"].contains(access) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [CodingKeys.wrappers],
                    debugDescription: "wrapper \(name): access \"\(access)\" is not eager, lazy, weakLazy or optional"))
        }
    }

    /// Reads a configuration file; the error is one line naming the file and what is wrong.
    public static func load(path: String) throws(ScanConfigurationError) -> ScanConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ScanConfigurationError(message: "\(path): cannot be read")
        }
        do {
            return try JSONDecoder().decode(ScanConfiguration.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw ScanConfigurationError(message: "\(path): \(context.debugDescription)")
        } catch {
            throw ScanConfigurationError(message: "\(path): not a di-inspect.json (expected an object with wrappers, registrationHelpers, resolveHelpers, containers, modules)")
        }
    }
}

public struct ScanConfigurationError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
