/// Which platform a target builds for, as far as notification sounds care: Apple's (iOS, iPadOS, macOS, watchOS,
/// visionOS: a bundle searched by name) or Android's (`res/raw` resources).
package enum AppPlatform: String, Sendable, Hashable, Codable, CaseIterable {
    case apple = "ios"
    case android
}

/// What a target builds, as far as where its resources land matters.
package enum TargetKind: Sendable, Hashable, Codable {
    /// An app: the bundle iOS searches for a notification sound (`com.apple.product-type.application`, an Android
    /// application module, a Flutter/React Native/Capacitor/Cordova/.NET app's native head).
    case application
    /// An app extension; `point` is its `NSExtensionPointIdentifier` when the project says it
    /// (`com.apple.usernotifications.service`).
    case appExtension(point: String?)
    /// A watch app or its extension.
    case watchApp
    /// A framework, static library or Android library module (merged into the app on Android, a bundle of its own on
    /// Apple's platforms).
    case framework
    /// A resource bundle (`.bundle`, a Swift package's or a pod's resources).
    case resourceBundle
    /// Anything else (tests, tools, aggregate targets), with the project's own word for it.
    case other(String)
}

/// How a file reaches a built app, which decides where it lands and whether the platform finds it by name.
package enum BundleRoute: String, Sendable, Hashable, Codable, CaseIterable {
    /// Xcode's Copy Bundle Resources (a `PBXBuildFile` in the target's `PBXResourcesBuildPhase`, an `.xcproj`
    /// `resources` membership, XcodeGen's resources phase): the top of the bundle whatever the group.
    case resources
    /// A file of an Xcode 16 synchronized (buildable) folder that is a member of the target.
    case synchronizedFolder
    /// A folder reference (blue folder, `lastKnownFileType = folder`, XcodeGen `type: folder`, a synchronized folder
    /// copied as a whole): the folder is copied, so its files land in a subfolder.
    case folderReference
    /// A localized file (`PBXVariantGroup`): `<lang>.lproj/`.
    case variantGroup
    /// A copy-files phase (`PBXCopyFilesBuildPhase`): lands under its destination and `dstPath`.
    case copyFiles
    /// Inside an asset catalog (`.xcassets`): compiled into `Assets.car`, no loose file.
    case assetCatalog
    /// Copied by a framework's build step or config plugin (Expo's `sounds`, .NET's `BundleResource` globs,
    /// Cordova's `<resource-file>`).
    case plugin
    /// Flutter's `pubspec.yaml` assets: `App.framework/flutter_assets/…` on iOS, Android assets: never found by a
    /// notification.
    case flutterAsset
    /// A web folder (`www/`, `public/`, `src/assets/`) of Capacitor or Cordova: web content, not a native resource.
    case webAsset
    /// An Android resource in `res/raw` of a source set the app merges.
    case androidRaw
    /// An Android asset (`assets/`, .NET MAUI's `Resources/Raw` as `MauiAsset`): not a resource.
    case androidAsset
}

/// One file a target puts in its built product: where it lands, where it comes from, how, and where the project says
/// so.
package struct BundleEntry: Sendable, Hashable, Codable {
    /// Where it lands, relative to the top of the bundle's resources (Apple: `chime.caf`, `media/kick.wav`,
    /// `en.lproj/chime.caf`, `Assets.car` entries as `Assets.xcassets/chime.dataset/chime.caf`), or on Android
    /// `raw/chime.caf` (assets as `assets/…`).
    package var bundlePath: String
    /// The file on disk, as reports name it (the checked root joined with its path in the tree).
    package var file: String
    /// How it gets there.
    package var route: BundleRoute
    /// Where the project says so (the build file's line in `project.pbxproj`, the `<BundleResource>` element), when
    /// a line can be given.
    package var declaredAt: SourceSite?
    /// Whether the file exists in the checkout (a project can name a file that is not there).
    package var exists: Bool
    /// For a file of a synchronized folder that lies in a subfolder of it: its path below the folder
    /// (`sub/b.caf`); where Xcode puts it is not settled (SOURCE-TREES.md §1.5), so resolution says so.
    package var folderRelativePath: String?

    package init(
        bundlePath: String, file: String, route: BundleRoute, declaredAt: SourceSite? = nil, exists: Bool = true,
        folderRelativePath: String? = nil
    ) {
        self.bundlePath = bundlePath
        self.file = file
        self.route = route
        self.declaredAt = declaredAt
        self.exists = exists
        self.folderRelativePath = folderRelativePath
    }
}

/// What one target of a project puts in its product: an Xcode target, an XcodeGen target, an Android module, a .NET
/// project's head for one platform.
package struct TargetLayout: Sendable, Hashable, Codable {
    /// The target's name (`Runner`, `App`, `:app`).
    package var name: String
    /// What it builds.
    package var kind: TargetKind
    /// Whose rules its product follows.
    package var platform: AppPlatform
    /// The project that declares it, as reports name it (`ios/Runner.xcodeproj`, `android/app`, `App.csproj`).
    package var project: String
    /// Every file it puts in its product, audio or not (resolution filters).
    package var entries: [BundleEntry]
    /// Targets it embeds by name (an app's extensions and watch app), when the project says so.
    package var embeds: [String]

    package init(
        name: String, kind: TargetKind, platform: AppPlatform, project: String, entries: [BundleEntry] = [],
        embeds: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.platform = platform
        self.project = project
        self.entries = entries
        self.embeds = embeds
    }
}

/// What a project reader made of one project: its targets, and what it read past.
package struct ProjectReading: Sendable, Hashable, Codable {
    /// The project, as reports name it.
    package var project: String
    /// Its targets, in the project's order.
    package var targets: [TargetLayout]
    /// What was read past (unknown object kinds, unresolvable paths): the results may be incomplete.
    package var notes: [ProjectNote]

    package init(project: String, targets: [TargetLayout] = [], notes: [ProjectNote] = []) {
        self.project = project
        self.targets = targets
        self.notes = notes
    }
}
