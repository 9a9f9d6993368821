/// Keyed arguments written as a dictionary literal, Resolver's spelling: what
/// `resolve(args: ["id": 3, "mode": "edit"])` passes. The factory reads them by key as from any
/// other keyed arguments (``Arguments/get(_:as:file:line:)-(String,_,_,_)``).
///
/// ```swift
/// container.register { _, args in EditorViewModel(id: args("id"), mode: args("mode")) }
/// let editor: EditorViewModel = container.resolve(args: ["id": 3, "mode": "edit"])
/// ```
///
/// The pairs are kept as written: the literal's own array, which lives as long as the resolve
/// does, read where it lies. A dictionary literal given to an `Any` became a `Dictionary`
/// (storage allocated, every key hashed on the way in and again for each read, ~3 100
/// instructions per resolve with two keys, callgrind); copying the pairs out of the array into
/// fields of their own let the compiler keep the array on the stack, but cost a copy and a
/// destroy of every key and value, and measured slower than the allocation that keeping the
/// array takes (DECISIONS.md, session 31). A key is found by comparing it with the few keys
/// given. A key given twice stops the program
/// when it is read, as a dictionary literal with a duplicate key does.
public struct KeyedArguments: ExpressibleByDictionaryLiteral {
    /// The pairs, in the order written.
    @usableFromInline let pairs: [(String, Any)]

    /// The pairs of `["id": 3, "mode": "edit"]`.
    @inlinable @inline(__always)
    public init(dictionaryLiteral elements: (String, Any)...) {
        pairs = elements
    }
}

extension Arguments {
    /// Where the value under `key` of the ``KeyedArguments`` at `address` lies, among its first
    /// four; nil when the key is not among them (a fifth or later key is read by the converting
    /// path). Stops the program when the key was written twice.
    @usableFromInline
    static func keyedEntry(_ key: String, at address: UnsafeRawPointer, file: StaticString, line: UInt) -> UnsafePointer<Any>? {
        // The keys and values are read where they lie in the literal's array (alive for the
        // whole resolve, as the ``KeyedArguments`` holding it is), not copied out pair by pair:
        // a pair read as a tuple (`pairs[0].0`) is copied whole first, through the runtime's
        // tuple witnesses (~120 instructions a pair, callgrind). A `(String, Any)` is laid out
        // as a tuple is: the key at 0, the value after it at its alignment.
        let valueOffset = (MemoryLayout<String>.size + MemoryLayout<Any>.alignment - 1)
            / MemoryLayout<Any>.alignment * MemoryLayout<Any>.alignment
        let stride = MemoryLayout<(String, Any)>.stride
        return address.assumingMemoryBound(to: KeyedArguments.self).pointee.pairs.withUnsafeBufferPointer { buffer in
            guard let start = UnsafeRawPointer(buffer.baseAddress) else { return nil }
            var found = -1
            var matches = 0
            for index in 0..<buffer.count where start.load(fromByteOffset: index * stride, as: String.self) == key {
                matches += 1
                if found < 0 { found = index }
            }
            if matches > 1 {
                InjectionDiagnostics.trap(
                    "Duplicate argument key: \(factory) read \"\(key)\", which the resolve's arguments give \(matches) times. Fix: give each key once.",
                    file: file, line: line)
            }
            guard found >= 0 else { return nil }
            return (start + found * stride + valueOffset).assumingMemoryBound(to: Any.self)
        }
    }
}
