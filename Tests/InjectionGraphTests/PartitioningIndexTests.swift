import InjectionGraph
import InjectionSynthetic
import Testing

/// The one binary search: the first index of the second partition, as a linear scan finds it.
struct PartitioningIndexTests {
    @Test func itFindsWhatALinearScanFinds() {
        var generator = SplitMix64(seed: 0x5EED)
        for length in 0..<40 {
            let sorted = (0..<length).map { _ in Int(generator.next() % 16) }.sorted()
            for pivot in -1...17 {
                let expected = sorted.firstIndex { $0 > pivot } ?? sorted.endIndex
                #expect(sorted.partitioningIndex { $0 > pivot } == expected, "\(sorted) > \(pivot)")
            }
        }
    }

    @Test func aSliceAnswersInItsOwnIndices() {
        let numbers = Array(0..<20)
        let slice = numbers[5..<15]
        #expect(slice.partitioningIndex { $0 >= 9 } == 9)
        #expect(slice.partitioningIndex { _ in true } == 5)
        #expect(slice.partitioningIndex { _ in false } == 15)
        #expect([Int]().partitioningIndex { _ in true } == 0)
    }
}
