/// The files of a checkout as the repository rules' examples write them: a minimal `project.pbxproj` in Xcode's
/// OpenStep form (an app target, optionally a notification service extension, each with its Copy Bundle Resources)
/// and one-line call sites. Inputs for the examples, written as Xcode writes them, never expected output.
package enum ExampleProject {
    /// `ios/Runner.xcodeproj/project.pbxproj` of an app `Runner` whose group `Runner` (the folder `ios/Runner`)
    /// holds `files`; `resources` of them are in the app's Copy Bundle Resources, `extensionResources` in those of
    /// an app extension `Service` (also in the group). Object ids are 24 hex digits, as Xcode's.
    package static func pbxproj(files: [String], resources: [String], extensionResources: [String] = []) -> String {
        func id(_ n: Int) -> String {
            let hex = String(n, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 24 - hex.count)) + hex
        }
        var objects: [String] = []
        var children: [String] = []
        var appBuildFiles: [String] = []
        var extensionBuildFiles: [String] = []
        for (i, file) in files.enumerated() {
            let ref = id(0x100 + i)
            children.append(ref)
            let type = file.hasSuffix(".xcassets") ? "folder.assetcatalog" : "file"
            objects.append(
                "\(ref) /* \(file) */ = {isa = PBXFileReference; lastKnownFileType = \(type); path = \"\(file)\"; sourceTree = \"<group>\"; };"
            )
            if resources.contains(file) {
                let build = id(0x200 + i)
                appBuildFiles.append(build)
                objects.append("\(build) /* \(file) in Resources */ = {isa = PBXBuildFile; fileRef = \(ref); };")
            }
            if extensionResources.contains(file) {
                let build = id(0x300 + i)
                extensionBuildFiles.append(build)
                objects.append("\(build) /* \(file) in Resources */ = {isa = PBXBuildFile; fileRef = \(ref); };")
            }
        }
        let targets = extensionResources.isEmpty ? [id(3)] : [id(3), id(6)]
        objects += [
            "\(id(1)) /* Runner */ = {isa = PBXGroup; children = (\(children.joined(separator: ", "))); path = Runner; sourceTree = \"<group>\"; };",
            "\(id(0)) = {isa = PBXGroup; children = (\(id(1))); sourceTree = \"<group>\"; };",
            "\(id(2)) /* Resources */ = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (\(appBuildFiles.joined(separator: ", "))); runOnlyForDeploymentPostprocessing = 0; };",
            "\(id(3)) /* Runner */ = {isa = PBXNativeTarget; buildPhases = (\(id(2))); name = Runner; productName = Runner; productType = \"com.apple.product-type.application\"; };",
            "\(id(4)) /* Project object */ = {isa = PBXProject; mainGroup = \(id(0)); targets = (\(targets.joined(separator: ", "))); };",
        ]
        if !extensionResources.isEmpty {
            objects += [
                "\(id(5)) /* Resources */ = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (\(extensionBuildFiles.joined(separator: ", "))); runOnlyForDeploymentPostprocessing = 0; };",
                "\(id(6)) /* Service */ = {isa = PBXNativeTarget; buildPhases = (\(id(5))); name = Service; productName = Service; productType = \"com.apple.product-type.app-extension\"; };",
            ]
        }
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n"
            + objects.map { "\t\t" + $0 + "\n" }.joined() + "\t};\n\trootObject = \(id(4));\n}\n"
    }

    /// The project file of an iOS app whose `Runner` folder holds `files`, `resources` of them in its bundle.
    package static func ios(files: [String], resources: [String], extensionResources: [String] = []) -> ExampleFile {
        .text(
            "ios/Runner.xcodeproj/project.pbxproj",
            pbxproj(files: files, resources: resources, extensionResources: extensionResources))
    }

    /// `ios/Runner/AppDelegate.swift` scheduling a notification whose sound is `name` (Swift source, `expression`
    /// being the argument of `UNNotificationSound(named:)`).
    package static func swift(named expression: String) -> ExampleFile {
        .text(
            "ios/Runner/AppDelegate.swift",
            "import UserNotifications\n\nfunc schedule(_ content: UNMutableNotificationContent) {\n    content.sound = UNNotificationSound(named: \(expression))\n}\n"
        )
    }

    /// `lib/main.dart` passing `code` (Dart, inside a function body) to flutter_local_notifications.
    package static func dart(_ code: String) -> ExampleFile {
        .text(
            "lib/main.dart",
            "import 'package:flutter_local_notifications/flutter_local_notifications.dart';\n\nFuture<void> setUp(FlutterLocalNotificationsPlugin plugin) async {\n  \(code)\n}\n"
        )
    }

    /// An Android application module `android/app` (its `build.gradle` applies `com.android.application`).
    package static let androidApp = ExampleFile.text(
        "android/app/build.gradle", "plugins {\n    id 'com.android.application'\n}\n")

    /// `android/app/src/main/kotlin/com/example/Channels.kt` whose body is `code` (Kotlin).
    package static func kotlin(_ code: String) -> ExampleFile {
        .text(
            "android/app/src/main/kotlin/com/example/Channels.kt",
            "package com.example\n\nimport android.app.NotificationChannel\nimport android.net.Uri\n\nfun channel(channel: NotificationChannel, packageName: String) {\n    \(code)\n}\n"
        )
    }
}
