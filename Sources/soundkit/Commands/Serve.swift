import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `soundkit serve`: runs `soundkit-serve`, the HTTP service, from the folder this executable is in. The server is
/// a program of its own so that soundkit links no swift-nio and every other command starts as fast as before.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve soundkit over HTTP: prepare, check and describe uploaded sounds, and a page at /.",
        discussion: """
            soundkit serve [--host 127.0.0.1] [--port 8080] [--max-upload-mb 64] [--jobs N] [--queue N] \
            [--timeout SECONDS] [--token-file FILE] [--cors ORIGIN] [--spool-above-kb 1024] [--max-connections 256] \
            [--body-timeout 10] [--idle-timeout 75]

            Prints `listening on http://HOST:PORT` when ready (--port 0 takes a free port). POST a sound to \
            /v1/sounds/prepare for iOS's CAF, Android's Ogg and the findings; GET /openapi.yaml lists every route. \
            SIGTERM or SIGINT drains the server and exits 0. Runs soundkit-serve, installed beside soundkit.
            """)

    @Argument(parsing: .captureForPassthrough, help: "The server's options (see above).")
    var options: [String] = []

    func run() throws {
        Self.exec(options)
    }

    /// Replaces this process with `soundkit-serve ARGUMENTS`; returns only by exiting when it cannot.
    static func exec(_ arguments: [String]) -> Never {
        let server = serverPath()
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        printError(
            "soundkit: error: cannot run \(server) (\(String(cString: strerror(errno)))): install soundkit-serve beside soundkit"
        )
        #if canImport(Darwin)
            Darwin.exit(1)
        #else
            Glibc.exit(1)
        #endif
    }

    /// `soundkit-serve` in the folder this executable really is in: through symbolic links (Homebrew's
    /// `HOMEBREW_PREFIX/bin/soundkit` is one, to the Cellar's `bin`, where soundkit-serve was installed beside it).
    static func serverPath() -> String {
        let own = ownPath()
        guard let slash = own.lastIndex(of: "/") else { return "soundkit-serve" }
        return String(own[...slash]) + "soundkit-serve"
    }

    /// This executable's path, symbolic links resolved: Linux's `/proc/self/exe` is resolved already; macOS's
    /// `_NSGetExecutablePath` is the path it was started by (a symbolic link, or relative), which `realpath` resolves.
    static func ownPath() -> String {
        var buffer = [CChar](repeating: 0, count: 4097)
        #if canImport(Darwin)
            var size = UInt32(buffer.count - 1)
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return CommandLine.arguments[0] }
            guard let real = realpath(buffer, nil) else { return Self.text(buffer) }
            defer { free(real) }
            return String(cString: real)
        #else
            let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            // n == count - 1 may be a path cut short: argv[0] is then the better guess.
            return n > 0 && n < buffer.count - 1 ? Self.text(buffer) : CommandLine.arguments[0]
        #endif
    }

    /// The text of a C string in `buffer`, up to its first NUL.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
