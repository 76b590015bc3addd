extension Element {
    /// QColorPickerElement's colours as its `init` sets them, UIKit's named colours in that order,
    /// each `[name, colour]` (QuickDialog draws a colour given as `#RRGGBB` text as it draws a
    /// UIColor).
    static let quickDialogColors: FormValue = [
        ["Black", "#000000"], ["White", "#FFFFFF"], ["Gray", "#808080"], ["Blue", "#0000FF"], ["Red", "#FF0000"],
        ["Green", "#00FF00"], ["Yellow", "#FFFF00"], ["Purple", "#800080"], ["Magenta", "#FF00FF"],
    ]

    /// What a class's `init` sets before QuickDialog's builder sets the definition's properties:
    /// a colour picker has the nine colours and the first one selected, so one with no `items`
    /// offers them, and one with no `selected` stores 0 as QuickDialog's does.
    mutating func applyClassDefaults() {
        guard kind == .colorPicker else { return }
        if properties["items"] == nil { properties["items"] = Self.quickDialogColors }
        if properties["selected"] == nil { properties["selected"] = 0 }
    }
}
