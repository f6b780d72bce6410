// Entry points for libFuzzer targets (Fuzz/, built by scripts/fuzz): each takes the fuzzer's bytes and runs one
// untrusted-input path of the checkers to the end. They return nothing and must never trap, loop without end or
// exhaust the stack, whatever the bytes.

/// An app extension's Info.plist, XML or binary: reading (``InfoPlist``) and the extension checks.
package func fuzzPlistCheck(_ bytes: [UInt8]) {
    _ = ExtensionChecker.check(plist: bytes, path: "Info.plist")
    _ = BundleLayout.platform(ofInfoPlist: bytes)
}

/// A push payload: the JSON parser, provider detection, `aps.sound`, the size, and the attachment checks (no
/// locations, so no files are read); then the same bytes read as each provider's body in turn.
package func fuzzPayloadCheck(_ bytes: [UInt8]) {
    _ = PayloadChecker.check(bytes)
    for provider in PushProvider.allCases { _ = PayloadChecker.check(bytes, provider: provider) }
}

/// An attachment file's first bytes: the sniffer and the attachment rules, under a name that suggests an image.
package func fuzzAttachmentCheck(_ bytes: [UInt8]) {
    _ = AttachmentChecker.judge(
        head: Array(bytes.prefix(AttachmentChecker.sniffBytes)), size: Int64(bytes.count), path: "attachment.jpg")
}

/// An `embedded.mobileprovision`: the CMS envelope (swift-asn1's BER parser) and the property list inside it.
package func fuzzProfile(_ bytes: [UInt8]) {
    _ = try? ProvisioningProfile.entitlements(of: bytes)
}
