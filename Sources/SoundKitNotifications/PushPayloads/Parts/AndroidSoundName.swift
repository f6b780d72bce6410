/// What Android makes of a provider's Android sound name (`field` names the field as the provider spells it): the
/// findings about the name itself. Android plays a `res/raw` resource, looked up by its bare name.
///
/// This is the one place a payload's Android sound name is judged: an extension (`sound-name`), and a name no
/// `res/raw` resource can have because aapt2 refuses it (`android-name`, ``AndroidResourceName``).
func androidSoundProblems(name: String, field: String) -> [Finding] {
    // FCM documents "default" as the device's default sound: a keyword, but no resource name.
    guard name != "default" else { return [] }
    let last = name.split(separator: "/").last.map(String.init) ?? name
    var findings: [Finding] = []
    if let extensionFinding = SoundNameRule.androidName(name, field: field) { findings.append(extensionFinding) }
    if let problem = AndroidResourceName.problem(AndroidResourceName.resourceName(ofFile: last)) {
        findings.append(
            Rule.androidName.finding(
                "\(field) \"\(name)\" names no res/raw resource an app can have: \(problem) (aapt2 refuses such a file, so Android plays the channel's default sound); name the file \(AndroidResourceName.safe(from: last)) and send that"
            ))
    }
    return findings
}
