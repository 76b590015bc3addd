extension PageMessages {
    static let english: [PageMessage: String] = [
        .submit: "Submit",
        .saveDraft: "Save draft",
        .errorSummary: "{count, plural, one {Please correct # answer, marked below.} other {Please correct # answers, marked below.}}",
        .removeItem: "Remove item {number}",
        .addItem: "Add an item to {section}",
        .required: "required",
        .attached: "Attached: {files}",
        .chooseFileAgain: "Choose the file again: a file is not kept when the form is sent back.",
        .draftSaved: "Draft {id} saved; bookmark this page to come back",
        .draftNotFoundTitle: "Draft not found",
        .draftNotFound: "There is no draft at this address that this link may open (it may have been submitted already, or the link is incomplete).",
        .saved: "Saved submission {id}",
        .fillInAnother: "Fill in another",
        .stalePage: "This page was out of date (left open too long, or the server restarted): check the answers and submit again.",
    ]
}
