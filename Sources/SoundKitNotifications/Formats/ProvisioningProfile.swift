import SwiftASN1

/// The property list inside an `embedded.mobileprovision`: a CMS SignedData (RFC 5652) whose encapsulated content
/// is the profile's XML property list. Profiles come with bundles people hand to a build step, so the bytes are
/// hostile: at most ``maxBytes`` are parsed, by swift-asn1's BER parser (DER is BER; Apple's encoder writes
/// indefinite lengths), which bounds its own nesting; the content may be one OCTET STRING or, in BER, a constructed
/// one whose pieces are joined. The signature is not verified: the profile says what the app was built with, and a
/// build step judges its own app.
package enum ProvisioningProfile {
    /// Larger files are not read: a profile is tens of kilobytes, a few hundred with many devices.
    package static let maxBytes = 1 << 20

    static let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 2]

    /// The encapsulated content: the profile's property list.
    package static func content(of bytes: [UInt8]) throws(InfoPlist.ReadError) -> [UInt8] {
        func fail(_ why: String) -> InfoPlist.ReadError {
            InfoPlist.ReadError(description: "is not a provisioning profile (\(why))")
        }
        guard bytes.count <= maxBytes else {
            throw InfoPlist.ReadError(
                description: "is \(bytes.count) bytes; a profile over \(maxBytes) bytes is not read")
        }
        let root: ASN1Node
        do { root = try BER.parse(bytes) } catch { throw fail("not DER or BER: \(error)") }
        // ContentInfo ::= SEQUENCE { contentType OBJECT IDENTIFIER, content [0] EXPLICIT SignedData }
        let info = children(root, .sequence)
        guard info.count >= 2, let type = try? ASN1ObjectIdentifier(berEncoded: info[0]), type == signedData else {
            throw fail("no CMS SignedData")
        }
        guard let signed = children(info[1], explicit(0)).first else { throw fail("no SignedData content") }
        // SignedData ::= SEQUENCE { version, digestAlgorithms SET, encapContentInfo SEQUENCE, … }
        let fields = children(signed, .sequence)
        guard fields.count >= 3 else { throw fail("SignedData has no encapsulated content") }
        // EncapsulatedContentInfo ::= SEQUENCE { eContentType OBJECT IDENTIFIER, eContent [0] EXPLICIT OCTET STRING }
        let encapsulated = children(fields[2], .sequence)
        guard encapsulated.count >= 2, let octets = children(encapsulated[1], explicit(0)).first,
            octets.identifier.tagNumber == ASN1Identifier.octetString.tagNumber,
            octets.identifier.tagClass == .universal
        else { throw fail("the signed content is detached or not an OCTET STRING") }
        var out: [UInt8] = []
        join(octets, into: &out)
        return out
    }

    /// The profile's `Entitlements` dictionary.
    package static func entitlements(of bytes: [UInt8]) throws(InfoPlist.ReadError) -> Entitlements {
        let plist = try content(of: bytes)
        let profile: InfoPlist.Node<ProfileKeys> = try InfoPlist.decode(plist)
        switch profile {
        case .value(let keys):
            switch keys.entitlements {
            case .value(let e)?: return e
            case .other(let leaf)?:
                throw InfoPlist.ReadError(description: "has Entitlements as \(leaf.typeName); it must be a dictionary")
            case nil: throw InfoPlist.ReadError(description: "has no Entitlements dictionary")
            }
        case .other(let leaf):
            throw InfoPlist.ReadError(description: "holds \(leaf.typeName); a profile's property list is a dictionary")
        }
    }

    static func explicit(_ tag: UInt) -> ASN1Identifier {
        ASN1Identifier(tagWithNumber: tag, tagClass: .contextSpecific)
    }

    /// The children of a constructed node with this identifier; none otherwise.
    static func children(_ node: ASN1Node, _ identifier: ASN1Identifier) -> [ASN1Node] {
        guard node.identifier == identifier, case .constructed(let nodes) = node.content else { return [] }
        return Array(nodes)
    }

    /// An OCTET STRING's bytes: its own, or in BER the pieces of a constructed one in order. The parser's depth
    /// limit bounds the recursion.
    static func join(_ node: ASN1Node, into out: inout [UInt8]) {
        switch node.content {
        case .primitive(let bytes): out += bytes
        case .constructed(let nodes): for n in nodes { join(n, into: &out) }
        }
    }

    struct ProfileKeys: Decodable, Sendable {
        var entitlements: InfoPlist.Node<Entitlements>?
        enum CodingKeys: String, CodingKey { case entitlements = "Entitlements" }
    }
}

/// What an app is entitled to, as far as notifications go: from its provisioning profile or an `.entitlements` file.
package struct Entitlements: Decodable, Sendable, Equatable {
    /// `aps-environment` (`development` or `production`): without it the app cannot register for remote notifications.
    package var apsEnvironment: InfoPlist.Leaf?
    /// `com.apple.developer.usernotifications.critical-alerts`.
    package var criticalAlerts: InfoPlist.Leaf?
    /// `com.apple.developer.usernotifications.time-sensitive`.
    package var timeSensitive: InfoPlist.Leaf?

    package init(
        apsEnvironment: InfoPlist.Leaf? = nil, criticalAlerts: InfoPlist.Leaf? = nil,
        timeSensitive: InfoPlist.Leaf? = nil
    ) {
        self.apsEnvironment = apsEnvironment
        self.criticalAlerts = criticalAlerts
        self.timeSensitive = timeSensitive
    }

    enum CodingKeys: String, CodingKey {
        case apsEnvironment = "aps-environment"
        // macOS spells the push entitlement with Apple's developer prefix (Entitlements reference, "APS Environment
        // (macOS) Entitlement"): a Mac app's profile or .entitlements file has this key instead.
        case macAPSEnvironment = "com.apple.developer.aps-environment"
        case criticalAlerts = "com.apple.developer.usernotifications.critical-alerts"
        case timeSensitive = "com.apple.developer.usernotifications.time-sensitive"
    }

    /// Reads the keys above; `aps-environment` from either spelling.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        apsEnvironment =
            try c.decodeIfPresent(InfoPlist.Leaf.self, forKey: .apsEnvironment)
            ?? c.decodeIfPresent(InfoPlist.Leaf.self, forKey: .macAPSEnvironment)
        criticalAlerts = try c.decodeIfPresent(InfoPlist.Leaf.self, forKey: .criticalAlerts)
        timeSensitive = try c.decodeIfPresent(InfoPlist.Leaf.self, forKey: .timeSensitive)
    }

    /// An `.entitlements` file: a property list whose top level is the entitlements dictionary.
    package static func read(entitlementsFile bytes: [UInt8]) throws(InfoPlist.ReadError) -> Entitlements {
        let node: InfoPlist.Node<Entitlements> = try InfoPlist.decode(bytes)
        switch node {
        case .value(let e): return e
        case .other(let leaf):
            throw InfoPlist.ReadError(description: "holds \(leaf.typeName); an entitlements file is a dictionary")
        }
    }

    /// Whether a Boolean entitlement is granted (`<true/>`).
    static func granted(_ value: InfoPlist.Leaf?) -> Bool { value == .bool(true) }
}
