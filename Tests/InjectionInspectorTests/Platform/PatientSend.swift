#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends everything on a socket for tests that play a peer: waits while the other end drains
/// it, up to `patience` without progress (a loaded machine's listener may decode one long line
/// for seconds, where the runtime's own write gives up after one). Never raises SIGPIPE.
enum PatientSend {
    static func sendAll(_ fd: Int32, _ bytes: [UInt8], patience: Duration = .seconds(60)) -> Bool {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            var deadline = ContinuousClock.now + patience
            while offset < buffer.count {
                let written = send(fd, buffer.baseAddress! + offset, buffer.count - offset, flags)
                if written > 0 {
                    offset += written
                    deadline = ContinuousClock.now + patience
                    continue
                }
                guard written < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline
                else { return false }
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, 100)
            }
            return true
        }
    }
}
