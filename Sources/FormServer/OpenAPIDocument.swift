import FormCore

/// The OpenAPI 3.1 description of the server, served at /openapi.json; a test checks that every
/// route the server has is here and that responses match it.
enum OpenAPIDocument {
    /// The document with the form names the server has as the `name` parameter's values, so a
    /// client generator (or a fuzzer) knows them, and, for routes mounted under `prefix`, that
    /// prefix as the server's URL (the paths are the routes' own). At the root there is no
    /// `servers`: OpenAPI's default is `/`. With `operations`, the health and metrics
    /// endpoints `formctl serve` adds are described too.
    static func json(formNames: [String], mountedAt prefix: String = "", operations: Bool = false) throws -> String {
        var document = try FormValue(json: template)
        try document.setValue(.array(formNames.map(FormValue.string)), at: ValuePath(parsing: "components.parameters.name.schema.enum"))
        if operations, case .object(var root) = document, case .object(var paths) = root["paths"],
           case .object(let added) = try FormValue(json: operationsPaths) {
            for (path, item) in added { paths[path] = item }
            root["paths"] = .object(paths)
            document = .object(root)
        }
        if !prefix.isEmpty {
            try document.setValue([["url": .string(prefix)]], at: ValuePath(parsing: "servers"))
        }
        return document.jsonString()
    }

