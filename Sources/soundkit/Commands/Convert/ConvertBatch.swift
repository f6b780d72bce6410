import ArgumentParser
import Dispatch
import SoundKit
import SoundKitCodecs
import SoundKitContainers
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitReport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `convert INPUT... --output-dir DIR`: renders the library's plan (``BatchConverter/plan(_:into:options:)``: the
/// files found, their outputs, collisions), converts with ``BatchConverter`` and reports.
struct BatchCommand {
    let inputs: [String]
    let outputDir: String
    let options: OutputOptions
    let run: RunOptions

    private var format: ReportFormat { run.format ?? .text }
    /// `--platform`'s platforms, in the order of each job's outputs (none without it).
    private var platforms: [SoundPlatform] { run.platform.flatMap(SoundPlatform.named) ?? [] }

    /// Runs the batch; returns the exit status.
    func execute() throws -> Int32 {
        let clock = ContinuousClock()
        let start = clock.now
        guard options.fileType != nil || !platforms.isEmpty else {
            printError(
                "soundkit: error: --output-dir needs -f caff, AIFF, AIFC, WAVE or Ogg (or --platform): the outputs are named by it"
            )
            return 64
        }
        let targets: [BatchTarget]
        do {
            targets = try self.targets()
        } catch {
            emitError(error, format: format)
            return 1
        }
        let plan = BatchConverter.plan(inputs, into: outputDir, targets: targets)
        var document = ConvertDocument(files: [], skipped: [], converted: 0, failed: 0, seconds: 0)
        renderExclusions(plan.excluded, into: &document)
        if !plan.collisions.isEmpty {
            renderCollisions(plan.collisions, into: &document)
            document.failed = document.files.count
            document.seconds = seconds(clock.now - start)
            if format == .json { try printJSON(document) }
            return 1
        }
        let (results, printed) = convert(plan.jobs)
        let cancelled = record(results, printed: printed, into: &document)
        document.seconds = seconds(clock.now - start)
        try summarize(document, cancelled: cancelled)
        if cancelled > 0 { return 130 }
        return document.failed > 0 ? 1 : 0
    }

    /// Where every input goes: DIR with the options given, or each platform's folder with its file type and data
    /// format unless -f names one.
    func targets() throws -> [BatchTarget] {
        guard !platforms.isEmpty else {
            let conversion = try ConvertRequest.conversionOptions(options, output: nil, input: outputDir)
            return [BatchTarget(directory: outputDir, options: conversion, name: BatchTarget.keepingPath)]
        }
        return try platforms.map { p in
            var o = options
            if o.fileType == nil {
                o.fileType = p.defaultFileType.fileExtension
                o.dataFormat = o.dataFormat ?? p.defaultEncoding.description
            }
            return p.target(
                in: outputDir, options: try ConvertRequest.conversionOptions(o, output: nil, input: outputDir))
        }
    }

    /// The name a payload gives each output, by platform: `input: ios NAME.caf, android NAME`.
    func names(_ outputs: inout [ConvertDocument.Output], input: String) {
        guard !platforms.isEmpty else { return }
        var said: [String] = []
        for (i, p) in zip(outputs.indices, platforms) {
            let name = p.payloadName(ofOutput: outputs[i].path)
            outputs[i].platform = p.rawValue
            outputs[i].name = name
            said.append("\(p.rawValue) \(name)")
        }
        printInfo("\(input): \(said.joined(separator: ", "))", format: format)
    }

    /// The files the plan leaves out: a note for each skipped, an error for each failed.
    func renderExclusions(_ excluded: [BatchPlan.Exclusion], into document: inout ConvertDocument) {
        for exclusion in excluded {
            switch exclusion {
            case .notAudio(let path):
                printFinding(path, .note, .convert, "skipped, not audio", format: format)
                document.skipped.append(.init(path: path, reason: "not audio"))
            case .failed(let error):
                emitError(error, format: format)
                document.files.append(.init(input: error.path, outputs: [], error: describe(error)))
            }
        }
    }

