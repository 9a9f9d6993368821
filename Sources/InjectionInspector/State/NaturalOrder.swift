/// Names in the order people count: the digits in a name compare as numbers, so `link2` comes
/// before `link10` and `Screen9` before `Screen10` (a plain string order puts `link10` between
/// `link1` and `link2`). Everything else compares as the plain order does (by scalar value, on
/// the UTF-8 bytes), and two names the digits make equal (`a01`, `a1`) fall back to it, so the
/// order stays total.
///
/// ```swift
/// ["link10", "link2", "link1"].sorted(by: NaturalOrder.precedes)  // ["link1", "link2", "link10"]
/// ```
enum NaturalOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        // The bytes where they lie (native strings are UTF-8): a live graph's thousands of
        // services are placed by this comparison, and copying each name into an array cost an
        // allocation per side.
        var (left, right) = (a, b)
        let order = left.withUTF8 { a in right.withUTF8 { b in compare(a, b) } }
        return order != 0 ? order < 0 : a < b
    }

    /// -1, 0 or 1: `a` before, tied with, or after `b`, digit runs compared as numbers.
    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                // The runs without their leading zeros: the longer is the larger number, and
                // runs of one length compare digit by digit.
                var startA = i, startB = j
                while startA < a.count, a[startA] == UInt8(ascii: "0") { startA += 1 }
                while startB < b.count, b[startB] == UInt8(ascii: "0") { startB += 1 }
                var endA = startA, endB = startB
                while endA < a.count, isDigit(a[endA]) { endA += 1 }
                while endB < b.count, isDigit(b[endB]) { endB += 1 }
                if endA - startA != endB - startB { return endA - startA < endB - startB ? -1 : 1 }
                for (x, y) in zip(a[startA..<endA], b[startB..<endB]) where x != y { return x < y ? -1 : 1 }
                i = endA
                j = endB
            } else {
                if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        return i < a.count ? 1 : (j < b.count ? -1 : 0)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
