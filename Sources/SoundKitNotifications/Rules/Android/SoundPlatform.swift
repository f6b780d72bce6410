import SoundKitContainers
import SoundKitIO

/// Where a notification sound goes on each platform, as `convert --platform` writes it: iOS takes an IMA4 CAF at
/// the bundle's top level, named as the input; Android an Ogg Vorbis file in `res/raw`, under the Android-safe name
/// (`AndroidResourceName.safe(from:)`). ``NotificationSoundRecipe/platform`` makes a sound for one of them.
public enum SoundPlatform: String, CaseIterable, Codable, Hashable, Sendable {
    /// iOS (and macOS, watchOS…): IMA4 in CAF, in the app bundle.
    case ios
    /// Android: Ogg Vorbis in `res/raw`.
    case android

    /// The platforms `--platform` names: `ios`, `android`, or `all` for both.
    @_spi(SoundKitServe) public static func named(_ word: String) -> [SoundPlatform]? {
        word == "all" ? allCases : SoundPlatform(rawValue: word).map { [$0] }
    }

    /// The folder below the output folder: `ios`, `android/res/raw`.
    package var folder: String { self == .ios ? "ios" : "android/res/raw" }

    /// The file type written when none is given (`-f`).
    package var defaultFileType: ContainerKind { self == .ios ? .caf : .ogg }

    /// The data format written when none is given (`-d`).
    package var defaultEncoding: AudioEncoding { self == .ios ? .ima4 : .vorbis }

    /// The media type of the file made for this platform: `audio/x-caf` or `audio/ogg`.
    public var contentType: String { self == .ios ? "audio/x-caf" : "audio/ogg" }

    /// The file name a sound called `name` (a path or a file name, any extension) gets on this platform:
    /// `Chime 2.caf` on iOS, `chime_2.ogg` on Android.
    package func fileName(for name: String) -> String {
        self.name(forInput: name) + "." + defaultFileType.fileExtension
    }

    /// The output's name, without extension, for an input's path below the folder walked: the input's own name on
    /// iOS, its Android-safe name on Android; never in a subfolder, where neither platform finds a sound.
    package func name(forInput relative: String) -> String {
        let file = FileSystem.lastComponent(relative)
        return self == .ios ? FileSystem.splitExtension(file).base : AndroidResourceName.safe(from: file)
    }

    /// What a payload names the sound by: `NAME.caf` for iOS's `aps.sound`, the bare `NAME` for Android.
    package func payloadName(ofOutput path: String) -> String {
        let file = FileSystem.lastComponent(path)
        return self == .ios ? file : AndroidResourceName.resourceName(ofFile: file)
    }

    /// The batch target of this platform in `directory`, written with `options`.
    package func target(in directory: String, options: ConversionOptions) -> BatchTarget {
        let platform = self
        return BatchTarget(
            directory: FileSystem.join(directory, folder), options: options,
            name: { platform.name(forInput: $0) })
    }
}
