/// Braze's REST API: the messaging object of `/messages/send` and campaigns (`messages.apple_push.sound`,
/// `messages.android_push.sound` with `notification_channel_id`), and the Live Activity endpoints
/// (`/messages/live_activity/update`: `activity_id`, `content_state`, `end_activity`, `dismissal_date`,
/// `notification`; `/messages/live_activity/start`: `activity_attributes_type`, `activity_attributes`,
/// `content_state`, `notification`). Braze's APNs payload with `ab` is ``PushProvider/braze``.
struct BrazeRESTBody: ProviderBody {
    static let provider = PushProvider.brazeREST
    static let documentation =
        "Braze REST API: Apple push object (sound; asset_url with asset_file_type, one of aif, gif, jpg, m4a, mp3, mp4, png, wav; mutable-content set by Braze for a rich notification), Android push object (Messaging objects); POST /messages/live_activity/update and /messages/live_activity/start"

    static func recognises(_ root: JSONValue) -> Bool {
        if case .object? = root["messages"] { return true }
        return root["content_state"] != nil && (root["activity_id"] != nil || root["activity_attributes_type"] != nil)
    }

    static func check(_ root: JSONValue, in run: inout PayloadRun) {
        if case .object? = root["messages"] {
            messages(root, in: &run)
        } else if root["activity_attributes_type"] != nil || root["activity_id"] == nil {
            liveActivity(root, start: true, in: &run)
        } else {
            liveActivity(root, start: false, in: &run)
        }
    }

    /// `messages.apple_push.sound` as `aps.sound`; `messages.android_push.sound` as a res/raw name with
    /// `notification_channel_id`.
    static func messages(_ root: JSONValue, in run: inout PayloadRun) {
        let apple = ["messages", "apple_push"]
        if let sound = root.value(at: apple + ["sound"]) { run.iosSound(sound, at: apple + ["sound"]) }
        if let url = root.value(at: apple + ["asset_url"]) {
            asset(url, type: root.value(at: apple + ["asset_file_type"]), at: apple, in: &run)
        }
        let android = ["messages", "android_push"]
        if let sound = root.value(at: android + ["sound"]) {
            run.androidSound(
                sound, at: android + ["sound"], channels: [android + ["notification_channel_id"]], in: root)
        }
    }

    /// The file types Braze documents for `apple_push.asset_file_type`.
    static let assetTypes = ["aif", "gif", "jpg", "m4a", "mp3", "mp4", "png", "wav"]

    /// `apple_push.asset_url`, a rich notification's attachment: an absolute https URL (`attachment-url`, as
    /// `ab.att.url`), with `asset_file_type`, which Braze requires beside it, one of its eight types
    /// (`attachment-type`). Braze sets `mutable-content` itself for a rich notification, so it is not asked for.
    static func asset(_ url: JSONValue, type: JSONValue?, at apple: [String], in run: inout PayloadRun) {
        AttachmentPayload.urlCheck(
            url, at: apple + ["asset_url"], bundle: run.lookup.locations.bundle, into: &run.notes)
        let typePath = apple + ["asset_file_type"]
        let known = assetTypes.map { "\"\($0)\"" }.joined(separator: ", ")
        switch type {
        case .string(let t)? where assetTypes.contains(t):
            break
        case let other?:
            run.notes.add(
                .attachmentType,
                "\(run.dotted(typePath)) is \(other.typeName); Braze takes one of \(known)", at: typePath)
        case nil:
            run.notes.add(
                .attachmentType,
                "\(run.dotted(apple + ["asset_url"])) is sent without asset_file_type, which Braze requires beside it (one of \(known))",
                at: typePath)
        }
    }

    /// A Live Activity request: `content_state` required, a start's type, attributes and notification, and the
    /// notification's sound as an iOS sound.
    static func liveActivity(_ root: JSONValue, start: Bool, in run: inout PayloadRun) {
        switch root["content_state"] {
        case .object?: break
        case let other?:
            run.notes.add(
                .liveActivityContent,
                "content_state is \(other.typeName); it must be an object shaped as the activity's ContentState",
                at: ["content_state"])
        case nil:
            run.notes.add(
                .liveActivityContent,
                "no \"content_state\": Braze requires the activity's ContentState on every Live Activity request",
                at: ["content_state"])
        }
        if start {
            for key in ["activity_attributes_type", "activity_attributes", "notification"] where root[key] == nil {
                run.notes.add(
                    .liveActivityStart,
                    "a Braze Live Activity start without \"\(key)\": Braze requires it, and iOS does not start a Live Activity without its type, attributes and alert",
                    at: [key])
            }
        }
        // Braze documents dismissal_date on updates too (it is kept until the activity ends), so it is not judged.
        for path in [["notification", "sound"], ["notification", "alert", "sound"]] {
            if let sound = root.value(at: path) { run.iosSound(sound, at: path) }
        }
    }
}
