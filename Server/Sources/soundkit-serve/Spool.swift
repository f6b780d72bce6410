import Foundation
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An upload as the work receives it: its bytes, or the file they were spooled to (named as the upload was, in a
/// folder of its own under the server's scratch folder).
enum Upload: Sendable {
    case memory([UInt8])
    case file(path: String, folder: String)
}

/// An upload's body as it arrives: in memory up to `threshold` bytes, then in a file, so that the uploads waiting in
/// the queue cost disk (or tmpfs) rather than the process's memory. ``discard()`` removes the file, whatever happened
/// to the request; after it, nothing more is written or created.
final class UploadBody: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    private let lock = Mutex(())
    private let scratch: String
    private let threshold: Int
    private let name: String
    private var bytes: [UInt8] = []
    private var fd: Int32 = -1
    private var folder: String?
    private var path: String?
    private var discarded = false
    private var received = 0

    /// A body named `name` (the request's `name=`) that spools past `threshold` bytes into a folder in `scratch`;
    /// `expected` is its `Content-Length`, when it has one.
    init(scratch: String, threshold: Int, name: String?, expected: Int?) {
        self.scratch = scratch
        self.threshold = threshold
        self.name = SoundInput.uploadName(name ?? SoundInput.bytesName)
        if let expected, expected > 0 { bytes.reserveCapacity(Swift.min(expected, threshold)) }
    }

    /// Bytes received so far.
    var count: Int { lock.withLock { _ in received } }

    /// Adds `chunk`; throws a 500 whose cause names the errno when the spool file cannot be made or written (a full
    /// TMPDIR says so in the log), or when the body was discarded.
    func append(_ chunk: UnsafeRawBufferPointer) throws(Refusal) {
        try lock.withLock { _ throws(Refusal) in
            guard !discarded else { throw Refusal.internalError("the upload was discarded") }
            if fd < 0 && bytes.count + chunk.count > threshold {
                try openSpool()
                let held = bytes
                bytes = []
                try Refusal.write(held, to: fd, "spooling")
            }
            if fd >= 0 {
                try Refusal.write(chunk, to: fd, "spooling")
            } else {
                bytes.append(contentsOf: chunk)
            }
            received += chunk.count
        }
    }

    /// The whole upload, once its body has ended.
    func finish() throws(Refusal) -> Upload {
        try lock.withLock { _ throws(Refusal) in
            guard !discarded else { throw Refusal.internalError("the upload was discarded") }
            guard fd >= 0, let path, let folder else { return .memory(bytes) }
            close(fd)
            fd = -1
            return .file(path: path, folder: folder)
        }
    }

    /// Closes and removes the spool file and its folder; later appends fail.
    func discard() {
        lock.withLock { _ in
            discarded = true
            bytes = []
            if fd >= 0 { close(fd) }
            fd = -1
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
        }
    }

    private func openSpool() throws(Refusal) {
        var template = Array((scratch + "/u-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw Refusal.systemFailure("making the spool folder") }
        let folder = String(cString: made)
        self.folder = folder
        let path = folder + "/" + name
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Refusal.systemFailure("making the spool file") }
    }
}
