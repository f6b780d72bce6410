import SoundKitIO

/// What would mend a finding, as data: which file to write beside the sound, in which data format, and what to
/// trim, amplify or normalise on the way. A front end says it in its own words; the command line prints it as a
/// `soundkit convert …` command, a push service may run the conversion itself.
public struct Remedy: Codable, Hashable, Sendable {
    /// What to do.
    public enum Action: String, Codable, Sendable {
        /// Convert the sound with these settings.
        case convert
        /// No decoder here reads the sound: export it as WAV (``Remedy/exportName``) from the app that made it,
        /// then convert that WAV.
        case exportThenConvert = "export-then-convert"
    }

    /// What to do.
    public var action: Action
    /// The file to write, beside the sound: `chime.caf`, `chime-short.caf`.
    public var outputName: String
    /// The data format to write: `ima4`, `LEI16`.
    public var dataFormat: String
    /// Seconds to keep, ending with a short fade-out.
    public var trim: Double?
    /// Decibels to amplify (or, negative, attenuate) by.
    public var gain: Double?
    /// The integrated loudness (LUFS) to bring the sound to.
    public var normalize: Double?
    /// With ``Action/exportThenConvert``: the data format no decoder here reads.
    public var undecodableFormat: String?
    /// With ``Action/exportThenConvert``: the WAV to export, beside the sound.
    public var exportName: String?

    /// A conversion of the sound at `path` into `dataFormat`, written beside it as `outputName`.
    package init(convertTo outputName: String, dataFormat: String = "ima4") {
        self.action = .convert
        self.outputName = outputName
        self.dataFormat = dataFormat
    }

    /// An IMA4 CAF beside the sound at `path`: `NAME.caf`, or `NAME-ima4.caf` when the sound is a CAF already.
    package static func ima4(for path: String) -> Remedy {
        let (base, ext) = FileSystem.splitExtension(FileSystem.lastComponent(path))
        return Remedy(convertTo: ext.lowercased() == "caf" ? "\(base)-ima4.caf" : "\(base).caf")
    }

    /// The remedy for a sound that must be converted: an IMA4 CAF, or, when no decoder here reads it (`format`),
    /// a WAV exported from the app that made it, then converted.
    package static func ima4(for path: String, undecodable format: String?) -> Remedy {
        guard let format else { return ima4(for: path) }
        let wav = FileSystem.splitExtension(FileSystem.lastComponent(path)).base + "-pcm.wav"
        var r = ima4(for: wav)
        r.action = .exportThenConvert
        r.undecodableFormat = format
        r.exportName = wav
        return r
    }

    /// The same remedy with these settings.
    package func with(trim: Double? = nil, gain: Double? = nil, normalize: Double? = nil) -> Remedy {
        var r = self
        r.trim = trim ?? r.trim
        r.gain = gain ?? r.gain
        r.normalize = normalize ?? r.normalize
        return r
    }

    // MARK: Rendering, shared by the command line and the report page

    /// The remedy as the command line says it, for the sound at `path` (as the user named it).
    package func rendered(for path: String) -> String {
        let folder = String(path.dropLast(FileSystem.lastComponent(path).count))
        switch action {
        case .convert:
            return (trim != nil ? "trim it: " : "") + command(source: path, output: folder + outputName)
        case .exportThenConvert:
            let wav = folder + (exportName ?? outputName)
            return
                "soundkit cannot decode \(undecodableFormat ?? "it") (neither libsndfile nor FFmpeg's libraries read "
                + "it here), so export it as WAV from the app that made it, then "
                + command(source: wav, output: folder + outputName)
        }
    }

    /// `soundkit convert SOURCE OUTPUT -d FORMAT [--trim S] [--gain DB] [--normalize LUFS]`, quoted for a shell.
    func command(source: String, output: String) -> String {
        var words = ["soundkit", "convert", Self.quoted(source), Self.quoted(output), "-d", dataFormat]
        if let trim { words += ["--trim", decimal(trim, 1)] }
        if let gain { words += ["--gain", decimal(gain, 1)] }
        if let normalize { words += ["--normalize", decimal(normalize, 1)] }
        return words.joined(separator: " ")
    }

    /// The remedy in words, for a service's documents (`soundkit serve`) and any front end whose user runs no
    /// command: the file to make and how, naming no tool, command or option. `make chime.caf from it: ima4, the first
    /// 29.5 s with a short fade-out`.
    package func described() -> String {
        var how = [dataFormat]
        if let trim { how.append("the first \(decimal(trim, 1)) s with a short fade-out") }
        if let gain { how.append(gain < 0 ? "\(decimal(-gain, 1)) dB quieter" : "\(decimal(gain, 1)) dB louder") }
        if let normalize { how.append("normalised to \(decimal(normalize, 1)) LUFS") }
        let make = "make \(outputName) from \(action == .convert ? "it" : "that"): " + how.joined(separator: ", ")
        switch action {
        case .convert: return make
        case .exportThenConvert:
            return
                "\(undecodableFormat ?? "its audio") cannot be decoded here, so export it as WAV (\(exportName ?? "a WAV"))"
                + " from the app that made it, then " + make
        }
    }

    /// A word a POSIX shell reads back as `s`.
    package static func quoted(_ s: String) -> String {
        s.contains(where: { " '\"$`\\".contains($0) }) ? "'" + s.replacingAll("'", "'\\''") + "'" : s
    }
}

extension Finding {
    /// The message as the command line prints it for the file at `path`: with the remedy, when there is one, said as
    /// a command after a dash. A finding about another file (a sound a payload names) uses its ``subject``.
    package func rendered(path: String) -> String {
        guard let remedy else { return message }
        return message + " — " + remedy.rendered(for: subject ?? path)
    }
}

extension CheckReport {
    /// Every message with its remedy in words (``Remedy/described()``), as a service answers: no tool or command is
    /// named; the structured remedies stay.
    @_spi(SoundKitServe) public func described() -> CheckReport {
        var r = self
        for i in r.files.indices {
            for j in r.files[i].findings.indices {
                let f = r.files[i].findings[j]
                if let remedy = f.remedy { r.files[i].findings[j].message = f.message + " — " + remedy.described() }
            }
        }
        return r
    }

    /// Every message as the command line prints it (``Finding/rendered(path:)``); the structured remedies stay.
    package func rendered() -> CheckReport {
        var r = self
        for i in r.files.indices {
            let path = r.files[i].path
            for j in r.files[i].findings.indices {
                r.files[i].findings[j].message = r.files[i].findings[j].rendered(path: path)
            }
        }
        return r
    }
}
