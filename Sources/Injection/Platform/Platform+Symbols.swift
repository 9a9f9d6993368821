#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PosixIO {
    /// The demangled name of the local function at `address`, from the full symbol table of the
    /// ELF file mapped there (`.symtab`, which `dladdr` does not search). Nil on Darwin (its runtime
    /// names keypath members) and for a stripped or unreadable binary. Reads the file: callers
    /// remember the answer.
    ///
    /// > Note: The one call into a private entry point of the Swift runtime (`swift_demangle`, no
    /// > public API exposes it), only with the `Tracing` trait; never on a resolve or build path.
    package static func functionName(at address: UInt) -> String? {
        #if Tracing && canImport(Glibc)
        guard let symbol = ELFSymbolTable.symbol(at: address) else { return nil }
        return symbol.withUnsafeBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress,
                  let demangled = swiftDemangle(base, strlen(base), nil, nil, 0) else { return nil }
            defer { free(demangled) }
            return String(cString: demangled)
        }
        #else
        return nil
        #endif
    }
}

#if Tracing && canImport(Glibc)
/// The Swift runtime's demangler (a C entry point of libswiftCore).
@_silgen_name("swift_demangle")
private func swiftDemangle(
    _ mangledName: UnsafePointer<CChar>, _ mangledNameLength: Int, _ outputBuffer: UnsafeMutablePointer<CChar>?,
    _ outputBufferSize: UnsafeMutablePointer<Int>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?

/// Finds the function symbol at an address of this process, in the ELF file mapped there.
private enum ELFSymbolTable {
    struct Mapping {
        let start: UInt
        let end: UInt
        let offset: UInt
        let path: String
    }

    /// The mangled name (NUL-terminated) of the function that starts at `address`.
    static func symbol(at address: UInt) -> [CChar]? {
        guard let mapping = mappings().first(where: { $0.start <= address && address < $0.end }),
              mapping.path.hasPrefix("/") else { return nil }
        let fd = open(mapping.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = Elf64_Ehdr()
        guard readExactly(fd, &header, at: 0),
              header.e_ident.0 == 0x7f, header.e_ident.1 == 0x45, header.e_ident.2 == 0x4c, header.e_ident.3 == 0x46,
              header.e_ident.4 == UInt8(ELFCLASS64) else { return nil }
        // The file offset of the address, then its virtual address in the file's own numbering
        // (through the loadable segment that holds that offset).
        let fileOffset = address - mapping.start + mapping.offset
        var virtualAddress: UInt?
        for index in 0..<Int(header.e_phnum) {
            var segment = Elf64_Phdr()
            guard readExactly(fd, &segment, at: Int(header.e_phoff) + index * Int(header.e_phentsize)) else { return nil }
            let start = UInt(segment.p_offset)
            if segment.p_type == UInt32(PT_LOAD), start <= fileOffset, fileOffset < start + UInt(segment.p_filesz) {
                virtualAddress = fileOffset - start + UInt(segment.p_vaddr)
                break
            }
        }
        guard let virtualAddress else { return nil }
        var sections = [Elf64_Shdr](repeating: Elf64_Shdr(), count: Int(header.e_shnum))
        for index in sections.indices {
            guard readExactly(fd, &sections[index], at: Int(header.e_shoff) + index * Int(header.e_shentsize)) else { return nil }
        }
        for table in sections where table.sh_type == UInt32(SHT_SYMTAB) && Int(table.sh_link) < sections.count {
            if let name = search(fd, table, strings: sections[Int(table.sh_link)], for: virtualAddress) { return name }
        }
        return nil
    }

    /// Scans one symbol table in chunks for a function symbol whose value is `address`.
    private static func search(_ fd: Int32, _ table: Elf64_Shdr, strings: Elf64_Shdr, for address: UInt) -> [CChar]? {
        let symbolSize = MemoryLayout<Elf64_Sym>.stride
        let count = Int(table.sh_size) / symbolSize
        let chunk = 4096
        var symbols = [Elf64_Sym](repeating: Elf64_Sym(), count: chunk)
        var first = 0
        while first < count {
            let length = min(chunk, count - first)
            let read = symbols.withUnsafeMutableBytes { bytes in
                pread(fd, bytes.baseAddress, length * symbolSize, off_t(Int(table.sh_offset) + first * symbolSize))
            }
            guard read == length * symbolSize else { return nil }
            for symbol in symbols[0..<length]
            where UInt(symbol.st_value) == address && symbol.st_name != 0 && Int32(symbol.st_info & 0xf) == STT_FUNC {
                return name(fd, at: Int(strings.sh_offset) + Int(symbol.st_name))
            }
            first += length
        }
        return nil
    }

    /// A NUL-terminated string of the string table (symbol names are short; 4 KiB is plenty).
    private static func name(_ fd: Int32, at offset: Int) -> [CChar]? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let read = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 4095, off_t(offset)) }
        guard read > 0, buffer[0] != 0 else { return nil }
        return buffer
    }

    private static func readExactly<T>(_ fd: Int32, _ value: inout T, at offset: Int) -> Bool {
        withUnsafeMutableBytes(of: &value) { bytes in
            pread(fd, bytes.baseAddress, bytes.count, off_t(offset)) == bytes.count
        }
    }

    /// The file mappings of this process.
    private static func mappings() -> [Mapping] {
        let fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            // start-end perms offset device inode path
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { return nil }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                  let offset = UInt(fields[2], radix: 16) else { return nil }
            return Mapping(start: start, end: end, offset: offset, path: String(fields[5].drop { $0 == " " }))
        }
    }
}
#endif
