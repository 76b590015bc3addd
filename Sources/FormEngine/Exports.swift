// A service writes `import FormEngine` and nothing else: the values it submits and reads
// (FormValue, FormSession, FieldError, ...) are FormCore's, and the queries, stored rows and
// statuses are FormStore's contract. Re-exporting them keeps those modules an implementation
// detail of the package rather than imports every caller must know about.
@_exported import FormCore
@_exported import FormStore