    /// Outputs two inputs would write: an error for each, and every input involved fails.
    func renderCollisions(_ collisions: [OutputCollision], into document: inout ConvertDocument) {
        for c in collisions {
            let names = c.inputs.joined(separator: " and ")
            printFinding(
                c.output, .error, .convert,
                "\(names) would all be written here; nothing was converted "
                    + "(rename one, or convert them into different folders)", format: format)
            for input in c.inputs {
                let others = c.inputs.filter { $0 != input }.joined(separator: " and ")
                let error = "\(c.output) would also be written from \(others)"
                document.files.append(.init(input: input, outputs: [], error: error))
            }
        }
    }

    /// Converts the jobs, showing progress and errors as they come. Ctrl-C cancels the batch (the files under way
    /// leave nothing behind, those done are kept); a second one ends the process at once, removing the temporary
    /// files of the files under way.
    func convert(_ jobs: [ConversionJob]) -> BatchOutcome {
        let concurrency = run.jobs ?? BatchConverter.processorCount
        let verbose = run.verbose
        let format = format
        let interactive = Console.errorIsTerminal
        signal(SIGINT, SIG_IGN)
        let batch = Task { () -> BatchOutcome in
            var line = ProgressLine(enabled: interactive)
            var printed: Set<Int> = []
            let results =
                (try? await BatchConverter.convert(jobs, concurrency: concurrency) { p in
                    if case .finished(let r) = p.event {
                        line.clear()
                        switch r.outcome {
                        case .failure(let e):
                            // A cancelled file is counted in the summary, not reported as an error.
                            if e.reason != .cancelled { emitError(e, format: format) }
                            printed.insert(r.index)
                        case .success(let reports):
                            if verbose { for o in reports { printInfo(outputLine(o), format: format) } }
                        }
                    }
                    line.show(p)
                }) ?? []
            line.clear()
            return (results, printed)
        }
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        final class Count: @unchecked Sendable { var value = 0 }  // a source's events run one at a time
        let interrupts = Count()
        interrupt.setEventHandler {
            interrupts.value += 1
            if interrupts.value == 1 {
                batch.cancel()
            } else {
                // The second: the files under way are removed, and the process ends now. Not `raise`: this thread
                // is libdispatch's, which blocks SIGINT, so the signal would wait there while the process runs on.
                TemporaryFiles.removeAllAndEnd(by: SIGINT)
            }
        }
        interrupt.resume()
        let outcome = wait(for: batch)
        interrupt.cancel()
        signal(SIGINT, SIG_DFL)
        return outcome
    }

    /// Adds the results to the document, reporting the failures not yet reported; returns how many were cancelled.
    func record(_ results: [ConversionResult], printed: Set<Int>, into document: inout ConvertDocument) -> Int {
        var cancelled = 0
        for r in results {
            switch r.outcome {
            case .success(let reports):
                document.converted += 1
                var outputs = reports.map(ConvertDocument.Output.init)
                names(&outputs, input: r.input)
                document.files.append(.init(input: r.input, outputs: outputs, error: nil))
            case .failure(let e):
                if case .cancelled = e.reason { cancelled += 1 }
                // Failures found when the outputs were put in place come after the progress events.
                if !printed.contains(r.index) && e.reason != .cancelled { emitError(e, format: format) }
                document.files.append(.init(input: r.input, outputs: [], error: describe(e)))
            }
        }
        document.failed = document.files.count - document.converted
        return cancelled
    }

    /// The JSON document, or the last line counting what was converted, failed and skipped.
    func summarize(_ document: ConvertDocument, cancelled: Int) throws {
        if format == .json { return try printJSON(document) }
        let converted = document.converted
        let files = "\(converted) file\(converted == 1 ? "" : "s")"
        var summary =
            "soundkit: \(cancelled > 0 ? "interrupted; " : "")converted \(files), "
            + "\(document.failed - cancelled) failed"
        if cancelled > 0 { summary += ", \(cancelled) not converted" }
        if !document.skipped.isEmpty { summary += ", \(document.skipped.count) skipped (not audio)" }
        summary += ", in \(decimal(document.seconds, 2)) s"
        printError(summary)
    }
}

