extension PageMessages {
    static let german: [PageMessage: String] = [
        .submit: "Absenden",
        .saveDraft: "Entwurf speichern",
        .errorSummary: "{count, plural, one {Bitte korrigieren Sie # Angabe, unten markiert.} other {Bitte korrigieren Sie # Angaben, unten markiert.}}",
        .removeItem: "Eintrag {number} entfernen",
        .addItem: "Eintrag zu „{section}“ hinzufügen",
        .required: "Pflichtfeld",
        .attached: "Angehängt: {files}",
        .chooseFileAgain: "Wählen Sie die Datei erneut: Eine Datei wird nicht aufbewahrt, wenn das Formular zurückgeschickt wird.",
        .draftSaved: "Entwurf {id} gespeichert; setzen Sie ein Lesezeichen auf diese Seite, um später weiterzumachen",
        .draftNotFoundTitle: "Entwurf nicht gefunden",
        .draftNotFound: "Unter dieser Adresse gibt es keinen Entwurf, den dieser Link öffnen darf (vielleicht wurde er schon abgeschickt, oder der Link ist unvollständig).",
        .saved: "Einsendung {id} gespeichert",
        .fillInAnother: "Noch einmal ausfüllen",
        .stalePage: "Diese Seite war veraltet (zu lange geöffnet, oder der Server wurde neu gestartet): Prüfen Sie die Angaben und senden Sie sie erneut ab.",
    ]
}
