import ArgumentParser
import Foundation
import Injection
import InjectionTrace
import InjectionGraph
import InjectionInspector

/// `di-inspect listen [--socket PATH | --tcp HOST:PORT]`: wait for apps to connect.
struct ListenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Wait for apps started elsewhere with DI_INSPECT=unix:PATH or DI_INSPECT=tcp:HOST:PORT.",
        discussion: """
            The unix socket (the default) lives in a private folder (mode 0700, socket 0600). TCP \
            binds 127.0.0.1 unless another address is given; an address other machines can reach \
            (0.0.0.0, a LAN address) needs --allow-remote. A TCP listener shows a random token: an \
            app must present it (DI_INSPECT_TOKEN, or DI_INSPECT=tcp:TOKEN@HOST:PORT) before \
            anything it sends is shown; a wrong token is refused and reported.

              $ di-inspect listen --tcp 127.0.0.1:7777
              (Start an app with DI_INSPECT=tcp:127.0.0.1:7777 DI_INSPECT_TOKEN=5f0c…)
              $ DI_INSPECT=tcp:127.0.0.1:7777 DI_INSPECT_TOKEN=5f0c… ./my-app
            """)

    @Option(help: "The unix socket to listen on (default: \(TraceDestination.defaultSocketPath())).")
    var socket: String?

    @Option(help: "Listen on TCP instead: HOST:PORT, or just PORT for 127.0.0.1.")
    var tcp: String?

    @Flag(help: "Allow a TCP address other machines can reach (0.0.0.0, a LAN address): a phone or another computer streaming to this one.")
    var allowRemote = false

    @OptionGroup var live: LiveOptions

    func validate() throws {
        if socket != nil && tcp != nil { throw ValidationError("Give --socket or --tcp, not both.") }
        if let tcp, case let address = try Self.tcpAddress(tcp), !address.isLocalOnly, !allowRemote {
            throw ValidationError(
                "--tcp \(tcp) is reachable from other machines; add --allow-remote to accept apps from them "
                    + "(they must present the token the listener prints), or use 127.0.0.1.")
        }
    }

    func run() throws {
        let address: TraceListener.Address
        if let tcp { address = try Self.tcpAddress(tcp) }
        else { address = .unix(path: socket ?? TraceDestination.defaultSocketPath()) }
        let status = try LiveInspection(
            address: address, launch: nil, noColor: live.noColor, allowingRemote: allowRemote, memoryBudget: live.memoryBudgetBytes
        ).run()
        // The terminal is restored and the launched app ended: the memory's unmapping need not
        // delay the exit (ProcessEnd).
        ProcessEnd.exit(status)
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
