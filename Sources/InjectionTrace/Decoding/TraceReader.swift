#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Injection

/// Reads the trace format (`docs/TRACE_FORMAT.md`) incrementally: from a file in one go, or from
/// a socket as bytes arrive.
///
/// ```swift
/// var reader = TraceReader()
/// var records: [TraceRecord] = []
/// for chunk in chunks {                  // bytes as they arrive, cut anywhere
///     records += reader.feed(chunk)
/// }
/// _ = reader.finish()                    // an incomplete last line is reported as truncated
/// let problems = reader.takeDiagnostics()
/// ```
///
/// Bad lines never stop the reader: each is skipped with a ``TraceDiagnostic`` naming its line
/// (invalid JSON or UTF-8, a line over ``maximumLineLength``, a missing field). Unknown kinds and
/// fields are ignored with a warning (once per kind or field), so a newer app can talk to an
/// older inspector; a header with a newer major version is an error and the records after it
/// are ignored. Each header starts a new stream (a reconnect): `seq` duplicates are checked per
/// stream.
public struct TraceReader {
    /// The longest line accepted; longer ones are skipped with an error.
    public let maximumLineLength: Int
    /// The most recent header read.
    public private(set) var header: TraceHeader?
    /// Diagnostics not yet taken with ``takeDiagnostics()``.
    public private(set) var diagnostics: [TraceDiagnostic] = []
    /// Lines seen so far (including the one in progress once it is complete).
    public private(set) var lineCount = 0
    /// The longest name taken: a line with a longer one is skipped with an error.
    public var maximumNameLength: Int { decoder.maximumNameLength }
    /// What the reader keeps of the values it decoded (identities, locations) to share them
    /// with later lines, in bytes (a live listener bounds it, and counts it in the inspector's
    /// memory budget).
    public var decodedValueBytes: Int { decoder.cacheBytes }
    /// Lines skipped so far because a name in them was longer than ``maximumNameLength``.
    public private(set) var linesWithLongNames = 0

    private var decoder: TraceLineDecoder
    private var partial: [UInt8] = []
    private var skippingLongLine = false
    private var sequences: SequenceTracker
    private var sawFirstLine = false
    /// After a header this reader cannot understand: records are ignored until the next header.
    private var rejected = false
    private var reportedUnknown: Set<String> = []
    /// The diagnostic about the first line when it is not a header this reader accepts.
    private(set) var headerProblem: TraceDiagnostic?

    /// - Parameters:
    ///   - maximumLineLength: Lines longer than this are skipped with an error.
    ///   - sequenceWindow: How many of the latest `seq` numbers are checked for duplicates (a
    ///     bit each, so at most `sequenceWindow / 8` bytes); an older number is not checked.
    ///     A file's reader checks 2^28; a live listener, with hundreds of connections at once,
    ///     checks fewer per connection.
    ///   - maximumNameLength: A line with a name (a service's type, name, container, layer or
    ///     member, a container's or the app's name) longer than this, in bytes, is skipped with
    ///     an error that counts them. A file's reader takes every name whole; a live listener
    ///     takes what a peer sends within a bound.
    ///   - decodedValueLimit: The most the values kept for later lines may hold, in bytes
    ///     (``decodedValueBytes``); a live listener bounds what each connection keeps.
    ///
    /// ```swift
    /// var reader = TraceReader(maximumLineLength: 1 << 16, sequenceWindow: 1 << 16)
    /// ```
    public init(
        maximumLineLength: Int = 1 << 20, sequenceWindow: Int = 1 << 28, maximumNameLength: Int = .max,
        decodedValueLimit: Int = .max
    ) {
        self.maximumLineLength = maximumLineLength
        decoder = TraceLineDecoder(maximumNameLength: maximumNameLength, cacheByteLimit: decodedValueLimit)
        sequences = SequenceTracker(window: UInt64(max(0, sequenceWindow)))
    }

    /// Bytes the duplicate check holds now (at most `sequenceWindow / 8`).
    var sequenceBytes: Int { sequences.bytes }
    var sequenceAllocatedBytes: Int { sequences.allocatedBytes }

