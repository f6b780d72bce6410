import SoundKitIO

/// An Xcode project (`Name.xcodeproj`) read into the targets it builds and the files each puts in its product:
/// `project.pbxproj` in any of its encodings, or Xcode 27's `project.xcproj`.
package enum XcodeProject {
    /// The two files a `.xcodeproj` may describe the project in.
    package enum Format: String, Sendable, CaseIterable {
        /// `project.pbxproj`: a property list (OpenStep text, XML, binary or JSON).
        case pbxproj = "project.pbxproj"
        /// `project.xcproj`: Xcode 27's JSON5 format.
        case xcproj = "project.xcproj"
    }

    /// The largest project file read.
    package static let maxBytes = OpenStepReader.maxBytes

    /// Which project files `xcodeproj` holds (both is a mistake Xcode refuses to open).
    package static func formats(in xcodeproj: String) -> [Format] {
        Format.allCases.filter { FileSystem.exists(FileSystem.join(xcodeproj, $0.rawValue)) }
    }

    /// Reads the project `xcodeproj` (a path as reports name it, read relative to the working folder): its
    /// `project.pbxproj`, or its `project.xcproj` when it has no pbxproj. With `checkout` (the checked folder) the
    /// reader looks at no file outside it: what the project names there does not exist in the checkout.
    package static func read(_ xcodeproj: String, checkout: String? = nil) throws(ProjectReadError) -> ProjectReading {
        let formats = formats(in: xcodeproj)
        guard let format = formats.first else {
            throw ProjectReadError(
                site: SourceSite(path: xcodeproj, line: 1, column: 1),
                message: "holds neither project.pbxproj nor project.xcproj")
        }
        let path = FileSystem.join(xcodeproj, format.rawValue)
        let bytes = try readBytes(path, maxBytes: maxBytes)
        var reading = try read(bytes, format: format, xcodeproj: xcodeproj, checkout: checkout)
        if formats.count > 1 {
            reading.notes.append(
                ProjectNote(
                    site: SourceSite(path: path, line: 1, column: 1),
                    message:
                        "\(xcodeproj) holds both project.pbxproj and project.xcproj; Xcode opens neither; project.pbxproj was read"
                ))
        }
        return reading
    }

    /// Reads a project file's bytes as `format`, for the project `xcodeproj`, looking only inside `checkout` when
    /// given.
    package static func read(
        _ bytes: [UInt8], format: Format, xcodeproj: String, checkout: String? = nil
    ) throws(ProjectReadError) -> ProjectReading {
        let view = CheckoutView(root: checkout)
        switch format {
        case .pbxproj: return try PBXProjGraph.read(bytes, xcodeproj: xcodeproj, checkout: view)
        case .xcproj: return try XCProjReader.read(bytes, xcodeproj: xcodeproj, checkout: view)
        }
    }

    /// A project file's bytes, at most `maxBytes`.
    static func readBytes(_ path: String, maxBytes: Int) throws(ProjectReadError) -> [UInt8] {
        let site = SourceSite(path: path, line: 1, column: 1)
        do {
            let file = try InputFile(path: path)
            guard file.size <= Int64(maxBytes) else {
                throw ProjectReadError(site: site, message: "the file is over \(maxBytes) bytes; it is not read")
            }
            return try file.read(at: 0, count: maxBytes)
        } catch let e as ProjectReadError {
            throw e
        } catch let e as AudioFileError {
            throw ProjectReadError(site: site, message: e.message)
        } catch {
            throw ProjectReadError(site: site, message: "\(error)")
        }
    }
}
