import SoundKitContainers

/// What a batch will do, worked out before anything is written: a job for every audio file the inputs name or hold,
/// each writing `DIR/<path below the folder>/<name>.<file type's extension>`; the files left out; and the outputs
/// two jobs would both write. `BatchConverter.plan(_:into:options:)` makes it;
/// ``BatchConverter/convert(_:concurrency:isolation:progress:)`` runs its jobs when it has no collisions.
public struct BatchPlan: Sendable {
    /// An input that does not become a job.
    package enum Exclusion: Sendable, Equatable {
        /// A file found by walking a folder whose first bytes are not audio: skipped. A file named as an input is
        /// never skipped: when it is not audio, its job fails.
        case notAudio(String)
        /// An input that does not exist, or a file whose first bytes cannot be read.
        case failed(AudioFileError)
    }

    /// One conversion a file, in the order the files were found (inputs in order, folders walked sorted by name).
    public var jobs: [ConversionJob]
    /// The files left out, in the order they were found.
    package var excluded: [Exclusion]
    /// Outputs that more than one job would write (compared ignoring case); when there are any, nothing may be
    /// converted.
    public var collisions: [OutputCollision]
}

/// One of the outputs every input of a batch gets: the folder it goes in, how it is written, and its name there.
package struct BatchTarget: Sendable {
    /// The folder the outputs go in.
    package var directory: String
    /// How they are written; the file name's extension is the file type's.
    package var options: ConversionOptions
    /// The output's path below ``directory`` without its extension, from the input's path below the folder walked
    /// (`sub/Chime.wav`).
    package var name: @Sendable (String) -> String

    /// Outputs in `directory` written with `options`, named by `name`.
    package init(directory: String, options: ConversionOptions, name: @escaping @Sendable (String) -> String) {
        self.directory = directory
        self.options = options
        self.name = name
    }

    /// The batch's usual naming: the input's path below its folder, its extension dropped.
    package static let keepingPath: @Sendable (String) -> String = { FileSystem.splitExtension($0).base }
}

extension BatchConverter {
    /// Plans the conversion of `inputs` (files, and folders walked recursively: hidden entries, linked folders and
    /// `directory` itself left out) into `directory`, every output written with `options`.
    public static func plan(_ inputs: [String], into directory: String, options: ConversionOptions) -> BatchPlan {
        plan(
            inputs, into: directory,
            targets: [BatchTarget(directory: directory, options: options, name: BatchTarget.keepingPath)])
    }

    /// The same with several outputs for every input (one per target, all from one decode); `directory` is the
    /// folder the walk leaves out. Outputs two inputs would both write, in any target, are collisions.
    package static func plan(_ inputs: [String], into directory: String, targets: [BatchTarget]) -> BatchPlan {
        var found: [(file: FolderWalk.Entry, named: Bool)] = []
        var excluded: [BatchPlan.Exclusion] = []
        for input in inputs {
            if FileSystem.isDirectory(input) {
                let files = FolderWalk.files(in: input) { path, _ in !FileSystem.isSameFile(path, directory) }
                found += files.map { ($0, false) }
            } else if FileSystem.exists(input) {
                found.append((FolderWalk.Entry(path: input, relative: FileSystem.lastComponent(input)), true))
            } else {
                excluded.append(.failed(AudioFileError(input, .system(.open, .noSuchFileOrDirectory))))
            }
        }
        var jobs: [ConversionJob] = []
        for (file, named) in found {
            switch ContainerKind.sniff(file.path) {
            case .success(let kind) where kind.mayHoldAudio || named:
                let outputs = targets.map { t in
                    let path = FileSystem.join(
                        t.directory, "\(t.name(file.relative)).\(t.options.fileType.fileExtension)")
                    return ConversionOutput(path: path, options: t.options)
                }
                jobs.append(ConversionJob(input: file.path, outputs: outputs))
            case .success: excluded.append(.notAudio(file.path))
            case .failure(let error): excluded.append(.failed(error))
            }
        }
        return BatchPlan(jobs: jobs, excluded: excluded, collisions: collisions(in: jobs))
    }
}

/// The walk of a folder that batches make: entries sorted by name, hidden ones (`.name`) left out, linked folders
/// not followed (a link back up would list every file again at each level).
package enum FolderWalk {
    /// A file found, and its path below the folder walked.
    package struct Entry: Sendable, Equatable {
        /// The file's path (the folder's path joined with ``relative``).
        package var path: String
        /// The path below the folder walked (`sub/name.wav`).
        package var relative: String
    }

    /// Every file below `folder`; `enter(path, relative)` says whether a subfolder is walked.
    package static func files(
        in folder: String,
        entering enter: (String, String) -> Bool = { _, _ in true }
    ) -> [Entry] {
        var found: [Entry] = []
        func walk(_ dir: String, _ relative: String) {
            for name in FileSystem.contents(of: dir) where !name.hasPrefix(".") {
                let path = FileSystem.join(dir, name)
                let rel = relative.isEmpty ? name : relative + "/" + name
                if FileSystem.isDirectory(path) {
                    if FileSystem.isSymbolicLink(path) || !enter(path, rel) { continue }
                    walk(path, rel)
                } else {
                    found.append(Entry(path: path, relative: rel))
                }
            }
        }
        walk(folder, "")
        return found
    }
}

extension ContainerKind {
    /// What the first bytes of the file at `path` say it is.
    package static func sniff(_ path: String) -> Result<ContainerKind, AudioFileError> {
        do {
            let file = try InputFile(path: path)
            return .success(ContainerKind(sniffing: try file.read(at: 0, count: 16)))
        } catch let error as AudioFileError {
            return .failure(error)
        } catch {
            return .failure(AudioFileError(path, .system(.read, .ioError)))
        }
    }

    /// The extensions of sound files, by which `soundkit check` takes a file for a sound whatever its bytes say.
    package static let soundExtensions: Set<String> = [
        "caf", "aif", "aiff", "aifc", "wav", "wave", "mp3", "m4a", "m4r", "aac", "mp4", "mov", "3gp", "wma", "ac3",
        "amr",
        "webm", "mka", "flac", "ogg", "oga", "opus", "snd", "au",
    ]

    /// Whether a file that starts like this is audio some decoder soundkit loads may read: what a batch converts
    /// rather than skips. Images and video containers are not, nor is what no sniffer recognises.
    package var mayHoldAudio: Bool {
        switch self {
        case .caf, .aiff, .aifc, .wav, .rifx, .rf64, .w64, .flac, .ogg, .mp3, .au, .mpeg4, .adts, .matroska, .asf, .ac3,
            .amr, .threeGPP:
            return true
        case .jpeg, .png, .gif, .avi, .mpegVideo, .webp, .heif, .html, .text, .unknown: return false
        }
    }
}
