import Injection

/// The listening half of the address: only the tools' ``TraceListener`` binds one.
extension TraceSocketAddress {
    /// Binds and listens (non-blocking, close-on-exec). A unix socket's stale file is removed
    /// first (only if it is a socket) and the new one is made private (mode 0600).
    package func listen(backlog: Int32 = 16) -> Result<Int32, Failure> {
        if case .unix(let path) = self, let problem = PosixIO.removeStaleSocket(path) {
            return .failure(Failure(message: problem))
        }
        return withAddresses { family, address, length in
            let fd = PosixIO.streamSocket(family: family)
            guard fd >= 0 else { return .failure(Failure("socket for", self, PosixIO.lastError)) }
            let (status, call) = PosixIO.bindAndListen(fd, address, length, backlog: backlog)
            guard status == 0 else {
                let code = PosixIO.lastError
                PosixIO.closeDescriptor(fd)
                return .failure(Failure(call, self, code))
            }
            if case .unix(let path) = self { PosixIO.makePrivate(path) }
            return .success(fd)
        }
    }
}
