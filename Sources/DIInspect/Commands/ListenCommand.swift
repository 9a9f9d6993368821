import ArgumentParser
import Foundation
import InjectionTrace
import InjectionGraph

/// `di-inspect listen [--socket PATH | --tcp HOST:PORT]`: wait for apps to connect.
struct ListenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Wait for apps started elsewhere with DI_INSPECT=unix:PATH or DI_INSPECT=tcp:HOST:PORT.",
        discussion: """
            The unix socket (the default) lives in a private folder (mode 0700, socket 0600). TCP \
            binds 127.0.0.1 unless another address is given explicitly; that is how an app on a \
            simulator or device reaches the inspector.

              $ di-inspect listen --tcp 127.0.0.1:7777
              $ DI_INSPECT=tcp:127.0.0.1:7777 ./my-app
            """)

    @Option(help: "The unix socket to listen on (default: \(TraceDestination.defaultSocketPath())).")
    var socket: String?

    @Option(help: "Listen on TCP instead: HOST:PORT, or just PORT for 127.0.0.1.")
    var tcp: String?

    @Flag(help: "Attributes only (bold, reverse, underline); the NO_COLOR variable does the same.")
    var noColor = false

    func validate() throws {
        if socket != nil && tcp != nil { throw ValidationError("Give --socket or --tcp, not both.") }
        if let tcp { _ = try Self.tcpAddress(tcp) }
    }

    func run() throws {
        let address: TraceListener.Address
        if let tcp { address = try Self.tcpAddress(tcp) }
        else { address = .unix(path: socket ?? TraceDestination.defaultSocketPath()) }
        let status = try LiveInspection(address: address, launch: nil, noColor: noColor).run()
        if status != 0 { throw ExitCode(status) }
    }

    /// `HOST:PORT`, `[::1]:PORT` or `PORT` (127.0.0.1).
    static func tcpAddress(_ value: String) throws -> TraceListener.Address {
        let (host, portText): (String, Substring)
        if let colon = value.lastIndex(of: ":") {
            host = String(value[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            portText = value[value.index(after: colon)...]
        } else {
            host = "127.0.0.1"
            portText = Substring(value)
        }
        guard let port = UInt16(portText), !host.isEmpty else {
            throw ValidationError("'\(value)' is not HOST:PORT (for example 127.0.0.1:7777)")
        }
        return .tcp(host: host, port: port)
    }
}
