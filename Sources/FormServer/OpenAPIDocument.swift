import FormCore

/// The OpenAPI 3.1 description of the server, served at /openapi.json; a test checks that every
/// route the server has is here and that responses match it.
enum OpenAPIDocument {
    /// The document with the form names the server has as the `name` parameter's values, so a
    /// client generator (or a fuzzer) knows them, and, for routes mounted under `prefix`, that
    /// prefix as the server's URL (the paths are the routes' own). At the root there is no
    /// `servers`: OpenAPI's default is `/`.
    static func json(formNames: [String], mountedAt prefix: String = "") throws -> String {
        var document = try FormValue(json: template)
        try document.setValue(.array(formNames.map(FormValue.string)), at: ValuePath(parsing: "components.parameters.name.schema.enum"))
        if !prefix.isEmpty {
            try document.setValue([["url": .string(prefix)]], at: ValuePath(parsing: "servers"))
        }
        return document.jsonString()
    }

    static let template = #"""
    {
      "openapi": "3.1.0",
      "info": {"title": "formctl serve", "version": "1", "description": "QuickDialog forms over HTTP: definitions, live field state, submissions and drafts."},
      "components": {
        "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "description": "--token-file's token (every right), or one of formctl token create: read, write or admin on a form."}},
        "parameters": {
          "name": {"name": "name", "in": "path", "required": true, "schema": {"type": "string"}, "description": "The form's name (its file name without .json)."},
          "id": {"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}},
          "resume": {"name": "Resume-Token", "in": "header", "required": false, "schema": {"type": "string"},
            "description": "The resume_token the draft was created with; not needed with a bearer token with write access to the form."},
          "idempotencyKey": {"name": "Idempotency-Key", "in": "header", "required": false,
            "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"},
            "description": "1 to 255 visible ASCII characters (else 400). A write that stored keeps its answer under the key for 24 hours: a retry with the same key and the same request (method, path, content type, body, Authorization, Resume-Token) gets the same status and body without storing again (a draft's resume_token is given once: the replay leaves it out). The same key with another request is 422; while the first is still being handled, 409. Answers of writes that stored nothing are not kept."}
        },
        "schemas": {
          "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}},
          "FieldError": {"type": "object", "required": ["path", "rule", "message"],
            "properties": {"path": {"type": "string"}, "rule": {"type": "string"}, "message": {"type": "string"}}},
          "Invalid": {"type": "object", "required": ["error", "errors"],
            "properties": {"error": {"type": "string"}, "errors": {"type": "array", "items": {"$ref": "#/components/schemas/FieldError"}}}},
          "Answers": {"type": "object", "description": "Values keyed by element key; repeats as arrays of objects.", "additionalProperties": true},
          "Stored": {"type": "object", "required": ["id", "uuid", "form", "version", "status"],
            "properties": {"id": {"type": "integer"}, "uuid": {"type": "string"}, "form": {"type": "string"},
              "version": {"type": "integer"}, "status": {"type": "string", "enum": ["final", "draft"]},
              "resume_token": {"type": "string", "description": "Only when a draft is created, and only then: send it as Resume-Token to change or finalize the draft."}}},
          "Submission": {"type": "object", "required": ["id", "uuid", "form", "version", "status", "created_at", "updated_at", "data"],
            "properties": {"id": {"type": "integer"}, "uuid": {"type": "string"}, "form": {"type": "string"}, "version": {"type": "integer"},
              "status": {"type": "string", "enum": ["final", "draft"]}, "created_at": {"type": "string"}, "updated_at": {"type": "string"},
              "data": {"type": "object"}}},
          "FieldState": {"type": "object", "required": ["path", "key", "title", "visible", "enabled", "required", "value", "errors"],
            "properties": {"path": {"type": ["string", "null"]}, "key": {"type": ["string", "null"]}, "title": {"type": ["string", "null"]},
              "visible": {"type": "boolean"}, "enabled": {"type": "boolean"}, "required": {"type": "boolean"}, "value": {},
              "errors": {"type": "array", "items": {"type": "object", "required": ["rule", "message"],
                "properties": {"rule": {"type": "string"}, "message": {"type": "string"}}}}}},
          "State": {"type": "object", "required": ["fields", "repeats"],
            "properties": {"fields": {"type": "array", "items": {"$ref": "#/components/schemas/FieldState"}},
              "repeats": {"type": "array", "items": {"type": "object", "required": ["path", "count", "growable"],
                "properties": {"path": {"type": "string"}, "count": {"type": "integer"}, "growable": {"type": "boolean"}}}}}}
        },
        "responses": {
          "BadRequest": {"description": "The body or a parameter cannot be read.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "NotFound": {"description": "No such form or submission.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "TooLarge": {"description": "The body is over the size limit.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "UnsupportedType": {"description": "Not application/json (or an HTML form).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "TooManyWrites": {"description": "This client address made more writes than --rate-limit allows (only when the server was started with it): nothing was stored; try again after Retry-After seconds.",
            "headers": {"Retry-After": {"schema": {"type": "string"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Busy": {"description": "The store is busy, or the request ran past its time limit and was stopped: nothing was stored; try again after Retry-After seconds.", "headers": {"Retry-After": {"schema": {"type": "string"}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Unauthorized": {"description": "A valid bearer token is needed.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Forbidden": {"description": "The token does not give this access to the form, the form is private, or the request is a cross-site post (an Origin that is not this server, or a browser's post without the page's token).",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
          "NoDraft": {"description": "No draft with this id on this form that the request may change: the same answer whatever the reason.",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
        }
      },
      "paths": {
        "/forms": {"get": {"summary": "The forms served", "responses": {"200": {"description": "Every form", "content": {"application/json": {"schema":
          {"type": "array", "items": {"type": "object", "required": ["name", "title", "version"],
            "properties": {"name": {"type": "string"}, "title": {"type": ["string", "null"]}, "version": {"type": "integer"}}}}}}}}}},
        "/forms/{name}": {"get": {"summary": "The form: QuickDialog JSON bound to its data (Accept: application/json), or an HTML page (Accept: text/html)",
          "parameters": [{"$ref": "#/components/parameters/name"},
            {"name": "data", "in": "query", "required": false, "schema": {"type": "string"}, "description": "JSON data to bind the form to."}],
          "responses": {"200": {"description": "The bound definition", "content": {"application/json": {"schema": {"type": "object"}}, "text/html": {"schema": {"type": "string"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"}, "404": {"$ref": "#/components/responses/NotFound"}}}},
        "/forms/{name}/state": {"post": {"summary": "The live state of every field for the values so far",
          "parameters": [{"$ref": "#/components/parameters/name"}],
          "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "properties": {"values": {"$ref": "#/components/schemas/Answers"}}}}}},
          "responses": {"200": {"description": "Field states", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/State"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"}, "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "413": {"$ref": "#/components/responses/TooLarge"}, "415": {"$ref": "#/components/responses/UnsupportedType"},
            "422": {"description": "A key the form does not have, or a computed field", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Invalid"}}}}}}},
        "/forms/{name}/submissions": {
          "post": {"summary": "Submit (or with draft=true save a draft, answered with its resume_token); a --private form needs a bearer token with write access",
            "security": [{}, {"bearer": []}],
            "parameters": [{"$ref": "#/components/parameters/name"}, {"$ref": "#/components/parameters/idempotencyKey"},
              {"name": "draft", "in": "query", "required": false, "schema": {"type": "string", "enum": ["true", "false"]}}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Answers"}}}},
            "responses": {"201": {"description": "Stored", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Stored"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"}, "401": {"$ref": "#/components/responses/Unauthorized"},
              "403": {"$ref": "#/components/responses/Forbidden"}, "404": {"$ref": "#/components/responses/NotFound"},
              "409": {"description": "An action cancelled the submit, or a request with this Idempotency-Key is still being handled", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "413": {"$ref": "#/components/responses/TooLarge"}, "415": {"$ref": "#/components/responses/UnsupportedType"},
              "422": {"description": "Invalid values, every one; or the Idempotency-Key was used for another request", "content": {"application/json": {"schema":
                {"anyOf": [{"$ref": "#/components/schemas/Invalid"}, {"$ref": "#/components/schemas/Error"}]}}}},
              "429": {"$ref": "#/components/responses/TooManyWrites"},
              "503": {"$ref": "#/components/responses/Busy"}}},
          "get": {"summary": "Stored submissions of the form: one JSON object per line, or with Accept: text/csv the CSV formctl dump --format csv writes. A filter that matches no row is an empty 200 (the CSV header); an unknown version is a 404", "security": [{"bearer": []}],
            "parameters": [{"$ref": "#/components/parameters/name"},
              {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["final", "draft", "all"]}},
              {"name": "since", "in": "query", "schema": {"type": "string"}, "description": "ISO 8601; created at or after"},
              {"name": "until", "in": "query", "schema": {"type": "string"}, "description": "ISO 8601; created before"},
              {"name": "version", "in": "query", "schema": {"type": "integer", "minimum": 1}},
              {"name": "order", "in": "query", "schema": {"type": "string", "enum": ["id", "created", "updated"]}},
              {"name": "desc", "in": "query", "schema": {"type": "string", "enum": ["true", "false"]}},
              {"name": "table", "in": "query", "schema": {"type": "string"}, "description": "CSV only: one table of dump --repeats separate, submissions or a repeat's column name (guests)"}],
            "responses": {"200": {"description": "NDJSON, or CSV (RFC 4180, CRLF) with Accept: text/csv", "content": {"application/x-ndjson": {"schema": {"type": "string"}},
                "text/csv": {"schema": {"type": "string"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"}, "401": {"$ref": "#/components/responses/Unauthorized"},
              "403": {"$ref": "#/components/responses/Forbidden"}, "404": {"$ref": "#/components/responses/NotFound"}}}},
        "/forms/{name}/submissions/{id}": {
          "put": {"summary": "Update a draft (draft=true) or finalize it: with its Resume-Token, or a bearer token with write access to the form",
            "security": [{}, {"bearer": []}],
            "parameters": [{"$ref": "#/components/parameters/name"}, {"$ref": "#/components/parameters/id"}, {"$ref": "#/components/parameters/resume"},
              {"$ref": "#/components/parameters/idempotencyKey"},
              {"name": "draft", "in": "query", "required": false, "schema": {"type": "string", "enum": ["true", "false"]}}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Answers"}}}},
            "responses": {"200": {"description": "Stored", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Stored"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"}, "401": {"$ref": "#/components/responses/Unauthorized"},
              "403": {"$ref": "#/components/responses/Forbidden"}, "404": {"$ref": "#/components/responses/NoDraft"},
              "409": {"description": "An action cancelled the submit, or a request with this Idempotency-Key is still being handled", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "413": {"$ref": "#/components/responses/TooLarge"}, "415": {"$ref": "#/components/responses/UnsupportedType"},
              "422": {"description": "Invalid values; or the Idempotency-Key was used for another request", "content": {"application/json": {"schema":
                {"anyOf": [{"$ref": "#/components/schemas/Invalid"}, {"$ref": "#/components/schemas/Error"}]}}}},
              "429": {"$ref": "#/components/responses/TooManyWrites"},
              "503": {"$ref": "#/components/responses/Busy"}}}},
        "/forms/{name}/drafts/{id}": {"get": {"summary": "A draft's HTML page, filled with its values: the address the page's Save draft button redirects to (303). Its form posts back here with the token in a hidden field",
          "parameters": [{"$ref": "#/components/parameters/name"}, {"$ref": "#/components/parameters/id"},
            {"name": "resume", "in": "query", "required": true, "schema": {"type": "string"}, "description": "The draft's resume token: the page's address is a secret."}],
          "responses": {"200": {"description": "The page, sent with Referrer-Policy: same-origin and Cache-Control: no-store", "content": {"text/html": {"schema": {"type": "string"}}}},
            "404": {"description": "No such form (JSON), or no draft at this address that the token opens: one page whatever the reason (no such id, another form's, final, a wrong token)",
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
            "503": {"$ref": "#/components/responses/Busy"}}}},
        "/submissions/{id}": {"get": {"summary": "One stored submission", "security": [{"bearer": []}],
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "responses": {"200": {"description": "The submission", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Submission"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"}, "401": {"$ref": "#/components/responses/Unauthorized"},
            "404": {"$ref": "#/components/responses/NotFound"}}}},
        "/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1", "content": {"application/json": {"schema": {"type": "object"}}}}}}}
      }
    }
    """#
}
