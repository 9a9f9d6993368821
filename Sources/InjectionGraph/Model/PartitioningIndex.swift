extension RandomAccessCollection {
    /// The first index whose element belongs in the second partition, in a collection where every
    /// element that does comes after every one that does not (a binary search; `endIndex` when
    /// none does). The one binary search of the graph, the history, the scan and the screens.
    public func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var remaining = count
        while remaining > 0 {
            let half = remaining / 2
            let middle = index(low, offsetBy: half)
            if try belongsInSecondPartition(self[middle]) {
                remaining = half
            } else {
                low = index(after: middle)
                remaining -= half + 1
            }
        }
        return low
    }
}
