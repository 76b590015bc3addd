/// The root's `data` and `classes` as SwiftJsonUI writes them. A class is a text the schema
/// cannot fully check (`[String: Int]?`): `check` does, with the class that does not parse.
extension DefinitionSchema {
    /// `[{"name": "userName", "class": "String", "defaultValue": "\"Guest\""}]`.
    static var dataDeclarations: FormValue {
        [
            "type": "array",
            "items": [
                "type": "object",
                "required": ["name", "class"],
                "additionalProperties": false,
                "properties": [
                    "name": [
                        "type": "string", "minLength": 1,
                        "description": "The name expressions and binds read (userName, user).",
                    ],
                    "class": dataClass,
                    "defaultValue": [
                        "description": .string(
                            "What the name holds when the data lacks it: a Swift literal in a string (\"\\\"Guest\\\"\", \"0\", "
                                + "\"[1, 2]\", \"[\\\"k\\\": 1]\", \"nil\"); a JSON number, boolean, array or object is taken as "
                                + "that value. Only literals: a call such as Date() is refused, and nothing is ever run."),
                    ],
                ],
            ],
        ]
    }

    /// `{"User": {"name": "String", "age": "Int?"}}`.
    static var dataClasses: FormValue {
        [
            "type": "object",
            "additionalProperties": [
                "type": "object",
                "description": "A custom class: its members by name, each with its class.",
                "additionalProperties": dataClass,
            ],
        ]
    }

    static var dataClass: FormValue {
        [
            "type": "string", "minLength": 1,
            "description": .string(
                "A class as SwiftJsonUI writes it: String, Bool, Int, Float, Double, Date, URL, Array, Dictionary, Set, "
                    + "[T], [K: V], Set<T>, a class the form describes in classes (else any object), Any; optional with ?."),
        ]
    }
}
