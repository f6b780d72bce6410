// Every file of this target sees the shared helpers (Tool, temporaryDirectory, SplitMix64, HostileFiles, …).
@_exported import SoundKitTestSupport
