import Injection
import CNCurses
import Testing
@testable import InjectionInspector

struct KeyDecoderTests {
    @Test(arguments: [(10, false), (13, false), (UInt32(CN_KEY_ENTER), true)])
    func enterArrivesThreeWays(code: UInt32, function: Bool) {
        #expect(KeyDecoder.decode(code: code, isFunctionKey: function) == .enter)
    }

    @Test(arguments: [(8, false), (127, false), (UInt32(CN_KEY_BACKSPACE), true)])
    func backspaceArrivesThreeWays(code: UInt32, function: Bool) {
        #expect(KeyDecoder.decode(code: code, isFunctionKey: function) == .backspace)
    }

    @Test func specialKeys() {
        #expect(KeyDecoder.decode(code: 27, isFunctionKey: false) == .escape)
        #expect(KeyDecoder.decode(code: 9, isFunctionKey: false) == .tab)
        #expect(KeyDecoder.decode(code: UInt32(CN_KEY_NPAGE), isFunctionKey: true) == .pageDown)
        #expect(KeyDecoder.decode(code: UInt32(CN_KEY_PPAGE), isFunctionKey: true) == .pageUp)
        #expect(KeyDecoder.decode(code: UInt32(CN_KEY_UP), isFunctionKey: true) == .up)
        #expect(KeyDecoder.decode(code: UInt32(CN_KEY_RESIZE), isFunctionKey: true) == .resize)
        #expect(KeyDecoder.decode(code: 12, isFunctionKey: false) == .control("l"))
        #expect(KeyDecoder.decode(code: 0x00E9, isFunctionKey: false) == .character("é"))
    }
}

struct ColorModeTests {
    @Test func noColorWinsOverTheTerminal() {
        #expect(ColorMode.choose(colors: 256, noColorFlag: false, environment: ["NO_COLOR": "1"]) == .attributesOnly)
        #expect(ColorMode.choose(colors: 256, noColorFlag: true, environment: [:]) == .attributesOnly)
    }

    @Test func emptyNoColorIsIgnored() {
        #expect(ColorMode.choose(colors: 256, noColorFlag: false, environment: ["NO_COLOR": ""]) == .extended)
        #expect(ColorMode.choose(colors: 8, noColorFlag: false, environment: [:]) == .basic)
        #expect(ColorMode.choose(colors: 0, noColorFlag: false, environment: [:]) == .attributesOnly)
    }

    @Test func everyRoleIsVisibleWithoutColor() {
        for role in Role.allCases where role != .normal && role != .border {
            #expect(!Palette.look(for: role, mode: .attributesOnly).emphasis.isEmpty, "\(role)")
        }
    }
}

struct TerminalProblemTests {
    @Test func messagePointsToHeadlessCommands() {
        let text = TerminalProblem.dumbTerminal("dumb").description
        #expect(text.hasPrefix("di-inspect: the live inspector needs a terminal that can move the cursor, and TERM=dumb cannot."))
        for command in ["di-inspect list", "di-inspect check", "di-inspect export"] { #expect(text.contains(command)) }
        #expect(!text.contains("\u{1B}"))
    }
}

struct LiveFeedTests {
    @Test func producersWakeTheLoop() async throws {
        let wake = try WakePipe()
        let feed = LiveFeed(wake: wake)
        await withTaskGroup(of: Void.self) { group in
            for value in 0..<8 {
                group.addTask { feed.send(.records(connection: value + 1, [.dropped(count: 1, time: UInt64(value))])) }
            }
        }
        #expect(wake.drain())
        let connections = feed.take(maximumRecords: 100).compactMap { update -> Int? in
            if case .records(let connection, _) = update { return connection }
            return nil
        }
        #expect(connections.sorted() == Array(1...8))
        #expect(feed.take(maximumRecords: 100).isEmpty)
        #expect(!wake.drain())
        #expect(feed.status.statistics == LiveIntake.Statistics())
    }
}
