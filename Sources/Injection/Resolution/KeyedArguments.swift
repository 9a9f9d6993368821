/// Keyed arguments written as a dictionary literal, Resolver's spelling: what
/// `resolve(args: ["id": 3, "mode": "edit"])` passes. The factory reads them by key as from any
/// other keyed arguments (``Arguments/get(_:as:file:line:)-(String,_,_,_)``).
///
/// ```swift
/// container.register { _, args in EditorViewModel(id: args("id"), mode: args("mode")) }
/// let editor: EditorViewModel = container.resolve(args: ["id": 3, "mode": "edit"])
/// ```
///
/// The pairs are kept as written, the first four where the call makes them (a dictionary
/// literal given to an `Any` became a `Dictionary`: storage allocated, every key hashed on the
/// way in and again for each read, ~3 100 instructions per resolve with two keys, callgrind).
/// A key is found by comparing it with the few keys given. A key given twice stops the program
/// when it is read, as a dictionary literal with a duplicate key does.
public struct KeyedArguments: ExpressibleByDictionaryLiteral {
    /// The first four keys; "" past ``count``.
    @usableFromInline let keys: (String, String, String, String)
    /// The first four values; nil past ``count`` (an empty optional is copied and destroyed
    /// without a call, a placeholder value through its type's value witnesses).
    @usableFromInline let values: (Any?, Any?, Any?, Any?)
    /// The pairs after the fourth.
    @usableFromInline let overflow: [(String, Any)]
    /// How many pairs were written.
    @usableFromInline let count: Int

    /// The pairs of `["id": 3, "mode": "edit"]`. Inlined where the literal is written: its array
    /// is then only read there, and the compiler keeps it off the heap.
    @inlinable @inline(__always)
    public init(dictionaryLiteral elements: (String, Any)...) {
        let count = elements.count
        self.count = count
        // Each key and value copied out where it lies in the literal's storage: a pair read as
        // a tuple (`elements[0].0`) was copied whole first, through the runtime's tuple witnesses
        // (~120 instructions a pair, callgrind). A `(String, Any)` is laid out as a tuple is: the
        // key at 0, the value after it at its alignment.
        let valueOffset = (MemoryLayout<String>.size + MemoryLayout<Any>.alignment - 1)
            / MemoryLayout<Any>.alignment * MemoryLayout<Any>.alignment
        let stride = MemoryLayout<(String, Any)>.stride
        (keys, values) = elements.withUnsafeBufferPointer { pairs in
            let start = UnsafeRawPointer(pairs.baseAddress)
            func key(_ index: Int) -> String {
                index < count ? start.unsafelyUnwrapped.load(fromByteOffset: index * stride, as: String.self) : ""
            }
            func value(_ index: Int) -> Any? {
                guard index < count else { return nil }
                return (start.unsafelyUnwrapped + index * stride + valueOffset).assumingMemoryBound(to: Any.self).pointee
            }
            return ((key(0), key(1), key(2), key(3)), (value(0), value(1), value(2), value(3)))
        }
        var overflow: [(String, Any)] = []
        // Copied one by one: a slice of the literal's array would share (and keep) its storage.
        var index = 4
        while index < count {
            overflow.append(elements[index])
            index += 1
        }
        self.overflow = overflow
    }

    /// The pairs, in the order written.
    var pairs: [(String, Any)] {
        let keys = [self.keys.0, self.keys.1, self.keys.2, self.keys.3]
        let values = [self.values.0, self.values.1, self.values.2, self.values.3]
        return (0..<min(count, 4)).map { (keys[$0], values[$0].unsafelyUnwrapped) } + overflow
    }
}

extension Arguments {
    /// Where the value under `key` of the ``KeyedArguments`` at `address` lies, among its first
    /// four; nil when the key is not among them (a fifth or later key is read by the converting
    /// path). Stops the program when the key was written twice.
    @usableFromInline
    static func keyedEntry(_ key: String, at address: UnsafeRawPointer, file: StaticString, line: UInt) -> UnsafePointer<Any>? {
        // The keys and values are read where they lie, not copied out pair by pair: each tuple
        // of four is laid out element after element, one stride apart.
        guard let keysOffset = MemoryLayout<KeyedArguments>.offset(of: \.keys),
              let valuesOffset = MemoryLayout<KeyedArguments>.offset(of: \.values),
              let countOffset = MemoryLayout<KeyedArguments>.offset(of: \.count)
        else { return nil }
        let count = address.load(fromByteOffset: countOffset, as: Int.self)
        let keys = (address + keysOffset).assumingMemoryBound(to: String.self)
        var found = -1
        var matches = 0
        var index = 0
        while index < min(count, 4) {
            if keys[index] == key {
                matches += 1
                if found < 0 { found = index }
            }
            index += 1
        }
        if count > 4 {
            for (name, _) in address.assumingMemoryBound(to: KeyedArguments.self).pointee.overflow where name == key {
                matches += 1
            }
        }
        if matches > 1 {
            InjectionDiagnostics.trap(
                "Duplicate argument key: \(factory) read \"\(key)\", which the resolve's arguments give \(matches) times. Fix: give each key once.",
                file: file, line: line)
        }
        guard found >= 0 else { return nil }
        // A value written is never nil, and an `Optional<Any>` holding one is laid out as the
        // `Any` itself (a single-payload enum keeps its payload at offset 0).
        return UnsafeRawPointer((address + valuesOffset).assumingMemoryBound(to: Any?.self) + found)
            .assumingMemoryBound(to: Any.self)
    }
}
