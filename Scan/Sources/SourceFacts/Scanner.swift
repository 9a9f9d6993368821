import Dispatch
import Foundation
import InjectionScanFacts
import Synchronization

/// A whole scan: walk, read, prefilter, parse and extract on `jobs` threads, and the facts sorted
/// by path, so the output is the same bytes whatever the job count.
public struct Scanner: Sendable {
    public enum Mode: Sendable {
        case full
        /// Read, prefilter and parse the same files, extract nothing.
        case parseOnly
    }

    public let options: ScanOptions
    public static let tool = "di-scan 0.2.0"
    /// Parser threads get a big stack: a debug swift-syntax takes far more stack per nesting level
    /// than a release one, and the nesting limit is the release parser's.
    static let threadStackSize = 512 * 1024 * 1024

    public init(options: ScanOptions) {
        self.options = options
    }

    public struct Result: Sendable {
        public var facts: ScanFacts
        /// Files parsed with every visitor, for declarations only, and not at all (prefiltered).
        public var extracted: Int
        public var declarationsOnly: Int
        public var prefiltered: Int
        /// True when at least one file could be read.
        public var readAny: Bool
        /// Each file's facts line, written on the thread that read the file (the writing is not
        /// left to one thread at the end), in the order of `facts.files`; empty for `parseOnly`.
        public var fileLines: [[UInt8]]

        /// The facts file: the bytes `ScanFactsWriter().encode(facts)` writes.
        public func encoded() -> [UInt8] {
            ScanFactsWriter().encode(facts.header, fileLines: fileLines)
        }
    }

    public func run(mode: Mode = .full) -> Result {
        let root = SourceWalker.root(of: options.paths)
        let walked = SourceWalker(includeTests: options.includeTests).walk(options.paths, root: root)
        let layout = ModuleLayout(configuration: options.configuration)
        let prefilter = Prefilter(configuration: options.configuration)
        let extractor = FileExtractor(defines: options.defines, configuration: options.configuration, maximumNestingLevel: options.maximumNestingLevel)
        let maxFileSize = options.maxFileSize

        // Phase 1: read every file; extract the ones with a word of interest; keep the others'
        // bytes and declared names for phase 2.
        let first = Self.parallelMap(walked, jobs: options.jobs) { entry -> FirstPass in
            var facts = FileFacts(path: entry.relative, isTest: entry.isTest)
            (facts.module, facts.fileID) = layout.fileID(of: entry.relative, absolutePath: entry.absolute)
            if let problem = entry.problem {
                facts.skipped = problem
                return FirstPass(facts: facts, pending: nil, typeNames: [], read: false)
            }
            switch FileSystem.read(entry.absolute, limit: maxFileSize) {
            case .failure(let error):
                facts.skipped = SkipFact(reason: .unreadable, message: "\(entry.relative): \(error.reason)")
                return FirstPass(facts: facts, pending: nil, typeNames: [], read: false)
            case .success(let bytes) where bytes.count > maxFileSize:
                facts.skipped = SkipFact(reason: .tooLarge, message: "\(entry.relative): larger than \(maxFileSize) bytes (--max-file-size); skipped")
                return FirstPass(facts: facts, pending: nil, typeNames: [], read: true)
            case .success(let bytes):
                if let problem = FileExtractor.encodingProblem(with: bytes, path: entry.relative) {
                    facts.skipped = problem
                    return FirstPass(facts: facts, pending: nil, typeNames: [], read: true)
                }
                if prefilter.isInteresting(bytes) {
                    extractor.extract(bytes, into: &facts, depth: mode == .parseOnly ? .parseOnly : .full)
                    return FirstPass(facts: facts, pending: nil, typeNames: facts.skipped == nil ? Prefilter.typeNames(in: bytes) : [], read: true)
                }
                return FirstPass(facts: facts, pending: Pending(bytes: bytes, declared: Prefilter.declaredNames(in: bytes)), typeNames: [], read: true)
            }
        }

        // Phase 2: a file without DI words is parsed (for its declarations) only when it declares
        // a type some DI file names.
        var wanted: Set<String> = []
        for pass in first { wanted.formUnion(pass.typeNames) }
        let wantedNames = wanted
        let writeLines = mode == .full
        let second = Self.parallelMap(first, jobs: options.jobs) { pass -> (FileFacts, Bool?, [UInt8]) in
            var facts = pass.facts
            var parsedForDeclarations: Bool?
            if let pending = pass.pending {
                if pending.declared.contains(where: wantedNames.contains) {
                    extractor.extract(pending.bytes, into: &facts, depth: mode == .parseOnly ? .parseOnly : .declarations)
                    parsedForDeclarations = true
                } else {
                    facts.prefiltered = true
                    parsedForDeclarations = false
                }
            }
            return (facts, parsedForDeclarations, writeLines ? ScanFactsWriter().line(facts) : [])
        }
        // In the order the facts file lists them (the walk's order already, by path).
        let order = second.indices.sorted { second[$0].0.path.utf8.lexicographicallyPrecedes(second[$1].0.path.utf8) }
        let files = order.map { second[$0].0 }
        let fileLines = writeLines ? order.map { second[$0].2 } : []
        let header = ScanFactsHeader(
            root: root, tool: Self.tool, defines: options.defines.sorted(), includeTests: options.includeTests,
            config: options.configurationPath.map { SourceWalker.relative(SourceWalker.absolutePath($0), to: root) }, files: files.count)
        return Result(
            facts: ScanFacts(header: header, files: files),
            extracted: first.count { $0.pending == nil && $0.read && $0.facts.skipped == nil },
            declarationsOnly: second.count { $0.1 == true }, prefiltered: second.count { $0.1 == false },
            readAny: first.contains { $0.read }, fileLines: fileLines)
    }

    struct Pending: Sendable {
        var bytes: [UInt8]
        var declared: [String]
    }

    struct FirstPass: Sendable {
        var facts: FileFacts
        var pending: Pending?
        var typeNames: Set<String>
        var read: Bool
    }

    /// `transform` over `items` on `jobs` threads (the caller's among them), results in order.
    static func parallelMap<Item: Sendable, Output: Sendable>(
        _ items: [Item], jobs: Int, _ transform: @escaping @Sendable (Item) -> Output
    ) -> [Output] {
        let work = SharedWork<Output>(count: items.count)
        let body: @Sendable () -> Void = {
            while true {
                let index = work.next.add(1, ordering: .relaxed).oldValue
                guard index < items.count else { return }
                let output = transform(items[index])
                work.results.withLock { $0[index] = output }
            }
        }
        // Every job runs on a thread of its own with the big stack; the caller waits.
        let done = DispatchGroup()
        for _ in 0..<max(1, min(jobs, items.count)) {
            done.enter()
            let thread = Thread {
                body()
                done.leave()
            }
            thread.stackSize = threadStackSize
            thread.start()
        }
        done.wait()
        return work.results.withLock { results in results.map { $0! } }
    }

    final class SharedWork<Output: Sendable>: Sendable {
        let next = Atomic<Int>(0)
        let results: Mutex<[Output?]>

        init(count: Int) {
            results = Mutex([Output?](repeating: nil, count: count))
        }
    }
}