/// The outcome of a batch: the results, and which failures were reported while it ran.
typealias BatchOutcome = (results: [ConversionResult], printed: Set<Int>)

/// Blocks the calling thread (the main thread, which is not one of the threads tasks run on) until `task` ends.
/// The commands are synchronous so that those that run no task never start the concurrency runtime's main queue.
func wait(for task: Task<BatchOutcome, Never>) -> BatchOutcome {
    final class Box: @unchecked Sendable {
        // Written once by the task before it signals, read once after the wait: the semaphore orders them.
        var value: BatchOutcome = ([], [])
    }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await task.value
        done.signal()
    }
    done.wait()
    return box.value
}

/// `-v`'s line for one output.
func outputLine(_ r: ConversionReport) -> String {
    let f = r.layout.format
    var line =
        "Output file: \(r.outputPath), \(r.layout.fileType.fileTypeID ?? r.layout.fileType.name), \(f.channels) ch, \(decimal(f.sampleRate, 0)) Hz, \(f.encoding), \(r.totals.validFrames) frames, \(r.totals.packets) packets, \(r.totals.dataBytes) audio bytes"
    if let n = r.normalization {
        line +=
            "; normalized: \(LoudnessReading.measured(n.before).summary) before, gain \(decimal(n.gain, 2)) dB, \(LoudnessReading.measured(n.after).summary) after"
    }
    return line
}

/// The live line on a terminal's standard error: `[done/total] current file  elapsed, ETA`, rewritten in place.
/// Disabled, it writes nothing (standard error is a pipe or a file: no carriage returns, no escapes).
struct ProgressLine {
    let enabled: Bool
    private var visible = false
    private var drawn: Duration?

    init(enabled: Bool) { self.enabled = enabled }

    /// Draws the line, at most 20 times a second (and always for the last file).
    mutating func show(_ p: BatchProgress) {
        guard enabled else { return }
        if visible, let last = drawn, p.elapsed - last < .milliseconds(50), p.done < p.total { return }
        drawn = p.elapsed
        let elapsed = seconds(p.elapsed)
        var tail = "\(clock(elapsed)) elapsed"
        if p.done > 0 && p.done < p.total {
            tail += ", ETA \(clock(elapsed / Double(p.done) * Double(p.total - p.done)))"
        }
        let head = "[\(p.done)/\(p.total)\(p.failed > 0 ? ", \(p.failed) failed" : "")] "
        var name = p.current ?? ""
        let room = Self.columns() - 1 - head.count - tail.count - 2
        if name.count > room { name = room > 1 ? "…" + name.suffix(room - 1) : "" }
        write("\r\u{1B}[K" + head + name + "  " + tail)
        visible = true
    }

    /// Removes the line, so that a finding or the summary prints on a clean line.
    mutating func clear() {
        guard enabled, visible else { return }
        write("\r\u{1B}[K")
        visible = false
    }

    private func write(_ s: String) { writeError(s) }

    private func clock(_ seconds: Double) -> String {
        let s = Int(seconds.isFinite ? Swift.min(Swift.max(seconds, 0), 359_999) : 0)
        let sec = s % 60
        return "\(s / 60):\(sec < 10 ? "0" : "")\(sec)"
    }

    /// The terminal's width (80 when it cannot be asked).
    static func columns() -> Int {
        #if canImport(Darwin)
            let request: UInt = 0x4008_7468  // TIOCGWINSZ, a macro Swift does not import on Darwin
        #else
            let request = UInt(TIOCGWINSZ)
        #endif
        var size = winsize()
        let r = withUnsafeMutablePointer(to: &size) { ioctl(2, request, $0) }
        return r == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }
}
