// Placeholder for the frameworks' layouts (Frameworks/, issue 42): removed when they land.

/// Placeholder: the frameworks' layouts (Frameworks/).
enum FrameworkLayouts {
    static func read(_ files: RepositoryFiles) -> [ProjectReading] { [] }
}
