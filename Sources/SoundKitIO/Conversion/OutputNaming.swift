import SoundKitCodecs
import SoundKitContainers

extension Converter {
    /// afconvert's rule for an output name: `<base>.<ext>` beside the input; if taken, `<base>-<rate/1000>k`
    /// when the rate changes, `<base>-<bits>bit` when the depth changes, else `<base>-1`, `-2`, ….
    package static func defaultOutputPath(
        input: String, fileType: ContainerKind, rateChanged: Double?, bitsChanged: Int?
    ) -> String {
        let base = FileSystem.splitExtension(input).base
        let ext = fileType.fileExtension
        let plain = "\(base).\(ext)"
        if !FileSystem.exists(plain) { return plain }
        if let r = rateChanged {
            let k = r / 1000
            let name = "\(base)-\(k == k.rounded() && abs(k) < 1e15 ? String(Int64(k)) : String(k))k.\(ext)"
            if !FileSystem.exists(name) { return name }
        }
        if let b = bitsChanged {
            let name = "\(base)-\(b)bit.\(ext)"
            if !FileSystem.exists(name) { return name }
        }
        var i = 1
        while FileSystem.exists("\(base)-\(i).\(ext)") { i += 1 }
        return "\(base)-\(i).\(ext)"
    }
}
