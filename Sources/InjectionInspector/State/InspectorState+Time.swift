import Injection
import InjectionGraph

extension InspectorState {
    /// Whether the time cursor may move: a trace file, a finished or stopped session, or a live
    /// one while paused (live updates would otherwise move the end under the cursor).
    func canScrub(_ model: InspectorModel) -> Bool {
        guard model.history.count > 0 else { return false }
        switch model.connection {
        case .live, .waiting, .replay: return paused
        case .file, .disconnected: return true
        }
    }

    /// Keys while typing a time after `t`; nil when not typing.
    mutating func handleTimeInput(_ key: Key, model: InspectorModel) -> [InspectorEffect]? {
        guard let input = timeInput else { return nil }
        switch key {
        case .character(let character): timeInput = input + String(character)
        case .backspace: timeInput = String(input.dropLast())
        case .escape: timeInput = nil
        case .enter:
            timeInput = nil
            do {
                let time = try TimeQuery(parsing: input).time(end: model.history.endTime)
                moveCursor(to: model.history.count(atOrBefore: time), model: model)
            } catch {
                message = error.description
            }
        default: break
        }
        return []
    }

    /// The time keys: `<` `>` one record, `{` `}` a tenth of the run, `t` a typed time, Home and
    /// End the start and the end. Returns whether the key was one of them.
    mutating func handleTimeKey(_ key: Key, model: InspectorModel) -> Bool {
        let isTimeKey = switch key {
        case .character("<"), .character(">"), .character("{"), .character("}"), .character("t"), .home, .end: true
        default: false
        }
        guard isTimeKey, focus == .list || !(key == .home || key == .end) else { return false }
        guard canScrub(model) else {
            // Home and End keep moving the list when there is no time to move in.
            if key == .home || key == .end { return false }
            message = model.history.count > 0 ? "Pause (p) to move in time"
                : model.graph.isScanOnly ? DeclaredSummary.notRun + ": a scan has no time to move in" : "Nothing recorded yet"
            return true
        }
        let count = model.history.count
        let current = timeCursor ?? count
        let tenth = max(1, count / 10)
        switch key {
        case .character("<"): moveCursor(to: current - 1, model: model)
        case .character(">"): moveCursor(to: current + 1, model: model)
        case .character("{"): moveCursor(to: current - tenth, model: model)
        case .character("}"): moveCursor(to: current + tenth, model: model)
        case .home: moveCursor(to: 0, model: model)
        case .end: moveCursor(to: count, model: model)
        default: timeInput = ""
        }
        return true
    }

    /// Puts the cursor after `count` records (the end clears it).
    mutating func moveCursor(to count: Int, model: InspectorModel) {
        let total = model.history.count
        let clamped = min(max(0, count), total)
        timeCursor = clamped >= total ? nil : clamped
        detailScroll = 0
        let time = Format.duration(model.history.time(through: clamped))
        message = timeCursor == nil ? "At the end (\(total) records, \(time))" : "As of +\(time), record \(clamped) of \(total)"
    }
}

/// A time typed after `t`: `+2.5s` or `2.5s` from the start, `-1s` before the end; units `ns`,
/// `us`/`µs`, `ms`, `s` (the default) and `m`.
///
/// ```swift
/// try TimeQuery(parsing: "+250ms").time(end: 3_000_000_000)  // 250_000_000
/// try TimeQuery(parsing: "-1s").time(end: 3_000_000_000)     // 2_000_000_000
/// ```
struct TimeQuery: Sendable, Hashable {
    /// Nanoseconds from the start, or before the end when ``fromEnd``.
    let nanoseconds: UInt64
    let fromEnd: Bool

    init(parsing text: String) throws(TimeQueryError) {
        var rest = Substring(text.trimmingCharacters(in: " "))
        fromEnd = rest.first == "-"
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let number = rest.prefix { $0.isNumber || $0 == "." }
        let unit = rest.dropFirst(number.count).trimmingCharacters(in: " ")
        let scale: Double
        switch unit {
        case "ns": scale = 1
        case "us", "µs": scale = 1_000
        case "ms": scale = 1_000_000
        case "", "s": scale = 1_000_000_000
        case "m", "min": scale = 60_000_000_000
        default: throw TimeQueryError(text: text)
        }
        guard let value = Double(number), value >= 0, value * scale < 1.8e19 else { throw TimeQueryError(text: text) }
        nanoseconds = UInt64(value * scale)
    }

    /// The time from the start for a run ending at `end`.
    func time(end: UInt64) -> UInt64 {
        fromEnd ? end - min(end, nanoseconds) : nanoseconds
    }
}

/// A time that does not read as one.
struct TimeQueryError: Error, CustomStringConvertible, Sendable {
    let text: String
    var description: String { "Not a time: \(text) (try +2.5s, 250ms or -1s)" }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String { String(self).trimmingCharacters(in: set) }
}

extension InspectorState {
    /// `v` switches the Layers screen between diagram and list; Enter on an arrow lists its
    /// edges. Returns whether the key was handled.
    mutating func handleLayersKey(_ key: Key, model: InspectorModel) -> Bool {
        switch key {
        case .character("v"):
            layersAsList.toggle()
            message = layersAsList ? "Layers as a list (v: diagram)" : "Layers as a diagram (v: list)"
            return true
        case .enter:
            guard let item = selectedItem, item.id.hasPrefix(LayersView.arrowPrefix) else { return false }
            let target = Route.crossing(String(item.id.dropFirst(LayersView.arrowPrefix.count)))
            breadcrumb.append(route)
            route = target
            focus = .list
            detailScroll = 0
            return true
        default:
            return false
        }
    }
}
