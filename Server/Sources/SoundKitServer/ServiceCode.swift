/// The error codes only the HTTP server answers with, beside the library's own (`SoundKitError.Code`): declared once,
/// for the answers and for `/openapi.yaml`'s list of codes.
package enum ServiceCode: String, CaseIterable, Sendable {
    /// The upload or the push body is larger than the route takes (413).
    case tooLarge = "too-large"
    /// No place for the upload (429), or the server is draining or full of connections (503): try again shortly.
    case busy
    /// The request came too slowly (408), or its work ran past `--timeout` (504).
    case timedOut = "timed-out"
    /// `/v1` needs the bearer token `--token-file` names (401).
    case unauthorized
    /// No route has that path (404).
    case noRoute = "no-route"
    /// The route takes another method (405).
    case methodNotAllowed = "method-not-allowed"
    /// `Accept` asks for nothing the route makes (406).
    case notAcceptable = "not-acceptable"
}
