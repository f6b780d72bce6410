// Placeholders for the readers written beside this (issue 42): removed as each lands.

/// Placeholder: the call-site scanners (Scanners/).
package enum SourceScanner {
    package static func isScanned(path: String) -> Bool { false }
    package static func scan(_ bytes: [UInt8], path: String) -> SourceScan? { nil }
}

/// Placeholder: the Xcode project reader (Xcode/).
package enum XcodeProject {
    package static func read(_ xcodeproj: String) throws(ProjectReadError) -> ProjectReading {
        ProjectReading(project: xcodeproj)
    }
}

/// Placeholder: the XcodeGen reader (Xcode/).
package enum XcodeGenSpec {
    package static func read(_ projectYML: String) throws(ProjectReadError) -> ProjectReading {
        ProjectReading(project: projectYML)
    }
}

/// Placeholder: the frameworks' layouts (Frameworks/).
enum FrameworkLayouts {
    static func read(_ files: RepositoryFiles) -> [ProjectReading] { [] }
}
