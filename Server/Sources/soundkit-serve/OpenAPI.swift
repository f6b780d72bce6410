@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitServer

/// `GET /openapi.yaml`: the OpenAPI 3.1 document of every route, its parameters, bodies and error responses.
/// `scripts/api-check` runs schemathesis against it on a live server. The lists the code owns (providers, platforms,
/// error codes) are written from the code, so the document cannot fall behind it.
enum OpenAPI {
    /// Every push provider `provider=` takes.
    static let providers = PushProvider.allCases.map(\.rawValue)
    /// Every platform `platform=` takes: each one, or `all`.
    static let platforms = SoundPlatform.allCases.map(\.rawValue) + ["all"]
    /// Every `code` an error answer carries: the library's, and the HTTP layer's own.
    static let errorCodes =
        SoundKitError.Code.allCases.map(\.rawValue) + ServiceCode.allCases.map(\.rawValue)

    static let document = """
        openapi: 3.1.0
        info:
          title: soundkit serve
          version: "1"
          description: >-
            Notification sounds as a service: upload a sound, get the file iOS plays (IMA4 in CAF), Android's
            (Ogg Vorbis under a res/raw-safe name) and what the checker finds. Bodies are the raw file bytes.
            Every error is {"code", "message"} in words a customer can be shown.
        servers:
          - url: /
        security:
          - {}
          - bearer: []
        components:
          securitySchemes:
            bearer:
              type: http
              scheme: bearer
              description: Required on /v1 when the server runs with --token-file.
          parameters:
            name:
              name: name
              in: query
              required: false
              description: The upload's file name (its extension helps recognise the format); never a server path.
              schema: {type: string, maxLength: 255}
          requestBodies:
            upload:
              required: true
              content:
                application/octet-stream:
                  schema: {type: string, format: binary}
          schemas:
            Error:
              type: object
              required: [code, message]
              properties:
                code:
                  type: string
                  enum: [\(errorCodes.joined(separator: ", "))]
                message: {type: string}
            Finding:
              type: object
              required: [severity, rule, message]
              properties:
                severity: {type: string, enum: [error, warning, note]}
                rule: {type: string}
                message: {type: string}
                line: {type: integer}
                column: {type: integer}
            Report:
              type: object
              required: [version, files]
              properties:
                version: {type: integer}
                files:
                  type: array
                  items:
                    type: object
                    required: [path, findings]
                    properties:
                      path: {type: string}
                      findings: {type: array, items: {$ref: "#/components/schemas/Finding"}}
            Prepared:
              type: object
              required: [version, outputs, trimmed]
              properties:
                version: {type: integer}
                trimmed: {type: boolean}
                source: {type: object}
                outputs:
                  type: array
                  items:
                    type: object
                    required: [platform, name, contentType, bytes, findings, trimmed, isPlayable, source, output]
                    properties:
                      platform: {type: string, enum: [ios, android]}
                      name: {type: string}
                      contentType: {type: string, enum: [audio/x-caf, audio/ogg]}
                      bytes: {type: string, contentEncoding: base64}
                      findings: {type: array, items: {$ref: "#/components/schemas/Finding"}}
                      trimmed: {type: boolean}
                      isPlayable: {type: boolean}
                      source: {type: object}
                      output: {type: object}
                      normalization: {type: object}
          responses:
            error:
              description: An error, in words a customer can be shown.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/Error"}
            retry:
              description: The queue is full (429), or the server drains or is at its connection cap (503).
              headers:
                Retry-After: {schema: {type: integer}}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/Error"}
        paths:
          /v1/sounds/prepare:
            post:
              summary: Make a sound's files for iOS and/or Android, with the findings on each.
              parameters:
                - $ref: "#/components/parameters/name"
                - {name: platform, in: query, schema: {type: string, enum: [\(platforms.joined(separator: ", "))]}}
                - {name: loudness, in: query, description: Integrated loudness in LUFS, schema: {type: number, minimum: -70, maximum: 0}}
                - {name: quality, in: query, schema: {type: string, enum: [apple, standard, high, best]}}
              requestBody: {$ref: "#/components/requestBodies/upload"}
              responses:
                "200":
                  description: >-
                    JSON by default; Accept application/zip gives ios/NAME.caf and android/res/raw/NAME.ogg; Accept
                    audio/x-caf or audio/ogg with one platform gives that file alone.
                  content:
                    application/json: {schema: {$ref: "#/components/schemas/Prepared"}}
                    application/zip: {schema: {type: string, format: binary}}
                    audio/x-caf: {schema: {type: string, format: binary}}
                    audio/ogg: {schema: {type: string, format: binary}}
                "400": {$ref: "#/components/responses/error"}
                "401": {$ref: "#/components/responses/error"}
                "406": {$ref: "#/components/responses/error"}
                "408": {$ref: "#/components/responses/error"}
                "413": {$ref: "#/components/responses/error"}
                "500": {$ref: "#/components/responses/error"}
                "504": {$ref: "#/components/responses/error"}
                "415": {$ref: "#/components/responses/error"}
                "422": {$ref: "#/components/responses/error"}
                "429": {$ref: "#/components/responses/retry"}
                "503": {$ref: "#/components/responses/retry"}
          /v1/sounds/check:
            post:
              summary: Check a sound, an .ipa, an .apk or an .aab as soundkit check --format json does.
              parameters: [{$ref: "#/components/parameters/name"}]
              requestBody: {$ref: "#/components/requestBodies/upload"}
              responses:
                "200": {description: The findings., content: {application/json: {schema: {$ref: "#/components/schemas/Report"}}}}
                "400": {$ref: "#/components/responses/error"}
                "401": {$ref: "#/components/responses/error"}
                "408": {$ref: "#/components/responses/error"}
                "413": {$ref: "#/components/responses/error"}
                "500": {$ref: "#/components/responses/error"}
                "504": {$ref: "#/components/responses/error"}
                "429": {$ref: "#/components/responses/retry"}
                "503": {$ref: "#/components/responses/retry"}
          /v1/sounds/info:
            post:
              summary: Describe a sound as soundkit info --format json does.
              parameters: [{$ref: "#/components/parameters/name"}]
              requestBody: {$ref: "#/components/requestBodies/upload"}
              responses:
                "200":
                  description: The description and loudness.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [version, files]
                        properties:
                          version: {type: integer}
                          files: {type: array, items: {type: object}}
                "400": {$ref: "#/components/responses/error"}
                "401": {$ref: "#/components/responses/error"}
                "404": {$ref: "#/components/responses/error"}
                "408": {$ref: "#/components/responses/error"}
                "413": {$ref: "#/components/responses/error"}
                "500": {$ref: "#/components/responses/error"}
                "504": {$ref: "#/components/responses/error"}
                "415": {$ref: "#/components/responses/error"}
                "422": {$ref: "#/components/responses/error"}
                "429": {$ref: "#/components/responses/retry"}
                "503": {$ref: "#/components/responses/retry"}
          /v1/payloads/check:
            post:
              summary: Check a push request body as soundkit payload --format json does (no sound is looked for).
              parameters:
                - $ref: "#/components/parameters/name"
                - {name: provider, in: query, schema: {type: string, enum: [\(providers.joined(separator: ", "))]}}
              requestBody:
                required: true
                content:
                  application/json: {schema: {}}
                  application/octet-stream: {schema: {type: string, format: binary}}
              responses:
                "200": {description: The findings, with line and column., content: {application/json: {schema: {$ref: "#/components/schemas/Report"}}}}
                "400": {$ref: "#/components/responses/error"}
                "401": {$ref: "#/components/responses/error"}
                "408": {$ref: "#/components/responses/error"}
                "413": {$ref: "#/components/responses/error"}
                "500": {$ref: "#/components/responses/error"}
                "504": {$ref: "#/components/responses/error"}
                "429": {$ref: "#/components/responses/retry"}
                "503": {$ref: "#/components/responses/retry"}
          /v1/rules:
            get:
              summary: The rules, as soundkit rules --format json lists them.
              responses:
                "200":
                  description: Every rule.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [version, rules]
                        properties:
                          version: {type: integer}
                          rules: {type: array, items: {type: object, required: [id, severity, severities, summary]}}
                "401": {$ref: "#/components/responses/error"}
          /healthz:
            get:
              summary: Alive.
              security: [{}]
              responses:
                "200": {description: Alive., content: {application/json: {schema: {type: object}}}}
          /readyz:
            get:
              summary: Ready for work; 503 while draining.
              security: [{}]
              responses:
                "200": {description: Ready., content: {application/json: {schema: {type: object}}}}
                "503": {$ref: "#/components/responses/retry"}
          /metrics:
            get:
              summary: Prometheus text exposition.
              security: [{}]
              responses:
                "200": {description: Metrics., content: {text/plain: {schema: {type: string}}}}
          /openapi.yaml:
            get:
              summary: This document.
              security: [{}]
              responses:
                "200": {description: OpenAPI 3.1., content: {application/yaml: {schema: {type: string}}}}
          /:
            get:
              summary: The page.
              security: [{}]
              responses:
                "200": {description: HTML., content: {text/html: {schema: {type: string}}}}

        """
}
