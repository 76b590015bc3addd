extension PageMessages {
    /// Arabic has six plural forms (zero, one, two, few: 3–10, many: 11–99, other); the
    /// numbers stay in the digits a person types.
    static let arabic: [PageMessage: String] = [
        .submit: "إرسال",
        .saveDraft: "حفظ المسودة",
        .errorSummary: "{count, plural, zero {لا توجد إجابات تحتاج إلى تصحيح.} one {يُرجى تصحيح إجابة واحدة، موضّحة أدناه.} two {يُرجى تصحيح إجابتين، موضّحتين أدناه.} few {يُرجى تصحيح # إجابات، موضّحة أدناه.} many {يُرجى تصحيح # إجابة، موضّحة أدناه.} other {يُرجى تصحيح # إجابة، موضّحة أدناه.}}",
        .removeItem: "إزالة العنصر {number}",
        .addItem: "أضف عنصرًا إلى «{section}»",
        .required: "مطلوب",
        .attached: "المرفقات: {files}",
        .chooseFileAgain: "اختر الملف مرة أخرى: لا يُحتفظ بالملف عند إعادة النموذج.",
        .draftSaved: "تم حفظ المسودة {id}؛ أضف هذه الصفحة إلى المفضلة للعودة إليها",
        .draftNotFoundTitle: "المسودة غير موجودة",
        .draftNotFound: "لا توجد في هذا العنوان مسودة يمكن لهذا الرابط فتحها (ربما أُرسلت بالفعل، أو أن الرابط غير مكتمل).",
        .saved: "تم حفظ الإرسال {id}",
        .fillInAnother: "املأ النموذج مرة أخرى",
        .stalePage: "كانت هذه الصفحة قديمة (تُركت مفتوحة مدة طويلة، أو أُعيد تشغيل الخادم): راجع الإجابات وأرسلها مرة أخرى.",
    ]
}
