/// The data a form declares (its root `data` and `classes`), as the rest of the library reads it.
extension FormDefinition {
    /// The form's declared data model (the root's `data` and `classes`, an included file's
    /// merged in by the loader); the entries with errors left out (`check` reports them).
    public var dataModel: DataModel {
        DataModel.read(data: root.properties["data"], classes: root.properties["classes"]).model
    }

    /// `data` as the form will be bound to it: checked against the declared model, the
    /// defaults of missing names filled in. A form that declares nothing takes data as it is.
    package func conformedData(_ data: FormValue) -> DataConformance { dataModel.conform(data) }
}
