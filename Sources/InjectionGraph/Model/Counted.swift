/// `1 service`, `2 services`, `0 edges`: a count and its noun, singular only for one. Every
/// count a report prints goes through it, so no summary says "1 services".
///
/// ```swift
/// counted(1, "service")                  // "1 service"
/// counted(2, "missing registration")     // "2 missing registrations"
/// counted(3, "scope mismatch", plural: "scope mismatches")
/// ```
package func counted(_ count: some BinaryInteger, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
