import Foundation
import FormEngine

/// A talk proposal as a service defines it: a choice that shows and requires another field and
/// retitles a third, a bounded number, a date, and a repeat of co-speakers.
enum ProposalForm {
    static let json = """
        {"title": "Proposal", "sections": [
          {"elements": [
            {"type": "entry", "key": "speaker", "title": "Speaker", "required": true},
            {"type": "radio", "key": "format", "title": "Format", "items": ["Talk", "Workshop"], "values": ["talk", "workshop"],
             "selected": 0},
            {"type": "decimal", "key": "maxAttendees", "title": "Max attendees",
             "hidden": "@{format != 'workshop'}", "required": "@{format == 'workshop'}"},
            {"type": "decimal", "key": "duration", "minimumValue": 1,
             "title": "@{format == 'workshop' ? 'Duration (hours)' : 'Duration (minutes)'}"},
            {"type": "date", "key": "day", "title": "Day", "mode": "Date"},
            {"type": "entry", "key": "notes", "title": "Notes"}
          ]},
          {"title": "Co-speakers", "bind": "iterate:coSpeakers", "maximumItems": 5,
           "elementTemplate": {"type": "entry", "key": "name", "title": "Name", "bind": "textValue:name"}}
        ]}
        """

    /// The service's own type for a proposal, both ways.
    struct Proposal: Codable, Equatable {
        struct CoSpeaker: Codable, Equatable {
            var name: String
        }

        var speaker: String
        var format: String
        var maxAttendees: Int?
        var duration: Double
        var day: Date
        var notes: String?
        /// A repeat with no items is not stored, as a field with no answer is not: optional.
        var coSpeakers: [CoSpeaker]?
    }

    /// 2026-03-05, midnight UTC: how a date field's `2026-03-05` reads as a `Date`.
    static let day = Date(timeIntervalSince1970: 1_772_668_800)
}
