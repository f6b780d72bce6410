// SoundKit: the public library. Everything the command-line tool does, for build tools and push services.
@_exported import SoundKitCodecs
@_exported import SoundKitContainers
@_exported import SoundKitIO
@_exported import SoundKitNotifications
@_exported import SoundKitReport

public enum SoundKitVersion {
    public static let string = "0.1.0"
}