    /// `formctl serve`'s own endpoints for operators, beside the routes; no token.
    static let operationsPaths = #"""
    {
      "/healthz": {"get": {"summary": "200 while the process serves (liveness); no token: keep it behind the network's own controls",
        "responses": {"200": {"description": "Up", "content": {"application/json": {"schema": {"type": "object", "required": ["status"],
          "properties": {"status": {"const": "ok"}}}}}}}}},
      "/readyz": {"get": {"summary": "200 when the store answers a read within 2 s and no webhook delivery has been due for more than 5 minutes without an attempt (readiness); no token",
        "responses": {
          "200": {"description": "Ready", "content": {"application/json": {"schema": {"type": "object", "required": ["status"],
            "properties": {"status": {"const": "ready"}}}}}},
          "503": {"description": "Not ready, and why", "content": {"application/json": {"schema": {"type": "object", "required": ["status", "reason"],
            "properties": {"status": {"const": "unready"}, "reason": {"type": "string"}}}}}}}}},
      "/metrics": {"get": {"summary": "Prometheus text format 0.0.4: formctl_http_requests_total{route,status}, formctl_http_request_duration_seconds{route}, formctl_submissions_stored_total{form,status}, formctl_store_errors_total{kind}, formctl_outbox_pending, formctl_outbox_failed, and the webhook deliverer's formctl_webhook_* when it runs; no token",
        "responses": {"200": {"description": "The metrics", "content": {"text/plain": {"schema": {"type": "string"}}}}}}}
    }
    """#

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
            "description": "1 to 255 visible ASCII characters (else 400). A write that stored keeps its answer under the key for 24 hours: a retry with the same key and the same request (method, path, content type, body, Authorization, Resume-Token, If-Match) gets the same status and body without storing again (a draft's resume_token is given once: the replay leaves it out). The same key with another request is 422; while the first is still being handled, 409. Answers of writes that stored nothing are not kept."}
        },
        "schemas": {
          "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}},
          "FieldError": {"type": "object", "required": ["path", "rule", "message"],
            "properties": {"path": {"type": "string"}, "rule": {"type": "string"}, "message": {"type": "string"}}},
          "Invalid": {"type": "object", "required": ["error", "errors"],
            "properties": {"error": {"type": "string"}, "errors": {"type": "array", "items": {"$ref": "#/components/schemas/FieldError"}}}},
          "Answers": {"type": "object", "description": "Values keyed by element key; repeats as arrays of objects.", "additionalProperties": true},
          "Upload": {"type": "object", "description": "A part per file, named by its file field's key path (talks.1.slides) and with a filename; a field with several files (maximumFiles) takes several parts of one name. The other answers as a text part per field (as an HTML form posts them) or as one JSON part named answers. Streamed: each file is checked against its field's accept and maxSize and the form's maxUploadSize as it arrives.",
            "properties": {"answers": {"$ref": "#/components/schemas/Answers"}},
            "additionalProperties": {"type": "string", "contentMediaType": "application/octet-stream"}},
          "File": {"type": "object", "required": ["key", "position", "name", "type", "size", "sha256", "url"],
            "properties": {"key": {"type": "string", "description": "The field's key path"}, "position": {"type": "integer", "minimum": 0}, "name": {"type": "string"},
              "type": {"type": "string", "description": "Found from the bytes"}, "size": {"type": "integer"},
              "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"}, "url": {"type": "string", "description": "Where GET reads the bytes"}}},
          "Stored": {"type": "object", "required": ["id", "uuid", "form", "version", "status"],
            "properties": {"id": {"type": "integer"}, "uuid": {"type": "string"}, "form": {"type": "string"},
              "version": {"type": "integer"}, "status": {"type": "string", "enum": ["final", "draft"]},
              "resume_token": {"type": "string", "description": "Only when a draft is created, and only then: send it as Resume-Token to change or finalize the draft."}}},
          "Submission": {"type": "object", "required": ["id", "uuid", "form", "version", "status", "created_at", "updated_at", "revision", "review", "data"],
            "properties": {"id": {"type": "integer"}, "uuid": {"type": "string"}, "form": {"type": "string"}, "version": {"type": "integer"},
              "status": {"type": "string", "enum": ["final", "draft"]}, "created_at": {"type": "string"}, "updated_at": {"type": "string"},
              "revision": {"type": "integer", "minimum": 1, "description": "1 as submitted, one more per edit; the ETag"},
              "review": {"$ref": "#/components/schemas/Review"}, "data": {"type": "object"},
              "deleted": {"$ref": "#/components/schemas/Deletion", "description": "Only for a deleted submission, which only an admin token sees"},
              "files": {"type": "array", "items": {"$ref": "#/components/schemas/File"}, "description": "The files it holds (not for a deleted one): the values hold the same references by key path"}}},
          "ReviewState": {"type": "string", "enum": ["received", "hasIssues", "approved", "rejected"]},
          "Review": {"type": "object", "required": ["state"],
            "properties": {"state": {"$ref": "#/components/schemas/ReviewState"}, "comment": {"type": "string"}}},
          "Deletion": {"type": "object", "required": ["at", "actor", "reason"],
            "properties": {"at": {"type": "string"}, "actor": {"type": ["string", "null"]}, "reason": {"type": ["string", "null"]}}},
          "Edit": {"type": "object", "additionalProperties": true,
            "description": "The answers to change, keyed by element key as a submit takes them (a key given replaces that field, a repeat given replaces the whole repeat; the rest is kept), and the request's own members, which start with _ so that no field's key is taken.",
            "properties": {"_reason": {"type": ["string", "null"], "description": "Why, kept with the revision"},
              "_toLatest": {"type": "boolean", "description": "Move the values to the version of the form served now (as ?toLatest=true)"}}},
          "EditConflict": {"type": "object", "required": ["error", "revision", "submission"],
            "properties": {"error": {"type": "string"}, "revision": {"type": "integer", "description": "The revision the submission is at now"},
              "submission": {"$ref": "#/components/schemas/Submission"}}},
          "History": {"type": "object", "required": ["id", "uuid", "form", "status", "revision", "review", "deleted", "revisions", "reviews"],
            "properties": {"id": {"type": "integer"}, "uuid": {"type": "string"}, "form": {"type": "string"},
              "status": {"type": "string", "enum": ["final", "draft"]}, "revision": {"type": "integer"}, "review": {"$ref": "#/components/schemas/Review"},
              "deleted": {"anyOf": [{"$ref": "#/components/schemas/Deletion"}, {"type": "null"}]},
              "revisions": {"type": "array", "items": {"type": "object", "required": ["revision", "version", "at", "actor", "reason", "data"],
                "properties": {"revision": {"type": "integer"}, "version": {"type": "integer"}, "at": {"type": "string"},
                  "actor": {"type": ["string", "null"]}, "reason": {"type": ["string", "null"]}, "data": {"type": "object"},
                  "changes": {"type": "array", "description": "Every revision but the first: the fields that differ from the one before",
                    "items": {"type": "object", "required": ["path"], "properties": {"path": {"type": "string"}, "old": {}, "new": {}}}}}}},
              "reviews": {"type": "array", "items": {"type": "object", "required": ["state", "comment", "actor", "at", "revision"],
                "properties": {"state": {"$ref": "#/components/schemas/ReviewState"}, "comment": {"type": ["string", "null"]},
                  "actor": {"type": ["string", "null"]}, "at": {"type": "string"}, "revision": {"type": "integer"}}}}}},
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
          "TooLarge": {"description": "The body is over the size limit; for a multipart body, a file over its field's maxSize or the files over the form's maxUploadSize (the field named; the page again for a client that did not ask for JSON).",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
          "UnsupportedType": {"description": "Not application/json (or an HTML form); for a multipart body, a file of a type its field does not accept (the field named).",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
          "TooManyWrites": {"description": "This client address made more writes than --rate-limit allows (only when the server was started with it): nothing was stored; try again after Retry-After seconds.",
            "headers": {"Retry-After": {"schema": {"type": "string"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Busy": {"description": "The store is busy, or the request ran past its time limit and was stopped: nothing was stored; try again after Retry-After seconds.", "headers": {"Retry-After": {"schema": {"type": "string"}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Unauthorized": {"description": "A valid bearer token is needed.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Forbidden": {"description": "The token does not give this access to the form, the form is private, or the request is a cross-site post (an Origin that is not this server, or a browser's post without the page's token).",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "text/html": {"schema": {"type": "string"}}}},
          "NoSubmission": {"description": "No submission with this id that this token may see: the same answer whether it is missing, another form's, or deleted (to a token that is not an admin's on its form).",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Revision": {"description": "The submission as GET shows it", "headers": {"ETag": {"schema": {"type": "string"}, "description": "Its revision, \"N\""}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Submission"}}}},
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
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Answers"}},
              "multipart/form-data": {"schema": {"$ref": "#/components/schemas/Upload"}, "encoding": {"answers": {"contentType": "application/json"}}}}},
            "responses": {"201": {"description": "Stored (for a multipart body without Accept: application/json, the success page)",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Stored"}}, "text/html": {"schema": {"type": "string"}}},
                "links": {
                  "Show": {"operationRef": "#/paths/~1submissions~1{id}/get", "parameters": {"id": "$response.body#/id"}},
                  "Edit": {"operationRef": "#/paths/~1submissions~1{id}/put", "parameters": {"id": "$response.body#/id"}},
                  "History": {"operationRef": "#/paths/~1submissions~1{id}~1history/get", "parameters": {"id": "$response.body#/id"}},
                  "Review": {"operationRef": "#/paths/~1submissions~1{id}~1review/post", "parameters": {"id": "$response.body#/id"}},
                  "Delete": {"operationRef": "#/paths/~1submissions~1{id}/delete", "parameters": {"id": "$response.body#/id"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"}, "401": {"$ref": "#/components/responses/Unauthorized"},
              "403": {"$ref": "#/components/responses/Forbidden"}, "404": {"$ref": "#/components/responses/NotFound"},
              "409": {"description": "An action cancelled the submit, or a request with this Idempotency-Key is still being handled", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "413": {"$ref": "#/components/responses/TooLarge"}, "415": {"$ref": "#/components/responses/UnsupportedType"},
              "422": {"description": "Invalid values, every one (a file part for a field that takes no file, a required file missing); or the Idempotency-Key was used for another request",
                "content": {"application/json": {"schema": {"anyOf": [{"$ref": "#/components/schemas/Invalid"}, {"$ref": "#/components/schemas/Error"}]}},
                  "text/html": {"schema": {"type": "string"}}}},
              "429": {"$ref": "#/components/responses/TooManyWrites"},
              "503": {"$ref": "#/components/responses/Busy"}}},
          "get": {"summary": "Stored submissions of the form: one JSON object per line, or with Accept: text/csv the CSV formctl dump --format csv writes. A filter that matches no row is an empty 200 (the CSV header); an unknown version is a 404", "security": [{"bearer": []}],
            "parameters": [{"$ref": "#/components/parameters/name"},
              {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["final", "draft", "all"]}},
              {"name": "since", "in": "query", "schema": {"type": "string"}, "description": "ISO 8601; created at or after"},
              {"name": "until", "in": "query", "schema": {"type": "string"}, "description": "ISO 8601; created before"},
              {"name": "version", "in": "query", "schema": {"type": "integer", "minimum": 1}},
              {"name": "review", "in": "query", "schema": {"$ref": "#/components/schemas/ReviewState"}},
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
        "/submissions/{id}": {
          "get": {"summary": "One stored submission (a bearer token with read on its form; a deleted one only to an admin token, with its deleted member)", "security": [{"bearer": []}],
            "parameters": [{"$ref": "#/components/parameters/id"}],
            "responses": {"200": {"$ref": "#/components/responses/Revision"},
              "400": {"$ref": "#/components/responses/BadRequest"}, "401": {"$ref": "#/components/responses/Unauthorized"},
              "404": {"$ref": "#/components/responses/NoSubmission"}, "503": {"$ref": "#/components/responses/Busy"}}},
          "put": {"summary": "Edit a final submission (a bearer token with write on its form): validated as a submit, against the version it was made with (or with toLatest the one served now); the old values are kept in its history. An edit that changes nothing stores no revision",
            "security": [{"bearer": []}],
            "parameters": [{"$ref": "#/components/parameters/id"}, {"$ref": "#/components/parameters/idempotencyKey"},
              {"name": "If-Match", "in": "header", "required": false, "schema": {"type": "string"},
                "description": "The revision the edit is of, as the ETag gives it (\"3\"); without it, the revision read when the edit starts. Another revision is 409"},
              {"name": "toLatest", "in": "query", "required": false, "schema": {"type": "string", "enum": ["true", "false"]}}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Edit"}}}},
            "responses": {"200": {"$ref": "#/components/responses/Revision"},
              "400": {"$ref": "#/components/responses/BadRequest"}, "401": {"$ref": "#/components/responses/Unauthorized"},
              "403": {"$ref": "#/components/responses/Forbidden"}, "404": {"$ref": "#/components/responses/NoSubmission"},
              "409": {"description": "The submission is at another revision than If-Match (or was edited meanwhile): the revision and the submission as they are now, with ETag; or it is a draft (change it with PUT /forms/{name}/submissions/{id}), its form is not served here, an action cancelled the edit, or a request with this Idempotency-Key is still being handled",
                "headers": {"ETag": {"schema": {"type": "string"}}},
                "content": {"application/json": {"schema": {"anyOf": [{"$ref": "#/components/schemas/EditConflict"}, {"$ref": "#/components/schemas/Error"}]}}}},
              "413": {"$ref": "#/components/responses/TooLarge"}, "415": {"$ref": "#/components/responses/UnsupportedType"},
              "422": {"description": "Invalid values, every one (nothing changed); or the Idempotency-Key was used for another request", "content": {"application/json": {"schema":
                {"anyOf": [{"$ref": "#/components/schemas/Invalid"}, {"$ref": "#/components/schemas/Error"}]}}}},
              "429": {"$ref": "#/components/responses/TooManyWrites"}, "503": {"$ref": "#/components/responses/Busy"}}},
          "delete": {"summary": "Delete a submission on the record (a bearer token with admin on its form): a tombstone with the token's name, the time and the reason, gone from listings and GET; its history stays readable to an admin token until formctl purge",
            "security": [{"bearer": []}],
            "parameters": [{"$ref": "#/components/parameters/id"},
              {"name": "reason", "in": "query", "required": false, "schema": {"type": "string"}, "description": "Why, kept with the tombstone"}],
            "responses": {"204": {"description": "Deleted"},
              "400": {"$ref": "#/components/responses/BadRequest"}, "401": {"$ref": "#/components/responses/Unauthorized"},
              "403": {"$ref": "#/components/responses/Forbidden"}, "404": {"$ref": "#/components/responses/NoSubmission"},
              "429": {"$ref": "#/components/responses/TooManyWrites"}, "503": {"$ref": "#/components/responses/Busy"}}}},
        "/submissions/{id}/files/{keyPath}": {"get": {"summary": "A stored file's bytes (a bearer token with read on its form), streamed, with the Content-Type found from the bytes, Content-Disposition: attachment and X-Content-Type-Options: nosniff; a deleted submission's never",
          "security": [{"bearer": []}],
          "parameters": [{"$ref": "#/components/parameters/id"},
            {"name": "keyPath", "in": "path", "required": true, "schema": {"type": "string"}, "description": "The file field's key path, dotted with item indexes: slides, talks.1.slides"},
            {"name": "position", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 0}, "description": "Which of the field's files (maximumFiles above 1), from 0"}],
          "responses": {"200": {"description": "The bytes", "content": {"*/*": {"schema": {"type": "string", "contentMediaType": "application/octet-stream"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"}, "401": {"$ref": "#/components/responses/Unauthorized"},
            "404": {"description": "No such submission for this token, or no file at this key path and position", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
            "503": {"$ref": "#/components/responses/Busy"}}}},
        "/submissions/{id}/history": {"get": {"summary": "Every revision of a submission with its values and what each edit changed, every review, and its deletion (a bearer token with read on its form; a deleted one's only to an admin token)",
          "security": [{"bearer": []}],
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "responses": {"200": {"description": "The history", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/History"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"}, "401": {"$ref": "#/components/responses/Unauthorized"},
            "404": {"$ref": "#/components/responses/NoSubmission"}, "503": {"$ref": "#/components/responses/Busy"}}}},
        "/submissions/{id}/review": {"post": {"summary": "Review a final submission (a bearer token with admin on its form): its state and an optional comment, kept in its history",
          "security": [{"bearer": []}],
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["state"], "additionalProperties": false,
            "properties": {"state": {"$ref": "#/components/schemas/ReviewState"}, "comment": {"type": ["string", "null"]}}}}}},
          "responses": {"200": {"$ref": "#/components/responses/Revision"},
            "400": {"$ref": "#/components/responses/BadRequest"}, "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"}, "404": {"$ref": "#/components/responses/NoSubmission"},
            "409": {"description": "The submission is a draft", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
            "413": {"$ref": "#/components/responses/TooLarge"}, "415": {"$ref": "#/components/responses/UnsupportedType"},
            "429": {"$ref": "#/components/responses/TooManyWrites"}, "503": {"$ref": "#/components/responses/Busy"}}}},
        "/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1", "content": {"application/json": {"schema": {"type": "object"}}}}}}}
      }
    }
    """#
}
