/// What Android makes of a provider's Android sound name (`field` names the field as the provider spells it): the
/// findings about the name itself. Android plays a `res/raw` resource, looked up by its bare name.
///
/// This is the one place a payload's Android sound name is judged: Android's resource-name validity (`android-name`,
/// Rules/Android) joins `sound-name` here.
func androidSoundProblems(name: String, field: String) -> [Finding] {
    let last = name.split(separator: "/").last.map(String.init) ?? name
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return [] }
    let bare = String(last[..<dot])
    return [
        Rule.soundName.finding(
            "\(field) \"\(name)\" has an extension: Android looks the sound up as a res/raw resource by its bare name (\"\(bare)\"), while iOS wants name.ext in its own field"
        )
    ]
}