    /// Reads every complete line in `bytes` (after any partial line kept from the last call),
    /// keeping an incomplete last line for the next call.
    ///
    /// - Returns: The records read, headers included (a header starts a new stream).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [TraceRecord] {
        var records: [TraceRecord] = []
        feed(bytes) { records.append($0) }
        return records
    }

    /// Like ``feed(_:)-(UnsafeRawBufferPointer)``, handing each record to `body` as soon as it is
    /// read instead of collecting an array: the fastest way in (records are large values).
    ///
    /// ```swift
    /// reader.feed(chunk) { record in records.append(record) }
    /// ```
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ body: (TraceRecord) -> Void) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return }
        let count = bytes.count
        var start = 0
        if !partial.isEmpty || skippingLongLine {
            guard let newline = Self.newline(in: base, from: 0, to: count) else {
                keepPartial(UnsafeBufferPointer(start: base, count: count))
                return
            }
            if skippingLongLine {
                skippingLongLine = false
                lineCount += 1
            } else {
                partial.append(contentsOf: UnsafeBufferPointer(start: base, count: newline))
                if partial.count > maximumLineLength {
                    lineCount += 1
                    reportLongLine()
                } else {
                    let line = partial
                    line.withUnsafeBufferPointer { readLine($0, body) }
                }
            }
            partial.removeAll(keepingCapacity: true)
            start = newline + 1
        }
        while start < count {
            guard let newline = Self.newline(in: base, from: start, to: count) else {
                keepPartial(UnsafeBufferPointer(start: base + start, count: count - start))
                break
            }
            if newline - start > maximumLineLength {
                lineCount += 1
                reportLongLine()
            } else {
                readLine(UnsafeBufferPointer(start: base + start, count: newline - start), body)
            }
            start = newline + 1
        }
    }

    /// ``feed(_:)-(UnsafeRawBufferPointer)`` for an array or `Data`-like collection.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [TraceRecord] {
        if let records = bytes.withContiguousStorageIfAvailable({ feed(UnsafeRawBufferPointer($0)) }) {
            return records
        }
        return Array(bytes).withUnsafeBytes { feed($0) }
    }

    /// Ends the stream: an incomplete last line is reported as truncated (nothing is guessed
    /// from it). The reader can then be reused for a new stream.
    public mutating func finish() -> [TraceRecord] {
        if skippingLongLine {
            skippingLongLine = false
        } else if !partial.isEmpty {
            lineCount += 1
            diagnose(.error, "truncated line: the stream ended after \(partial.count) bytes without a newline; ignored")
        }
        partial.removeAll()
        return []
    }

    /// Returns the diagnostics gathered so far and forgets them.
    public mutating func takeDiagnostics() -> [TraceDiagnostic] {
        defer { diagnostics.removeAll() }
        return diagnostics
    }

    // MARK: - Lines

    private mutating func keepPartial(_ bytes: UnsafeBufferPointer<UInt8>) {
        if skippingLongLine { return }
        partial.append(contentsOf: bytes)
        if partial.count > maximumLineLength {
            // Report it now (a stream may never send the newline) and skip to the next one.
            lineCount += 1
            reportLongLine()
            lineCount -= 1
            partial.removeAll()
            skippingLongLine = true
        }
    }

    private mutating func reportLongLine() {
        diagnose(.error, "line is longer than \(maximumLineLength) bytes; skipped")
        if !sawFirstLine { headerProblem = diagnostics.last }
        sawFirstLine = true
    }

    private mutating func readLine(_ raw: UnsafeBufferPointer<UInt8>, _ emit: (TraceRecord) -> Void) {
        lineCount += 1
        var line = raw
        if let last = line.last, last == UInt8(ascii: "\r") { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
        if Self.isBlank(line) { return }
        let decoded: DecodedTraceLine
        do {
            decoded = try decoder.decode(line)
        } catch {
            var message = error.message
            if error.isNameTooLong {
                linesWithLongNames += 1
                message += " (\(linesWithLongNames) such line\(linesWithLongNames == 1 ? "" : "s") so far)"
            }
            if !sawFirstLine {
                sawFirstLine = true
                diagnose(.error, "expected a di-trace header first, but the line is not valid: \(message)")
                headerProblem = diagnostics.last
                return
            }
            diagnose(.error, message + "; line skipped")
            return
        }
        let isFirst = !sawFirstLine
        sawFirstLine = true
        switch decoded {
        case .header(let header, let format):
            guard format == "di-trace" else {
                rejected = true
                diagnose(.error, "not a di-trace header: \"format\" is \"\(format)\"")
                if isFirst { headerProblem = diagnostics.last }
                return
            }
            guard header.version <= TraceHeader.currentVersion, header.version >= 1 else {
                rejected = true
                diagnose(.error, header.version < 1
                    ? "invalid trace format version \(header.version)"
                    : "trace format version \(header.version) is newer than this reader understands "
                        + "(\(TraceHeader.currentVersion)); update di-inspect")
                if isFirst { headerProblem = diagnostics.last }
                return
            }
            rejected = false
            self.header = header
            sequences.reset()
            warnUnknownFields(kind: "header")
            emit(.header(header))
        case .record(let record, let sequence):
            if isFirst { missingHeader() }
            guard !rejected else { return }
            if let sequence, !sequences.insert(sequence) {
                diagnose(.warning, "duplicate seq \(sequence)")
            }
            if !decoder.unknownFields.isEmpty { warnUnknownFields(kind: record.kindName) }
            emit(record)
        case .unknownKind(let kind):
            if isFirst { missingHeader() }
            if reportedUnknown.insert("kind " + kind).inserted {
                diagnose(.warning, "unknown record kind \"\(kind)\"; ignored (later ones are not reported)")
            }
        }
    }

    private mutating func missingHeader() {
        diagnose(.error, "expected a di-trace header first ({\"format\":\"di-trace\",\"version\":1,…})")
        headerProblem = diagnostics.last
    }

    private mutating func warnUnknownFields(kind: String) {
        for field in decoder.unknownFields where reportedUnknown.insert(kind + "." + field).inserted {
            diagnose(.warning, "unknown field \"\(field)\" in a \"\(kind)\" record; ignored (later ones are not reported)")
        }
    }

    private mutating func diagnose(_ severity: TraceDiagnostic.Severity, _ message: String) {
        // Messages quote values from the trace (a kind, a format): escaped here, once, so no
        // consumer (stderr, the TUI, a report) can print them raw.
        diagnostics.append(TraceDiagnostic(severity, line: lineCount, message.escapingControlCharacters))
    }

    @inline(__always)
    private static func newline(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

extension TraceRecord {
    /// The `kind` the record is written with (`header` for the header).
    var kindName: String {
        switch self {
        case .header: "header"
        case .aggregate: "aggregate"
        case .dropped: "dropped"
        case .end: "end"
        case .event(let event): "\(event.kind.name)"
        }
    }
}
