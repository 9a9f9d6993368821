import Testing
@testable import InjectionGraph

/// The history's append-only storage: chunks, so that nothing ever copies the whole of it.
struct ChunkedArrayTests {
    static let chunk = ChunkedArray<Int>.chunkSize

    @Test func appendsAndIndexesAcrossChunks() {
        var array = ChunkedArray<Int>()
        for value in 0..<(Self.chunk * 2 + 5) { array.append(value) }
        #expect(array.count == 8_197)
        #expect(array[0] == 0 && array[4_095] == 4_095 && array[4_096] == 4_096 && array[8_196] == 8_196)
        #expect(array.last == 8_196)
        #expect(Array(array) == Array(0..<8_197))
    }

    @Test func removingTheFirstElementsFreesOnlyWholeChunks() {
        var array = ChunkedArray<Int>()
        for value in 0..<10_000 { array.append(value) }
        // 5 000 removed: the first chunk (4 096) goes, 904 of the second stay allocated.
        let freed = array.removeFirst(5_000)
        #expect(freed.map(\.count) == [4_096])
        #expect(array.count == 5_000)
        #expect(array.first == 5_000 && array[4_999] == 9_999)
        // Appending goes on where it was.
        array.append(10_000)
        #expect(array[5_000] == 10_000)
        // 3 193 more: the second chunk (its last kept element was 8 191) goes.
        #expect(array.removeFirst(3_192).map(\.count) == [4_096])
        #expect(array.first == 8_192 && array.count == 1_809)
        #expect(array.removeFirst(0).isEmpty)
    }

    @Test func removingEverythingFreesThePartlyUsedChunkToo() {
        var array = ChunkedArray<Int>()
        for value in 0..<5_000 { array.append(value) }
        #expect(array.removeFirst(9_999).map(\.count) == [4_096, 904])
        #expect(array.isEmpty && array.capacity == 0)
        array.append(7)
        #expect(Array(array) == [7])
    }

    @Test func runsCoverARangeInOrderChunkByChunk() {
        var array = ChunkedArray<Int>()
        for value in 0..<10_000 { array.append(value) }
        array.removeFirst(100)
        var runs: [Int] = []
        var seen: [Int] = []
        array.forEachRun(in: 3_000..<9_000) { run in
            runs.append(run.count)
            seen += run
        }
        // Kept element 3 000 is element 3 100 of the chunks: 3 100…4 095, 4 096…8 191, 8 192…9 099.
        #expect(runs == [996, 4_096, 908])
        #expect(seen == Array(3_100..<9_100))
    }
}
