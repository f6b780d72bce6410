import Testing

@testable import SoundKitProjects

@Suite struct ProjectModelTests {
    @Test func aSiteReadsAsAnEditorJumpsToIt() {
        #expect(
            SourceSite(path: "ios/Runner/AppDelegate.swift", line: 12, column: 7).description
                == "ios/Runner/AppDelegate.swift:12:7")
    }
}
