extension PageMessages {
    static let french: [PageMessage: String] = [
        .submit: "Envoyer",
        .saveDraft: "Enregistrer le brouillon",
        .errorSummary: "{count, plural, one {Veuillez corriger # réponse, signalée ci-dessous.} other {Veuillez corriger # réponses, signalées ci-dessous.}}",
        .removeItem: "Retirer l’élément {number}",
        .addItem: "Ajouter un élément à « {section} »",
        .required: "obligatoire",
        .attached: "Fichiers joints : {files}",
        .chooseFileAgain: "Choisissez à nouveau le fichier : un fichier n’est pas conservé quand le formulaire est renvoyé.",
        .draftSaved: "Brouillon {id} enregistré ; ajoutez cette page à vos favoris pour y revenir",
        .draftNotFoundTitle: "Brouillon introuvable",
        .draftNotFound: "Il n’y a à cette adresse aucun brouillon que ce lien puisse ouvrir (il a peut-être déjà été envoyé, ou le lien est incomplet).",
        .saved: "Réponse {id} enregistrée",
        .fillInAnother: "Remplir à nouveau",
        .stalePage: "Cette page n’était plus à jour (restée ouverte trop longtemps, ou le serveur a redémarré) : vérifiez les réponses et envoyez-les à nouveau.",
    ]
}
