/// Where a body of no known shape keeps its APNs payloads: the objects that hold an `aps` key.
enum APSHolders {
    /// The most `aps` dictionaries looked at in a body of no known shape, and how deep they are looked for.
    static let maxHolders = 64
    static let maxDepth = 32

    /// The objects in `value` (at `path`) that hold an `aps` key, outermost first, at most ``maxHolders``; an object
    /// holding one is not searched further.
    static func holders(
        in value: JSONValue, at path: [String], into found: inout [(path: [String], value: JSONValue)]
    ) {
        guard found.count < maxHolders, path.count < maxDepth else { return }
        switch value {
        case .object(let members):
            if value["aps"] != nil {
                found.append((path, value))
                return
            }
            for (key, member) in members { holders(in: member, at: path + [key], into: &found) }
        case .array(let items):
            for (i, item) in items.enumerated() { holders(in: item, at: path + ["[\(i)]"], into: &found) }
        default:
            return
        }
    }
}
