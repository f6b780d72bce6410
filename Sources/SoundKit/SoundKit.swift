// SoundKit: the public library. Everything the command-line tool does, for build tools and push services.
//
// The surface is deliberate: each type below is re-exported by name (not whole modules), and everything else in
// the modules beneath is `package`, visible to the command line and the tests only. A type joins the surface by a
// line here and `public` on what a client needs of it, each with a doc comment (`scripts/shape --check` counts them).

// Reading and inspecting, converting (single files and batches), loudness.
@_exported import struct SoundKitCodecs.PCMFormat
@_exported import enum SoundKitContainers.AudioEncoding
@_exported import enum SoundKitContainers.ContainerKind
@_exported import struct SoundKitContainers.DataTotals
@_exported import struct SoundKitIO.AudioFileDescription
@_exported import struct SoundKitIO.AudioFileError
@_exported import enum SoundKitIO.BatchConverter
@_exported import struct SoundKitIO.BatchPlan
@_exported import struct SoundKitIO.BatchProgress
@_exported import struct SoundKitIO.ConversionJob
@_exported import struct SoundKitIO.ConversionOptions
@_exported import struct SoundKitIO.ConversionOutput
@_exported import struct SoundKitIO.ConversionReport
@_exported import struct SoundKitIO.ConversionResult
@_exported import enum SoundKitIO.Converter
@_exported import enum SoundKitIO.IMAQuality
@_exported import enum SoundKitIO.Inspector
@_exported import struct SoundKitIO.Loudness
@_exported import class SoundKitIO.LoudnessMeter
@_exported import struct SoundKitIO.LoudnessTarget
@_exported import struct SoundKitIO.Normalization
@_exported import struct SoundKitIO.OutputCollision
@_exported import struct SoundKitIO.SoundKitError
@_exported import enum SoundKitNotifications.AttachmentChecker
@_exported import struct SoundKitNotifications.CheckOptions
@_exported import struct SoundKitNotifications.CheckReport
@_exported import struct SoundKitNotifications.FileReport
@_exported import struct SoundKitNotifications.Finding
@_exported import struct SoundKitNotifications.LoudnessGoal
@_exported import enum SoundKitNotifications.NotificationSound
@_exported import struct SoundKitNotifications.NotificationSoundRecipe
@_exported import enum SoundKitNotifications.NotificationSounds
@_exported import enum SoundKitNotifications.PayloadLinter
@_exported import struct SoundKitNotifications.PayloadReport
@_exported import struct SoundKitNotifications.PreparedSound
@_exported import struct SoundKitNotifications.PreparedSoundEvent
@_exported import enum SoundKitNotifications.PushProvider
@_exported import struct SoundKitNotifications.Remedy
@_exported import struct SoundKitNotifications.Resolution
@_exported import enum SoundKitNotifications.Rule
@_exported import enum SoundKitNotifications.Severity
@_exported import enum SoundKitNotifications.SoundChecker
@_exported import enum SoundKitNotifications.SoundInput
@_exported import struct SoundKitNotifications.SoundLocations
@_exported import enum SoundKitNotifications.SoundPlatform
@_exported import enum SoundKitNotifications.SoundResolver
@_exported import enum SoundKitReport.HTMLReport
@_exported import struct SoundKitReport.SoundSetReport

/// soundkit's version.
public enum SoundKitVersion {
    /// The semantic version, as `soundkit --version` prints it.
    public static let string = "0.2.0"
}
