import Synchronization
import Testing
@testable import Injection

/// A stream that broke costs the lines of the batch that failed; the stream that follows says
/// how many, so a reconnected inspector's `dropped N` is true.
struct ReconnectLossTests {
    /// A sink whose writes fail on cue, keeping what was written per stream.
    final class ScriptedSink: TraceSink {
        struct State {
            var failNextWrite = false
            var open = false
            var streams: [String] = []
        }
        let state = Mutex(State())

        func prepare() -> TraceSinkState {
            state.withLock { state in
                if state.open { return .ready }
                state.open = true
                state.streams.append("")
                return .opened
            }
        }

        func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
            state.withLock { state in
                if state.failNextWrite {
                    state.failNextWrite = false
                    state.open = false
                    return false
                }
                state.streams[state.streams.count - 1] += String(decoding: bytes, as: UTF8.self)
                return true
            }
        }

        func close() {}
        var description: String { "scripted" }
    }

    static let header = TraceHeader(app: "loss-test", pid: 1, startTime: "2026-01-01T00:00:00Z")

    static func resolved(_ sequence: UInt64) -> TraceRecord {
        .event(ResolutionEvent(sequence: sequence, time: sequence, thread: 1, kind: .resolved(Resolved(
            service: ServiceIdentity(type: "S\(sequence)", container: "c"), requester: nil, scope: .unique,
            outcome: .created, source: .factory, durationNanoseconds: 1, depth: 1))))
    }

    @Test func theLinesABrokenStreamCostAreAnnouncedOnTheNextStreamOnce() {
        let sink = ScriptedSink()
        var drain = TraceDrain(sink: sink, header: Self.header, replayLimit: 100)
        drain.write([Self.resolved(1)], aggregates: [], dropped: 0, now: 1)
        sink.state.withLock { $0.failNextWrite = true }
        drain.write((2...4).map(Self.resolved), aggregates: [], dropped: 0, now: 4)
        #expect(drain.linesLost == 3)
        drain.write([Self.resolved(5)], aggregates: [], dropped: 2, now: 5)
        drain.write([Self.resolved(6)], aggregates: [], dropped: 0, now: 6)
        let streams = sink.state.withLock { $0.streams }
        #expect(streams.count == 2)
        #expect(!streams[0].contains(#""kind":"dropped""#))
        // The new stream: its header, the event, and one note for the 3 lost lines and the 2
        // the buffer dropped; nothing more after.
        let notes = streams[1].split(separator: "\n").filter { $0.contains(#""kind":"dropped""#) }
        #expect(notes.count == 1)
        #expect(notes.first?.contains(#""count":5,"#) == true, "\(notes)")
    }
}
