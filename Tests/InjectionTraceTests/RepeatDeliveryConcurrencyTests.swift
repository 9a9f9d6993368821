import Dispatch
import Synchronization
import Testing
@testable import Injection
@testable import InjectionTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Repeats collected from the threads' tables on one thread while a recorder stops on another.
/// A collection takes the counts under the hub's lock and hands them to the folding observers
/// after it; a recorder detached meanwhile must still get them before it writes its `end`
/// (the wiring fuzzer's traced runs, beside other tests' recorders collecting every interval,
/// once counted 4 resolves of a service the run resolved 6 times).
///
/// `make tsan` runs this suite under ThreadSanitizer (its name matches the target's
/// `ConcurrencyTests` filter).
struct RepeatDeliveryConcurrencyTests {
    /// A folding observer that holds the first delivery naming `container` until released: a
    /// collection caught between taking the counts and handing them to the observers after it.
    final class HoldingObserver: ResolutionObserver {
        let container: String
        private let armed = Atomic<Bool>(true)
        let held = Atomic<Bool>(false)
        /// Signalled when a delivery is held, and by the test's collector when it is done.
        let progress = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        init(container: String) { self.container = container }

        func observe(_ event: ResolutionEvent) {}
        var foldsRepeatedResolutions: Bool { true }

        func observeRepeats(_ aggregates: [ResolutionAggregate]) {
            guard aggregates.contains(where: { $0.service.container == container }),
                  armed.exchange(false, ordering: .acquiringAndReleasing) else { return }
            held.store(true, ordering: .releasing)
            progress.signal()
            release.wait()
        }
    }

    /// A recorder attached after a holding observer, so a delivery reaches the holder first:
    /// the repeats of one thread's resolves are collected on a second thread, whose delivery is
    /// held, while a third stops the recorder. The recorder's trace counts every resolve.
    ///
    /// Other tests' observers may switch folding off meanwhile (then the resolves are events
    /// and no delivery is held): the round is repeated until one was held, for up to a minute
    /// (a count of rounds was not enough: under ThreadSanitizer the concurrency suites beside it
    /// kept a non-folding observer attached through 50 quick rounds, once in 19 runs).
    @Test func aRecorderStoppedWhileItsRepeatsAreBeingDeliveredStillWritesThem() throws {
        let resolves = 40
        var heldRounds = 0
        let giveUp = ContinuousClock.now.advanced(by: .seconds(60))
        var round = 0
        while heldRounds == 0, ContinuousClock.now < giveUp {
            defer { round += 1 }
            // A pause between retries of this deadline loop (each round checks its own outcome), not an ordering.
            if round > 0 { usleep(20_000) }
            let name = "repeat-delivery-\(getpid())-\(round)"
            let holder = HoldingObserver(container: name)
            let holding = ResolutionEvents.addObserver(holder)
            let sink = MemoryTraceSink()
            // Never collects on its own interval: the collection under test is the one below.
            let recorder = TraceRecorder(
                sink: sink, header: RecorderConcurrencyTests.header,
                configuration: .init(aggregationInterval: .seconds(3_600), stopTimeout: .seconds(30)))
            recorder.start()
            let container = Container(name: name)
            container.register(scope: .singleton) { "kept" }
            for _ in 0..<resolves { let _: String = container.resolve() }

            let collector = try BackgroundThread {
                ResolutionEvents.collectRepeats()
                holder.progress.signal()
            }
            // Either a delivery naming the container is held (this collector's, or another
            // test's recorder's), or the collector finished without one.
            holder.progress.wait()
            if holder.held.load(ordering: .acquiring) {
                heldRounds += 1
                let stopped = DispatchSemaphore(value: 0)
                let stopperNumber = Atomic<UInt64>(0)
                let stopper = try BackgroundThread {
                    stopperNumber.store(ThreadNumber.current, ordering: .releasing)
                    recorder.stop()
                    stopped.signal()
                }
                // The counts stay held until the stop either ended (and wrote `end`: a stop that
                // does not wait for the delivery in flight) or waits for that delivery to end;
                // a handshake, no timer, so a slow stopper cannot pass as one that waited.
                var stoppedWhileHeld = false, stopWaits = false
                let limit = ContinuousClock.now.advanced(by: .seconds(60))
                while !stoppedWhileHeld, !stopWaits, ContinuousClock.now < limit {
                    stoppedWhileHeld = stopped.wait(timeout: .now()) == .success
                    let number = stopperNumber.load(ordering: .acquiring)
                    stopWaits = number != 0 && EventHub.shared.waitingForDelivery.withLock { $0.contains(number) }
                    if !stoppedWhileHeld, !stopWaits { sched_yield() }
                }
                #expect(stoppedWhileHeld || stopWaits, "round \(round): the stop neither ended nor waited for the delivery")
                holder.release.signal()
                if !stoppedWhileHeld { stopped.wait() }
                stopper.join()
            } else {
                holder.release.signal()
                recorder.stop()
            }
            collector.join()
            holding.cancel()

            let file = try TraceReader.read(bytes: sink.bytes)
            #expect(file.diagnostics == [])
            var created: UInt64 = 0, cached: UInt64 = 0
            for record in file.records {
                switch record {
                case .event(let event):
                    if case .resolved(let resolved) = event.kind, resolved.service.container == name {
                        if resolved.outcome == .created { created += 1 } else { cached += 1 }
                    }
                case .aggregate(let aggregate) where aggregate.service.container == name:
                    if aggregate.outcome == .created { created += aggregate.count } else { cached += aggregate.count }
                default: break
                }
            }
            #expect(created == 1, "round \(round)")
            #expect(cached == UInt64(resolves - 1), "round \(round): the trace lost repeats held in a delivery")
        }
        #expect(heldRounds == 1, "no round's repeats were folded: another test's observer kept folding off")
    }
}
