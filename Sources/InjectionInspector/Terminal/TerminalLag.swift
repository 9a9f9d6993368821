/// How far the terminal fell behind the screen's frames, for the header: frames skipped
/// because the terminal had not yet taken the one before (a starved terminal emulator, a slow
/// link), and when the last was skipped.
///
/// ```swift
/// let lag = TerminalLag(skippedFrames: 12, lastSkipped: .now)
/// lag.isRecent(now: .now)   // true: the header says `terminal behind, 12 frames skipped`
/// ```
struct TerminalLag: Sendable, Hashable {
    /// Frames not sent since the loop started.
    var skippedFrames = 0
    /// When the last frame was skipped.
    var lastSkipped: ContinuousClock.Instant?

    /// How long the header keeps saying so after the last skipped frame.
    static let shownFor: Duration = .seconds(3)

    /// Whether a frame was skipped within ``shownFor`` of `now`.
    func isRecent(now: ContinuousClock.Instant) -> Bool {
        lastSkipped.map { now - $0 < Self.shownFor } ?? false
    }

    /// The header's words: `terminal behind, 12 frames skipped`.
    var summary: String {
        "terminal behind, \(skippedFrames) frame\(skippedFrames == 1 ? "" : "s") skipped"
    }
}
