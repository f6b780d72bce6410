import Foundation

/// The notification sounds this module ships, checked by soundkit's SoundCheck plugin when it is built.
public enum Chimes {
    /// The URL of a sound in the module's bundle, as a notification service extension copies it.
    public static func url(named name: String) -> URL? {
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Sounds")
    }
}
