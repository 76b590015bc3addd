extension PageMessages {
    static let spanish: [PageMessage: String] = [
        .submit: "Enviar",
        .saveDraft: "Guardar borrador",
        .errorSummary: "{count, plural, one {Corrija # respuesta, marcada abajo.} other {Corrija # respuestas, marcadas abajo.}}",
        .removeItem: "Quitar el elemento {number}",
        .addItem: "Añadir un elemento a «{section}»",
        .required: "obligatorio",
        .attached: "Adjuntos: {files}",
        .chooseFileAgain: "Vuelva a elegir el archivo: un archivo no se conserva cuando se devuelve el formulario.",
        .draftSaved: "Borrador {id} guardado; añada esta página a sus marcadores para volver",
        .draftNotFoundTitle: "Borrador no encontrado",
        .draftNotFound: "En esta dirección no hay ningún borrador que este enlace pueda abrir (puede que ya se haya enviado o que el enlace esté incompleto).",
        .saved: "Envío {id} guardado",
        .fillInAnother: "Rellenar otro",
        .stalePage: "Esta página estaba desactualizada (abierta demasiado tiempo, o el servidor se reinició): revise las respuestas y envíelas de nuevo.",
    ]
}
