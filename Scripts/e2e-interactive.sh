#!/usr/bin/env bash
# Drives `formctl fill` through a real terminal (tmux): the line editor (cursor keys, Home/End,
# Ctrl-A/E/K/U/W, Backspace, Delete, wide characters), arrow-key lists with filtering and
# ticking, placeholders that are not defaults, a wrong email asked again, a password never on
# screen, repeats grown and trimmed, --set/--answers/--draft on a terminal, Ctrl-C and q, the
# resume hint, file fields (a path asked, its size and type shown before it is kept), and the
# same forms in accessible (plain) mode; then a form that declares its data, filled without a
# data file (its defaults prefilled) or refused with a data file of the wrong class.
# Usage: Scripts/e2e-interactive.sh [path/to/formctl]
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
formctl=${1:-$here/.build/debug/formctl}
[ -x "$formctl" ] || { echo "formctl not built at $formctl (run swift build first)"; exit 2; }
# Absolute: the terminal session runs in a scratch directory.
formctl=$(cd "$(dirname "$formctl")" && pwd)/$(basename "$formctl")
command -v tmux >/dev/null || { echo "tmux is required"; exit 2; }

work=$(mktemp -d)
socket="formctl-e2e-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null; rm -rf "$work"' EXIT
passed=0
failed=0

pass() { passed=$((passed + 1)); echo "ok   - $1"; }
fail() { failed=$((failed + 1)); echo "FAIL - $1"; echo "---- screen ----"; screen; echo "----------------"; }
screen() { tmux -L "$socket" capture-pane -t e2e -p -S -200 2>/dev/null; }
send() { tmux -L "$socket" send-keys -t e2e "$@"; }
# Waits until the screen matches an extended regex (5 s at most).
wait_for() {
  for _ in $(seq 1 100); do
    screen | grep -Eq -- "$1" && return 0
    sleep 0.05
  done
  return 1
}
start() { start_form "$here/forms/signup.json" "$@"; }
start_form() { start_command fill "$@"; }
# Runs `formctl ARGS... --db e2e.sqlite` in a fresh tmux session.
start_command() {
  tmux -L "$socket" kill-server 2>/dev/null
  # A server that is still shutting down refuses new sessions: wait until it is gone.
  for _ in $(seq 1 50); do tmux -L "$socket" has-session 2>/dev/null || break; sleep 0.05; done
  sleep 0.2
  # After formctl exits, print its exit code and whether echo is on, then wait to be read.
  tmux -L "$socket" new-session -d -s e2e -x 200 -y 60 \
    "cd '$work' && $env '$formctl' $* --db '$work/e2e.sqlite'; echo EXIT=\$?; stty -a | tr ' ' '\n' | grep -x -- '-\{0,1\}echo'; sleep 60"
}
env=""
# A screen line can appear while the command that printed it is still closing the database, and
# closing the last connection checkpoints the WAL under an exclusive lock: wait for it, up to 10 s.
sql() { sqlite3 -cmd ".timeout 10000" "$work/e2e.sqlite" "$1"; }
count_rows() { sql "select count(*) from submissions"; }
answer() { # answer PROMPT-REGEX TEXT: waits for the prompt, types TEXT, Enter
  if wait_for "$1"; then send -l -- "$2"; send Enter; else fail "prompt '$1' did not appear"; return 1; fi
}
replace() { # replace PROMPT-REGEX TEXT: clears the line editor's current value first (Ctrl-U)
  if wait_for "$1"; then send C-u; send -l -- "$2"; send Enter; else fail "prompt '$1' did not appear"; return 1; fi
}
expect_row() { # expect_row NAME SQL PATTERN
  local got
  got=$(sql "$2")
  # shellcheck disable=SC2254
  case "$got" in $3) pass "$1" ;; *) fail "$1 (got: $got)" ;; esac
}
check() { # check NAME REGEX: passes when the screen shows REGEX within 5 s
  if wait_for "$2"; then pass "$1"; else fail "$1"; fi
}

# ---- Drawn prompts (a capable terminal) ---------------------------------------------------

# 1. The signup form through the line editor and the lists.
start_form "$here/forms/signup.json"
# A placeholder is a dim hint, not a value: Enter on it says the field is required.
check "the placeholder is shown as an example" 'Name\*: e\.g\. Ada Lovelace$'
send Enter
check "a placeholder is not a default" 'is required'
# Editing keys: type with a typo, Backspace, Ctrl-A and text at the start, Ctrl-E, Ctrl-W,
# Left and an insertion in the middle, Home and Delete.
send -l "Grace Hopperr"; send BSpace
send C-a; send -l "Dr "; send C-e; send C-w; send -l "Hopper"
send Left Left Left Left Left Left; send -l "B. "
send Home; send DC DC DC
check "the line shows the edited text" 'Name\*: Grace B\. Hopper$'
send Enter
answer 'Email\*: e\.g\. ada@example\.com$' "not-an-email"
check "a wrong email is explained" 'must be an email address'
# The wrong value comes back in place, to be corrected rather than typed again.
check "the wrong value is offered for editing" 'Email\*: not-an-email$'
send C-u; send -l "grace@navy.mil"; send Enter
answer 'Birth date \(YYYY-MM-DD\): *$' "1906/12/09"
answer 'Password\* \(hidden input\): *$' "cobol-rocks-1959"
answer 'Confirm password\* \(hidden input\): *$' "cobol-rocks-1959"
check "a choice is a list with the current item highlighted" '> Free'
# Typing filters the list; Enter takes the one highlighted.
send -l "tea"
check "typing filters the list" 'filter: tea'
send Enter
check "the chosen item stays on screen" 'Plan: Team$'
check "a field that the choice shows appears" 'Company'
answer 'Company\*: e\.g\. Required' "US Navy"
replace 'Seats\* \(2–500\): 5$' "12"
answer 'newsletter \[y/N\]: *$' "n"
answer 'Add a guest\? \[y/N\]: *$' "y"
answer 'Guest email #1' "ada@example.com"
answer 'Add another guest\? \[y/N\]: *$' "y"
answer 'Guest email #2' "bob@example.com"
answer 'Add another guest\? \[y/N\]: *$' "n"
check "the summary is shown" 'to quit without saving: *$'
if screen | grep -q 'cobol-rocks'; then fail "the password never appears on screen"; else pass "the password never appears on screen"; fi
check "the summary masks the password" 'Password: ••••••'
check "the summary offers to remove a repeat item" 'r and a number to remove that item'
check "the summary numbers the repeat's heading with its a N" '^ +13\. Guests \(a 13 adds one\)$'
answer 'to quit without saving: *$' "r15"
check "an item is removed from the summary" 'removed item 2 of Guests'
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission 1' && wait_for 'EXIT=0'; then pass "submitting stores and exits 0"; else fail "submitting stores and exits 0"; fi
expect_row "the stored values are the edited answers, the date canonical, the removed guest gone" \
  "select values_json from submissions where id = 1" \
  '*"name":"Grace B. Hopper"*"email":"grace@navy.mil"*"birthDate":"1906-12-09"*"plan":"team"*"company":"US Navy"*"seats":12*"guests":\[{"email":"ada@example.com"}\]*'
expect_row "the password is not stored" "select count(*) from submissions where values_json like '%cobol%'" 0
expect_row "who submitted is kept as revision 1's actor (the login name)" \
  "select revision_actor = '$(id -un)' or revision_actor = '${USER:-}' from submissions where id = 1" 1

# 2. Wide characters and emoji are edited as whole characters.
start_form "$here/forms/signup.json"
wait_for 'Name\*:' || fail "name prompt"
send -l "李小龍 Zoë 🚀x"; send BSpace; send Left; send BSpace; send -l "!"
check "wide characters stay whole while editing" 'Name\*: 李小龍 Zoë!🚀$'
send C-c
check "Ctrl-C after typing saves a draft" 'interrupted: saved draft 2'
expect_row "the draft holds the wide characters whole" "select values_json from submissions where id = 2" '*"name":"李小龍 Zoë!🚀"*'
if wait_for 'EXIT=130' && screen | grep -qx 'echo'; then pass "the terminal echoes again after Ctrl-C"; else fail "the terminal echoes again after Ctrl-C"; fi
# The resume hint names the database it was given, so it works as printed.
check "the resume hint repeats --db" "resume with: formctl fill $here/forms/signup.json --db $work/e2e.sqlite --resume 2\)"

# 2b. Bytes that make no character: malformed UTF-8 is dropped without the valid byte after it,
#     and escape sequences the editor has no use for (OSC, DCS, CSI) are dropped whole.
start_form "$here/forms/signup.json"
wait_for 'Name\*:' || fail "name prompt"
send -H 41 c3 42 e2 82 43 ff 44
send -H 1b 5d 30 3b 54 49 54 4c 45 07  # OSC 0;TITLE BEL, as a program sets a window title
send -l "E"
send -H 1b 50 31 24 72 1b 5c  # DCS 1$r ST
send -H 1b 5b 3f 32 35 68  # CSI ?25h
send -l "F"
check "malformed UTF-8 and escape sequences leave nothing in the field" 'Name\*: ABCDEF$'
send C-c
check "Ctrl-C saves the draft" 'interrupted: saved draft'
expect_row "the draft holds only the typed characters" "select values_json from submissions order by id desc limit 1" '*"name":"ABCDEF"*'

# 2c. A paste of 100,000 characters at the end of a field: only what changed is drawn, so the
#     next prompt comes within a second (each key drew the whole line: 20,000 took 42 s).
cat > "$work/note.json" <<'JSON'
{"title": "Note", "sections": [{"elements": [
  {"type": "entry", "key": "note", "title": "Note"}, {"type": "entry", "key": "after", "title": "After"}]}]}
JSON
start_form "$work/note.json"
wait_for 'Note: *$' || fail "note prompt"
head -c 99997 /dev/zero | tr '\0' 'x' > "$work/paste.txt"
printf 'END' >> "$work/paste.txt"
tmux -L "$socket" load-buffer "$work/paste.txt"
pasted=$(date +%s%N)
tmux -L "$socket" paste-buffer -t e2e
send Enter
if wait_for 'After: *$'; then
  elapsed=$(( ($(date +%s%N) - pasted) / 1000000 ))
  echo "     (100,000 characters pasted, next prompt after $elapsed ms)"
  [ "$elapsed" -lt 1000 ] && pass "a 100 KB paste takes under a second" || fail "a 100 KB paste takes under a second ($elapsed ms)"
else
  fail "a 100 KB paste takes under a second (no next prompt within 5 s)"
fi
send C-c
wait_for 'saved draft' || fail "the paste is saved as a draft"
wait_for 'EXIT=130' || fail "Ctrl-C after the paste exits 130"
expect_row "the pasted text is stored whole" \
  "select length(json_extract(values_json, '$.note')) || substr(json_extract(values_json, '$.note'), -4) from submissions order by id desc limit 1" '100000xEND'

# 2d. Wide (CJK), combining and Arabic text, typed one scalar at a time as a terminal sends it:
#     a letter and its marks are one step of the cursor and one column, a CJK character two,
#     and the cursor stands where the text says after moving, deleting and inserting (the
#     terminal's own cursor, read from tmux, is compared with the columns counted).
cursor_x() { tmux -L "$socket" display -p -t e2e '#{cursor_x}'; }
expect_cursor() { # expect_cursor NAME COLUMN: the terminal's cursor is at COLUMN (0-based)
  local got
  for _ in $(seq 1 40); do got=$(cursor_x); [ "$got" = "$2" ] && break; sleep 0.05; done
  [ "$got" = "$2" ] && pass "$1" || fail "$1 (cursor at $got, not $2)"
}
# Written as bytes, so the script does not depend on the locale it runs in.
arabic=$(printf '\xd9\x85\xd9\x8e\xd8\xb1\xd9\x92\xd8\xad\xd9\x8e\xd8\xa8\xd9\x8b\xd8\xa7')  # مَرْحَبًا: 5 letters, 4 vowel marks
acute=$(printf '\xcc\x81')  # COMBINING ACUTE ACCENT
start_form "$work/note.json"
wait_for 'Note: *$' || fail "note prompt"
send -l "日本語 cafe$acute $arabic"
check "CJK, a decomposed accent and vowelled Arabic are shown as typed" "Note: 日本語 cafe$acute $arabic\$"
expect_cursor "the cursor is after them: [1/2] Note: is 12 columns, the text 6 + 1 + 4 + 1 + 5" 29
send Left Left Left Left Left Left
expect_cursor "six Left keys step over five Arabic letters with their marks and a space" 23
send BSpace
check "Backspace deletes the accented e whole" "Note: 日本語 caf $arabic\$"
send -l "e$acute!"
check "a letter and its accent inserted in the middle" "Note: 日本語 cafe$acute! $arabic\$"
expect_cursor "the cursor follows the inserted text" 24
send Home Right Right BSpace
check "Backspace after Home and two Right keys deletes the second CJK character" "Note: 日語 cafe$acute! $arabic\$"
expect_cursor "the cursor stands after the first CJK character" 14
send End; send -l "x"
check "text typed at the end after a redraw lands at the end" "Note: 日語 cafe$acute! ${arabic}x\$"
expect_cursor "and the cursor after it" 29
send Enter
wait_for 'After: *$' || fail "the next prompt after the mixed text"
send C-c
wait_for 'interrupted: saved draft' || fail "the mixed text is saved as a draft"
expect_row "the draft holds the text exactly as typed" \
  "select json_extract(values_json, '\$.note') = '日語 cafe$acute! ${arabic}x' from submissions order by id desc limit 1" 1

# 3. Ctrl-C and Ctrl-D before anything was typed: no draft.
before=$(count_rows)
start_form "$here/forms/signup.json"
wait_for 'Name\*:' || fail "name prompt"
send C-c
check "Ctrl-C at the first prompt says nothing was saved" 'nothing was entered, so no draft was saved'
check "and exits 130" 'EXIT=130'
start_form "$here/forms/signup.json"
wait_for 'Name\*:' || fail "name prompt"
send C-d
check "Ctrl-D at the first prompt saves nothing either" 'nothing was entered, so no draft was saved'
[ "$(count_rows)" = "$before" ] && pass "no empty draft is stored" || fail "no empty draft is stored"

# 4. --set on a terminal pre-fills: only the missing fields are asked; q exits 130, nothing saved.
start_form "$here/forms/signup.json" --set "name='Cy Young'" --set email=cy@example.com --set plan=Team
check "given values are not asked again" 'Birth date \(YYYY-MM-DD\): *$'
if screen | grep -q 'Name\*:'; then fail "the name given with --set is not asked"; else pass "the name given with --set is not asked"; fi
send Enter
answer 'Password\* \(hidden input\): *$' "secret-pass-1"
answer 'Confirm password\* \(hidden input\): *$' "secret-pass-1"
check "a field the given choice makes required is asked" 'Company\*'
send -l "Angels"; send Enter
check "then the summary" 'to quit without saving: *$'
check "the summary shows the given values" 'Name: Cy Young'
send -l "q"; send Enter
check "q exits 130 like an interruption" 'EXIT=130'
[ "$(count_rows)" = "$before" ] && pass "q stores nothing" || fail "q stores nothing"

# 5. --draft on a terminal never prompts.
start_form "$here/forms/signup.json" --draft --set "name='Cy Young'"
check "--draft stores without a prompt" 'saved draft [0-9]+'
check "and exits 0" 'EXIT=0'
expect_row "the draft has the value given with --set" "select values_json from submissions order by id desc limit 1" '*"name":"Cy Young"*'

# 6. The survey: a prefilled name, a segmented choice by arrow keys, bound titles unnumbered, a
#    multi-select ticked with Space, multiline text, and a switch that shows a field.
start_form "$here/forms/survey.json" --data "$here/forms/survey-data.json"
check "the bound value is in the editor" 'Name\*: Sam$'
send Enter
check "the segmented choice is a list, (none) first while nothing is chosen" '> \(none\)$'
send Down Down; send Enter
check "arrow keys choose" 'Role: Designer$'
answer 'Years on the team \(0–50\): *$' "7"
check "an iterated title is shown as bound, unnumbered" 'Xcode \(1–5\): 3$'
if screen | grep -q 'Xcode #1'; then fail "no number after a bound title"; else pass "no number after a bound title"; fi
send Enter
replace 'SwiftPM \(1–5\): 4$' "9"
check "a score out of range is asked again" 'must be at most 5'
replace 'SwiftPM \(1–5\): 9$' "5"
answer 'Docker \(1–5\): 2$' ""
check "a multi-select shows boxes" '\[ \] Deploys'
send Space; send Down; send Down; send Space
check "space ticks" '\[x\] Code review'
send Enter
check "the ticked items stay on screen" 'Topics for the next retro: Deploys, Code review$'
wait_for 'end with an empty line' || fail "multiline prompt"
send -l "First line"; send Enter; send -l "Second line"; send Enter; send Enter
answer 'May we follow up\? \[y/N\]: *$' "y"
answer 'Email for follow-up\*: *$' "sam@example.com"
check "the summary shows the chosen topics" 'Topics for the next retro: Deploys, Code review'
check "the summary shows the comment" 'Comments: First line ⏎ Second line'
answer 'to quit without saving: *$' "s"
wait_for 'EXIT=0' || fail "the survey is submitted"
expect_row "the survey stores role, scores per tool, topics, the comment and the follow-up email" \
  "select values_json from submissions s join forms f on f.id = s.form_id where f.name = 'survey'" \
  '*"role":"designer"*"tools":{"Xcode":{"score":3},"SwiftPM":{"score":5},"Docker":{"score":2}}*"topics":\["deploys","review"\]*"comments":"First line\\nSecond line"*"contact":"sam@example.com"*'

# 6b. A picker lists its items; typing filters them.
cat > "$work/fruit.json" <<'JSON'
{"title": "Fruit", "sections": [{"elements": [
  {"type": "picker", "key": "component", "title": "Component", "items": [["Apple", "Banana", "Cherry"]], "required": true}]}]}
JSON
start_form "$work/fruit.json"
check "a picker lists its items" '    Cherry$'
send -l "ban"; send Enter
check "the filtered item is chosen" 'Component\*: Banana$'
answer 'to quit without saving: *$' "s"
wait_for 'EXIT=0' || fail "the picker form is submitted"
expect_row "the picker stores its item" "select values_json from submissions order by id desc limit 1" '*"component":"Banana"*'

# 7. delete asks on a terminal.
start_command delete 1
check "delete shows what it will delete" 'Delete this submission\? \[y/N\]: *$'
send -l "n"; send Enter
check "no keeps it (exit 1)" 'EXIT=1'
expect_row "the submission is still there" "select count(*) from submissions where id = 1" 1
start_command delete 1 --reason "'sent twice'"
answer 'Delete this submission\? \[y/N\]: *$' "y"
check "yes deletes it" 'deleted submission 1'
wait_for 'EXIT=0' || fail "delete exits 0"
expect_row "the submission is gone, kept as a tombstone with the reason" \
  "select count(*) || ',' || deletion_reason from submissions where id = 1 and deleted_at is not null" '1,sent twice'

# 7b. purge asks on a terminal too, and removes the tombstone for good.
start_command purge
check "purge lists the deleted submission" 'deleted .* sent twice'
answer 'and their history for good\? \[y/N\]: *$' "n"
check "no keeps it (exit 1)" 'EXIT=1'
start_command purge
answer 'and their history for good\? \[y/N\]: *$' "y"
check "yes purges it" 'purged 1 deleted submission$'
wait_for 'EXIT=0' || fail "purge exits 0"
expect_row "the row is gone" "select count(*) from submissions where id = 1" 0

# 7c. edit on a terminal opens the summary with the stored values; a number edits a field, s
#     saves the edit after asking the reason, and the old values stay in the history.
cat > "$work/ann.json" <<'JSON'
{"name": "Ann Lee", "email": "ann@exmaple.com", "password": "correct-horse-1", "passwordConfirmation": "correct-horse-1"}
JSON
"$formctl" fill "$here/forms/signup.json" --answers "$work/ann.json" --db "$work/e2e.sqlite" >/dev/null
edited=$(sql "select max(id) from submissions")
start_command edit "$edited"
check "edit opens the summary with the stored values" 'Email: ann@exmaple\.com$'
check "edit offers to save, not to submit or keep a draft" 's to save the edit, q to quit without saving: *$'
if screen | grep -q '\*: \|\* (hidden input)'; then fail "edit asks nothing before the summary"; else pass "edit asks nothing before the summary"; fi
answer 's to save the edit, q to quit without saving: *$' "3"
replace 'Email\*: ann@exmaple\.com$' "ann@example.com"
answer 's to save the edit, q to quit without saving: *$' "s"
answer 'Reason for the edit \(Enter for none\): *$' "typo in email"
check "the change is printed field by field" 'email: "ann@exmaple\.com" -> "ann@example\.com"$'
check "with the new revision" "edited submission $edited: revision 2$"
check "and exits 0" 'EXIT=0'
expect_row "the old values are kept as revision 1, with the reason on revision 2" \
  "select r.revision || ',' || json_extract(r.values_json, '\$.email') || ',' || s.revision || ',' || s.revision_reason from submission_revisions r join submissions s on s.id = r.submission_id where s.id = $edited" \
  '1,ann@exmaple.com,2,typo in email'
start_command edit "$edited"
answer 's to save the edit, q to quit without saving: *$' "q"
check "q leaves the submission as it was" "quit: submission $edited was not changed"
check "and exits 130" 'EXIT=130'
expect_row "no revision was added" "select revision from submissions where id = $edited" 2
# An edit stored by someone else while the summary is open makes this one a conflict, never a
# lost update.
start_command edit "$edited" --reason late
wait_for 's to save the edit, q to quit without saving: *$' || fail "the summary for the conflict"
"$formctl" edit "$edited" --set "name=Ann B. Lee" --db "$work/e2e.sqlite" >/dev/null
answer 's to save the edit, q to quit without saving: *$' "s"
check "the second edit is refused as a conflict" "submission $edited was changed by someone else meanwhile \(it is now at revision 3\)"
check "and exits 1" 'EXIT=1'
expect_row "the other edit is kept" "select revision || ',' || json_extract(values_json, '\$.name') from submissions where id = $edited" '3,Ann B. Lee'

# 7d. File fields: a path typed (~ is the home directory, anything else relative to the working
#     directory), the file's name, size and type shown before it is kept; a refused type is
#     explained and the path asked again; a field of several files asks for more until an empty
#     line; the stored bytes come back byte for byte from dump --files.
proposal="$here/Tests/Fixtures/attachments/proposal.json"
mkdir -p "$work/home/talk"
cp "$here/Tests/Fixtures/attachments/slides.pdf" "$here/Tests/Fixtures/attachments/photo.png" "$work/home/talk/"
printf 'Bring a laptop.\n' > "$work/notes.txt"
env="HOME=$work/home"
start_form "$proposal"
answer 'Title\*: *$' "Files in forms"
answer 'Speaker photo \(image/\*, up to 64 KiB, a path\): *$' ""
answer 'Slides\* \(\.pdf, up to 4 KiB, a path\): *$' ""
check "a required file field says so when skipped" 'is required'
answer 'Slides\* \(\.pdf, up to 4 KiB, a path\): *$' "~/talk/missing.pdf"
check "a path that is no file is explained" 'cannot attach .*missing\.pdf: No such file or directory'
answer 'Slides\* \(\.pdf, up to 4 KiB, a path\): *$' "~/talk/photo.png"
check "a file of a refused type is explained" 'takes \.pdf, not a file of type image/png'
answer 'Slides\* \(\.pdf, up to 4 KiB, a path\): *$' "~/talk/slides.pdf"
check "its name, size and type are shown before it is kept" 'slides\.pdf, 218 bytes, application/pdf — keep it\? \[Y/n\]: *$'
send Enter
answer 'Handouts \(up to 3 files, each up to 10 MiB, a path\): *$' "notes.txt"
answer 'notes\.txt, 16 bytes, text/plain — keep it\? \[Y/n\]: *$' ""
answer 'another file \(Enter when done\): *$' ""
answer 'Add a co-speaker\? \[y/N\]: *$' "n"
check "the summary shows the file" 'Slides: slides\.pdf, 218 bytes, application/pdf$'
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "a form with files is submitted"; else fail "a form with files is submitted"; fi
env=""
attached=$(sql "select max(id) from submissions")
expect_row "the file is stored with the submission" \
  "select group_concat(key_path || '=' || sha256, ' ') from (select key_path, sha256 from submission_attachments where submission_id = $attached order by key_path desc)" \
  "slides=$(sha256sum "$here/Tests/Fixtures/attachments/slides.pdf" | cut -d' ' -f1) handouts=$(sha256sum "$work/notes.txt" | cut -d' ' -f1)"
"$formctl" dump --files "$work/dumped" --db "$work/e2e.sqlite" >/dev/null 2>&1
uuid=$(sql "select uuid from submissions where id = $attached")
if cmp -s "$work/dumped/$uuid/slides/slides.pdf" "$here/Tests/Fixtures/attachments/slides.pdf"; then
  pass "dump --files writes the same bytes back"
else
  fail "dump --files writes the same bytes back"
fi

# 7e. Ctrl-C after a file was kept saves a draft holding it; resumed, the draft's file is
#     kept (Enter at its prompt) and submitted without being attached again.
env="HOME=$work/home"
start_form "$proposal"
answer 'Title\*: *$' "Draft with a file"
answer 'Speaker photo \(image/\*, up to 64 KiB, a path\): *$' "~/talk/photo.png"
answer 'photo\.png, 99 bytes, image/png, 4×3 — keep it\? \[Y/n\]: *$' "y"
wait_for 'Slides\* \(\.pdf, up to 4 KiB, a path\): *$' || fail "the slides prompt after the photo"
send C-c
check "Ctrl-C saves a draft with the file" 'interrupted: saved draft'
drafted=$(sql "select max(id) from submissions")
expect_row "the draft holds the photo" "select key_path || ',' || name from submission_attachments where submission_id = $drafted" 'photo,photo.png'
start_form "$proposal" --resume "$drafted"
answer 'Slides\* \(\.pdf, up to 4 KiB, a path\): *$' "~/talk/slides.pdf"
answer 'keep it\? \[Y/n\]: *$' ""
answer 'Handouts \(up to 3 files, each up to 10 MiB, a path\): *$' ""
check "the summary shows the draft's photo" 'Speaker photo: photo\.png, 99 bytes, image/png, 4×3$'
answer 'to quit without saving: *$' "s"
if wait_for "saved submission $drafted" && wait_for 'EXIT=0'; then pass "the resumed draft is submitted with its file"; else fail "the resumed draft is submitted with its file"; fi
expect_row "the submission holds the draft's photo and the new slides" \
  "select group_concat(key_path, ',') from (select key_path from submission_attachments s join submissions x on x.id = s.submission_id and x.revision = s.revision where s.submission_id = $drafted order by key_path)" \
  'photo,slides'
env=""

# 7f. --attach on a terminal: the file is the field's value before the walk, which asks only
#     the fields still empty, and a number in the summary replaces a field's files.
env="HOME=$work/home"
start_form "$proposal" --attach "slides=$work/home/talk/slides.pdf"
answer 'Title\*: *$' "Attached before"
answer 'Speaker photo \(image/\*, up to 64 KiB, a path\): *$' ""
answer 'Handouts \(up to 3 files, each up to 10 MiB, a path\): *$' ""
check "an attached field is not asked" 'Slides: slides\.pdf, 218 bytes, application/pdf$'
if screen | grep -q 'Slides\* (\.pdf'; then fail "the attached field is not asked"; else pass "the attached field is not asked"; fi
answer 'to quit without saving: *$' "5"
answer 'Handouts \(up to 3 files, each up to 10 MiB, a path\): *$' "~/talk/photo.png"
answer 'keep it\? \[Y/n\]: *$' ""
answer 'another file \(Enter when done\): *$' "~/talk/slides.pdf"
answer 'keep it\? \[Y/n\]: *$' ""
answer 'another file \(Enter when done\): *$' ""
check "the summary lists both handouts" 'Handouts: photo\.png, 99 bytes, image/png, 4×3; slides\.pdf, 218 bytes, application/pdf$'
answer 'to quit without saving: *$' "5"
check "the field's files are offered to keep" 'now: photo\.png.*\(Enter keeps, - removes\)'
answer 'Handouts \(up to 3 files, each up to 10 MiB, a path\): *$' "notes.txt"
answer 'keep it\? \[Y/n\]: *$' ""
answer 'another file \(Enter when done\): *$' ""
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "attached and replaced files are submitted"; else fail "attached and replaced files are submitted"; fi
replaced=$(sql "select max(id) from submissions")
expect_row "only the replacing handout is stored, beside the attached slides" \
  "select group_concat(key_path || ':' || name, ',') from (select key_path, name from submission_attachments where submission_id = $replaced order by key_path, position)" \
  'handouts:notes.txt,slides:slides.pdf'
env=""

# 7g. edit on a terminal replaces a file: the new one is stored as the next revision's, the old
#     one stays with revision 1.
start_command edit "$replaced"
answer 's to save the edit, q to quit without saving: *$' "4"
answer 'Slides\* \(\.pdf, up to 4 KiB, a path\): *$' "$work/notes.txt"
check "a refused file is explained in an edit too" 'takes \.pdf, not a file of type text/plain'
answer 'Slides\* \(\.pdf, up to 4 KiB, a path\): *$' "$work/home/talk/slides.pdf"
answer 'keep it\? \[Y/n\]: *$' ""
answer 's to save the edit, q to quit without saving: *$' "5"
answer 'Handouts \(up to 3 files, each up to 10 MiB, a path\): *$' "-"
answer 's to save the edit, q to quit without saving: *$' "s"
answer 'Reason for the edit \(Enter for none\): *$' "no handouts"
check "the edit is saved" "edited submission $replaced: revision 2$"
expect_row "revision 2 holds the slides only, revision 1 its handout too" \
  "select group_concat(revision || ':' || key_path, ',') from (select revision, key_path from submission_attachments where submission_id = $replaced order by revision, key_path)" \
  '1:handouts,1:slides,2:slides'

# 7h. An answers file's {"file": PATH} on a terminal: read from the answers file's directory,
#     shown in the summary and stored; a path leading outside it is refused before any prompt.
printf '{"title": "From answers", "slides": {"file": "slides.pdf"}}' > "$work/home/talk/answers.json"
start_form "$proposal" --answers "$work/home/talk/answers.json"
answer 'Speaker photo \(image/\*, up to 64 KiB, a path\): *$' ""
answer 'Handouts \(up to 3 files, each up to 10 MiB, a path\): *$' ""
check "the answered file is in the summary" 'Slides: slides\.pdf, 218 bytes, application/pdf$'
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "a file from answers is submitted on a terminal"; else fail "a file from answers is submitted on a terminal"; fi
expect_row "it is stored" "select key_path || ',' || sha256 from submission_attachments where submission_id = (select max(id) from submissions)" \
  "slides,$(sha256sum "$here/Tests/Fixtures/attachments/slides.pdf" | cut -d' ' -f1)"
printf '{"title": "Outside", "slides": {"file": "../../notes.txt"}}' > "$work/home/talk/outside.json"
start_form "$proposal" --answers "$work/home/talk/outside.json"
check "a path outside the answers file's directory is refused" "slides: cannot attach \.\./\.\./notes\.txt: leads outside"
check "before any prompt, exit 1" 'EXIT=1'

# ---- Accessible (plain) prompts: --accessible, FORMCTL_ACCESSIBLE=1, TERM=dumb ---------------

# 8. The signup form line by line: choices by number or label, hints in words.
start_form "$here/forms/signup.json" --accessible
answer 'Name\* \(e\.g\. Ada Lovelace\): *$' "Grace Hopper"
answer 'Email\* \(e\.g\. ada@example\.com\): *$' "not-an-email"
check "a wrong email is explained" 'must be an email address'
answer 'must be an email address' "grace@navy.mil"
answer 'Birth date' "1906-12-09"
answer 'Password\* \(hidden input\): *$' "cobol-rocks-1959"
answer 'Confirm password\* \(hidden input\): *$' "cobol-rocks-1959"
check "choices are numbered" '3\) Team'
answer 'choose a number or a label \[1\]: *$' "team"
answer 'Company' "US Navy"
answer 'Seats' "12"
answer 'newsletter \[y/N\]: *$' "n"
answer 'Add a guest\? \[y/N\]: *$' "n"
answer 'to quit without saving: *$' "2"
answer 'Name\* \[Grace Hopper\]: *$' "Grace B. Hopper"
check "a field is edited from the summary" '2\.   Name: Grace B\. Hopper'
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "accessible mode submits"; else fail "accessible mode submits"; fi
expect_row "accessible mode stores the answers" "select values_json from submissions order by id desc limit 1" \
  '*"name":"Grace B. Hopper"*"plan":"team"*"company":"US Navy"*"seats":12*'

# 9. FORMCTL_ACCESSIBLE=1: the survey's multi-select takes labels and numbers; the picker-like
#    lists are numbered.
env="FORMCTL_ACCESSIBLE=1"
start_form "$here/forms/survey.json" --data "$here/forms/survey-data.json"
answer 'Name\* \[Sam\]: *$' ""
answer 'choose a number or a label: *$' "Manager"
answer 'Years on the team' "3"
answer 'Xcode \(1–5\) \[3\]: *$' ""
answer 'SwiftPM \(1–5\) \[4\]: *$' ""
answer 'Docker \(1–5\) \[2\]: *$' ""
answer 'choose numbers separated by commas, or labels: *$' "deploys, 4"
wait_for 'end with an empty line' || fail "multiline prompt"
send Enter
answer 'May we follow up\? \[y/N\]: *$' "n"
answer 'to quit without saving: *$' "s"
wait_for 'EXIT=0' || fail "the accessible survey is submitted"
expect_row "labels and numbers choose alike" \
  "select values_json from submissions s join forms f on f.id = s.form_id where f.name = 'survey' order by s.id desc limit 1" \
  '*"role":"manager"*"topics":\["deploys","meetings"\]*'
env=""

# 10. TERM=dumb: no cursor movement is drawn.
env="TERM=dumb"
start_form "$here/forms/signup.json"
check "a dumb terminal gets plain prompts" 'Name\* \(e\.g\. Ada Lovelace\): *$'
send C-c
wait_for 'EXIT=130' || fail "Ctrl-C on a dumb terminal"
env=""

# ---- Languages: LANG, LC_ALL and --lang -------------------------------------------------------

# 11. LANG=de_DE.UTF-8: the form's text, the screen's words and the library's errors in German
#     (plurals included), a German label typed to filter the list, j for yes; the repeat's
#     minimum said when declined too early, kept as a draft and finished on resume.
feedback="$here/forms/feedback.json"
env="LANG=de_DE.UTF-8"
start_form "$feedback"
check "the form's title is German" '^Feedback zur Konferenz$'
check "the section's title is German" '== Über Sie =='
check "the placeholder is a German example" 'Name\*: z\. B\. Erika Mustermann$'
send -l "E"; send Enter
check "a name of 1 character is refused in German, with its plural" 'muss mindestens 3 Zeichen lang sein \(hat 1\)$'
replace 'Name\*: E$' "Erika Muster"
answer 'E-Mail\*: *$' "erika"
check "the author's German message" 'muss eine Adresse wie erika@example\.com sein'
replace 'E-Mail\*: erika$' "erika@example.com"
check "the list's help is German" 'Wie haben Sie teilgenommen\?\* \(↑/↓ bewegen, Tippen filtert, Enter wählt\)'
send -l "vor"
check "typing a German label filters the list" 'Filter: vor'
send Enter
check "the German label is chosen" 'Wie haben Sie teilgenommen\?\*: Vor Ort$'
answer 'Aus welcher Stadt sind Sie angereist\?: *$' "Berlin"
check "the footer reads the form's German strings" 'Wir verwenden Ihre Antworten nur, um die nächste Konferenz zu planen\.'
answer 'Vortrag hinzufügen\? \[J/n\]: *$' "j"
answer 'Vortrag #1\*: *$' "Swift auf Linux"
answer 'Vortrag hinzufügen \(Nr\. 2\)\? \[J/n\]: *$' "n"
check "declining below the repeat's minimum is said in German, with its plural" 'Vorträge, die Ihnen gefallen haben braucht mindestens 2 Einträge: hier ist Eintrag 2$'
answer 'Vortrag #2\*: *$' "Formulare in Swift"
answer 'Vortrag hinzufügen \(Nr\. 3\)\? \[j/N\]: *$' "n"
answer 'kontaktieren\* \[j/N\]: *$' "ja"
check "a label reads the German strings" 'Vielen Dank für Ihr Feedback!'
check "the summary is German" '^Zusammenfassung$'
check "a switch is shown as ja" 'kontaktieren: ja$'
check "the summary's help names a N in German" 'a und die Nummer einer Überschrift zum Hinzufügen eines Eintrags darunter'
answer 'q zum Beenden ohne Speichern: *$' "d"
if wait_for 'saved draft [0-9]+' && wait_for 'EXIT=0'; then pass "the draft is saved (the status line stays English)"; else fail "the draft is saved (the status line stays English)"; fi
german=$(sql "select max(id) from submissions")
start_form "$feedback" --resume "$german"
answer 'q zum Beenden ohne Speichern: *$' "s"
if wait_for "saved submission $german" && wait_for 'EXIT=0'; then pass "the resumed German draft is submitted"; else fail "the resumed German draft is submitted"; fi

# 12. LC_ALL=C with LANG=de_DE.UTF-8: LC_ALL is set and says C, so no language is preferred
#     and the form speaks its own, English; the same answers store the same row.
env="LC_ALL=C LANG=de_DE.UTF-8"
start_form "$feedback"
check "LC_ALL=C wins over LANG: English" '^Conference feedback$'
answer 'Name\*: e\.g\. Ada Lovelace$' "Erika Muster"
answer 'Email\*: *$' "erika@example.com"
check "the English list" '> In person'
send Enter
answer 'Which city did you travel from\?: *$' "Berlin"
answer 'Add a talk\? \[Y/n\]: *$' "y"
answer 'Talk #1\*: *$' "Swift auf Linux"
answer 'Add another talk\? \[Y/n\]: *$' "y"
answer 'Talk #2\*: *$' "Formulare in Swift"
answer 'Add another talk\? \[y/N\]: *$' "n"
answer 'contact me about my answers\* \[y/N\]: *$' "y"
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "the English fill is submitted"; else fail "the English fill is submitted"; fi
english=$(sql "select max(id) from submissions")
expect_row "German and English store the same values in the same form version" \
  "select count(distinct values_json || '|' || form_version_id) || ',' || count(*) from submissions where id in ($german, $english)" '1,2'
expect_row "the stored values are the choices' values, not their labels" \
  "select json_extract(values_json, '\$.attended') || ',' || json_extract(values_json, '\$.talks[1].title') from submissions where id = $german" \
  'in-person,Formulare in Swift'
expect_row "each records its language" \
  "select group_concat(language, ',') from (select language from submissions where id in ($german, $english) order by id)" 'de,en'

# 13. --lang ar: the Arabic text, right to left in the terminal's logical order, edited in the
#     line editor (the terminal's words fall back to English: formctl ships none in Arabic).
env=""
start_form "$feedback" --lang ar
check "the title is Arabic" '^ملاحظات حول المؤتمر$'
check "the section's title is Arabic" '== عنك =='
check "the Arabic placeholder" 'الاسم\*: e\.g\. ليلى أحمد$'
name=$(printf '\xd9\x84\xd9\x8e\xd9\x8a\xd9\x92\xd9\x84\xd9\x8e\xd9\x89')  # لَيْلَى: 4 letters, 3 marks
send -l "$name"
expect_cursor "an Arabic name with vowel marks takes a column a letter ([1/4] الاسم*: is 14)" 18
send Left Left; send -l "x"; send BSpace
check "editing in the middle of Arabic keeps its marks" "الاسم\\*: $name\$"
expect_cursor "and the cursor where it was" 16
send C-c
check "Ctrl-C saves the Arabic draft" 'interrupted: saved draft'
expect_row "the draft holds the name and records ar" \
  "select (json_extract(values_json, '\$.name') = '$name') || ',' || language from submissions order by id desc limit 1" '1,ar'

# 14. Accessible mode in German: a choice typed by its German label.
env="LANG=de_DE.UTF-8 FORMCTL_ACCESSIBLE=1"
start_form "$feedback"
answer 'Name\* \(z\. B\. Erika Mustermann\): *$' "Erika Muster"
answer 'E-Mail\*: *$' "erika@example.com"
check "the German labels are numbered" '1\) Vor Ort'
answer 'Nummer oder Bezeichnung wählen: *$' "vor ort"
answer 'Aus welcher Stadt sind Sie angereist\?: *$' "Köln"
wait_for 'Vortrag hinzufügen\? \[J/n\]: *$' || fail "the repeat question in accessible German"
send C-c
check "Ctrl-C saves the accessible draft" 'interrupted: saved draft'
expect_row "the German label chose the value" \
  "select json_extract(values_json, '\$.attended') || ',' || json_extract(values_json, '\$.city') || ',' || language from submissions order by id desc limit 1" \
  'in-person,Köln,de'
env=""

# ---- Data declared in the form ----------------------------------------------------------------

# 15. forms/order.json declares its data and has no data file: the declared defaults are the
#     prefilled values (the name, the sizes to choose from, the quantity, the switch), and
#     Enter on each stores them.
start_form "$here/forms/order.json"
check "a section title reads the declared default" '== Hello, Guest =='
check "a declared default is the prefilled value" 'Name\*: Guest$'
send Enter
check "a declared array is the list of choices" '> S'
send Down; send Enter
check "the chosen size stays on screen" 'Size\*: M$'
check "a declared Int is the prefilled number" 'Quantity \(1–10\): 1$'
send Enter
answer 'I am a member \[y/N\]: *$' ""
check "the summary shows the defaults kept" 'Name: Guest$'
if screen | grep -q 'Member number'; then fail "a field hidden by the declared Bool is not asked"; else pass "a field hidden by the declared Bool is not asked"; fi
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "the order is submitted without a data file"; else fail "the order is submitted without a data file"; fi
expect_row "the declared defaults are stored with the chosen size (its index)" \
  "select json_extract(values_json, '\$.name') || ',' || json_extract(values_json, '\$.size') || ',' || json_extract(values_json, '\$.quantity') || ',' || json_extract(values_json, '\$.member') from submissions order by id desc limit 1" \
  'Guest,1,1,0'

# 16. A data file of the wrong class is refused before anything is asked, naming the file and
#     the path; nothing is stored.
printf '{"quantity": "two"}' > "$work/order-data.json"
before=$(count_rows)
start_form "$here/forms/order.json" --data "$work/order-data.json"
check "the wrong class is refused naming the data file and the path" "order-data\.json: error: quantity: expected Int, found \"two\"\$"
check "and fill exits 1" 'EXIT=1'
if screen | grep -q 'Name\*:'; then fail "nothing is asked for refused data"; else pass "nothing is asked for refused data"; fi
expect_row "nothing is stored for refused data" "select count(*) from submissions" "$before"

# ---- core-cli: dates as people write them, the data file beside the form -------------------

# 17. A date typed without zero padding and a week date are stored in the canonical form; a
#     Time field given a date alone says it wants a time, and takes an hour alone.
cat > "$work/when.json" <<'JSON'
{"title": "When", "sections": [{"elements": [
  {"type": "date", "key": "day", "title": "Day", "mode": "Date"},
  {"type": "date", "key": "week", "title": "Week day", "mode": "Date"},
  {"type": "date", "key": "start", "title": "Start", "mode": "Time"}]}]}
JSON
start_form "$work/when.json"
answer 'Day \(YYYY-MM-DD\): *$' "2026/3/15"
answer 'Week day \(YYYY-MM-DD\): *$' "2026-W48-3"
answer 'Start \(HH:MM\[:SS\]\): *$' "2026-11-22"
check "a Time field given a date alone says it wants a time" 'must be a time as HH:MM\[:SS\]'
send C-u; send -l "T15"; send Enter
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "the dates are submitted"; else fail "the dates are submitted"; fi
expect_row "an unpadded date, a week date and an hour alone are stored canonical" \
  "select json_extract(values_json, '\$.day') || ',' || json_extract(values_json, '\$.week') || ',' || json_extract(values_json, '\$.start') from submissions order by id desc limit 1" \
  '2026-03-15,2026-11-25,15:00:00'

# 18. NAME-data.json beside the form is bound without --data, as serve binds it: the tools of
#     the survey's data are fields, prefilled with their scores, and stored on submit.
cp "$here/forms/survey.json" "$here/forms/survey-data.json" "$work/"
start_form "$work/survey.json" --set name=Sam --set role=engineer --set years=3
wait_for 'Topics for the next retro' || fail "the survey is asked"
# Enter keeps what is prefilled, whatever order the fields are asked in, up to the summary.
for _ in $(seq 1 12); do screen | grep -q 'to quit without saving' && break; send Enter; sleep 0.3; done
check "a tool from the data beside the form is a field with its score" 'Xcode: 3$'
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "the survey is submitted"; else fail "the survey is submitted"; fi
expect_row "the scores of the data beside the form are stored" \
  "select json_extract(values_json, '\$.tools.Xcode.score') || ',' || json_extract(values_json, '\$.tools.Docker.score') from submissions order by id desc limit 1" \
  '3,2'

# ---- term-input: one field's line ------------------------------------------------------------

# The number of a field in the summary on screen (`N. Title: ...`), so that these tests do not
# depend on how many lines come before it.
summary_number() { screen | grep -oE "[0-9]+\. $1:" | tail -1 | cut -d. -f1; }

# 19. Text a field cannot take (a number that is none, a date that is none) comes back on the
#     line with the message, to be corrected rather than typed again.
cat > "$work/parse.json" <<'JSON'
{"title": "Parse", "sections": [{"elements": [
  {"type": "decimal", "key": "age", "title": "Age", "fractionDigits": 0},
  {"type": "date", "key": "born", "title": "Born", "mode": "Date"}]}]}
JSON
start_form "$work/parse.json"
answer 'Age: *$' "abc"
check "a number that is none is explained" 'must be a number'
check "and stays on the line" 'Age: abc$'
send C-u; send -l "42"; send Enter
answer 'Born \(YYYY-MM-DD\): *$' "1990-13-45"
check "a date that is none is explained" 'must be a date as YYYY-MM-DD'
check "and stays on the line" 'Born \(YYYY-MM-DD\): 1990-13-45$'
# Corrected in place: only the month and the day are typed again.
send BSpace BSpace BSpace BSpace BSpace; send -l "12-25"; send Enter
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "the corrected answers are submitted"; else fail "the corrected answers are submitted"; fi
expect_row "the corrected number and date are stored" \
  "select json_extract(values_json, '\$.age') || ',' || json_extract(values_json, '\$.born') from submissions order by id desc limit 1" '42,1990-12-25'
# Plain mode cannot put text back on a line: the message, then the question again, empty.
start_form "$work/parse.json" --accessible
answer 'Age: *$' "abc"
check "plain mode explains a number that is none" 'must be a number'
answer 'Age: *$' "7"
answer 'Born \(YYYY-MM-DD\): *$' ""
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "plain mode submits after a refusal"; else fail "plain mode submits after a refusal"; fi
expect_row "plain mode stores the answer typed again" \
  "select json_extract(values_json, '\$.age') from submissions order by id desc limit 1" '7'

# 20. An optional choice has a first row "(none)", highlighted while nothing is chosen, that
#     leaves it empty; a required one has none; a chosen item can be taken back to "(none)".
cat > "$work/diet.json" <<'JSON'
{"title": "Dinner", "sections": [{"elements": [
  {"type": "radio", "key": "diet", "title": "Diet", "items": ["Vegetarian", "Vegan"]},
  {"type": "radio", "key": "seat", "title": "Seat", "items": ["Aisle", "Window"], "required": true}]}]}
JSON
start_form "$work/diet.json"
check "an optional choice offers (none), highlighted" '> \(none\)$'
send Enter
check "(none) chosen stays on screen" 'Diet: \(none\)$'
check "a required choice starts at its first item" '> Aisle$'
if screen | grep -A3 'Seat\*' | grep -q '(none)'; then fail "a required choice has no (none)"; else pass "a required choice has no (none)"; fi
send Enter
wait_for 'to quit without saving: *$' || fail "the dinner summary"
n=$(summary_number Diet)
answer 'to quit without saving: *$' "$n"
send Down Down; send Enter
check "an item is chosen from the summary" "$n\\. Diet: Vegan"
answer 'to quit without saving: *$' "$n"
check "the stored item is highlighted when asked again" '> Vegan$'
send Up Up; send Enter
check "(none) takes the choice back" "$n\\. Diet: \\(empty\\)"
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "a choice left empty is submitted"; else fail "a choice left empty is submitted"; fi
expect_row "the optional choice is stored empty, the required one chosen" \
  "select coalesce(json_extract(values_json, '\$.diet'), 'null') || ',' || json_extract(values_json, '\$.seat') from submissions order by id desc limit 1" 'null,0'
# Typing filters the items only: "v" is in no "(none)", and Enter takes Vegetarian.
start_form "$work/diet.json"
wait_for '> \(none\)$' || fail "the diet list"
send -l "v"
check "a filter hides (none)" 'filter: v'
if screen | grep -A3 'Diet' | grep -q '(none)'; then fail "(none) is not among the filtered items"; else pass "(none) is not among the filtered items"; fi
send Enter
check "the first match is chosen" 'Diet: Vegetarian$'
send C-c
wait_for 'EXIT=130' || fail "Ctrl-C after the filter"

# 21. A confirmation is checked as soon as it is typed. A hidden pair that differs is asked
#     again as a pair (a typo in the hidden original could never be matched otherwise); the
#     pair's value is stored once both agree.
start_form "$here/forms/signup.json"
answer 'Name\*: e\.g\. Ada Lovelace$' "Ann Lee"
answer 'Email\*: e\.g\. ada@example\.com$' "ann@example.com"
answer 'Birth date \(YYYY-MM-DD\): *$' ""
answer 'Password\* \(hidden input\): *$' "correct-horse-1"
answer 'Confirm password\* \(hidden input\): *$' "correct-hrose-1"
check "a confirmation that differs is refused as it is typed" 'Password: does not match the confirmation$'
if wait_for 'Password\* \(hidden input\): *$' && [ "$(screen | grep -c 'Password\* (hidden input)')" = 2 ]; then
  pass "the password is asked again at once"
else
  fail "the password is asked again at once"
fi
send -l "correct-horse-2"; send Enter
answer 'Confirm password\* \(hidden input\): *$' "correct-horse-2"
check "then the plan, once both agree" 'Plan'
send Enter
answer 'newsletter \[y/N\]: *$' ""
answer 'Add a guest\? \[y/N\]: *$' ""
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "the confirmed signup is submitted"; else fail "the confirmed signup is submitted"; fi
# A visible pair, the rule on the confirmation: the original comes back with its value (Enter
# keeps it), then the confirmation with the text that differed, to be corrected; changing the
# original from the summary asks for the confirmation again.
cat > "$work/confirm.json" <<'JSON'
{"title": "Confirm", "sections": [{"elements": [
  {"type": "entry", "key": "email", "title": "Email", "required": true},
  {"type": "entry", "key": "again", "title": "Email again", "required": true,
   "validate": [{"rule": "matches", "field": "email", "message": "is not the email above"}]},
  {"type": "entry", "key": "after", "title": "After"}]}]}
JSON
start_form "$work/confirm.json"
answer 'Email\*: *$' "ann@example.com"
answer 'Email again\*: *$' "ann@exmaple.com"
check "the confirmation's own message" '^  is not the email above$'
check "the original comes back with its value" 'Email\*: ann@example\.com$'
send Enter
check "then the confirmation with the text that differed" 'Email again\*: ann@exmaple\.com$'
send C-u; send -l "ann@example.com"; send Enter
answer 'After: *$' ""
wait_for 'to quit without saving: *$' || fail "the confirm summary"
n=$(summary_number Email)
answer 'to quit without saving: *$' "$n"
replace 'Email\*: ann@example\.com$' "bob@example.com"
check "a changed original is followed by its confirmation" 'Email again: is not the email above$'
replace 'Email again\*: ann@example\.com$' "bob@example.com"
check "the summary shows the pair changed" 'Email again: bob@example\.com$'
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "the confirmed pair is submitted"; else fail "the confirmed pair is submitted"; fi
expect_row "both fields hold the confirmed value" \
  "select json_extract(values_json, '\$.email') || ',' || json_extract(values_json, '\$.again') from submissions order by id desc limit 1" \
  'bob@example.com,bob@example.com'
# Plain mode asks the pair again the same way, each with its value in brackets.
start_form "$work/confirm.json" --accessible
answer 'Email\*: *$' "ann@example.com"
answer 'Email again\*: *$' "ann@exmaple.com"
check "plain mode checks the confirmation as it is typed" '^  is not the email above$'
answer 'Email\* \[ann@example\.com\]: *$' ""
answer 'Email again\* \[ann@exmaple\.com\]: *$' "ann@example.com"
answer 'After: *$' ""
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "plain mode submits the confirmed pair"; else fail "plain mode submits the confirmed pair"; fi
expect_row "plain mode stores the confirmed value" \
  "select json_extract(values_json, '\$.again') from submissions order by id desc limit 1" 'ann@example.com'

# 22. forms/proposal.json, a talk proposal written from this README: a confirmation, a number
#     and a date corrected on their lines, a choice that reveals fields, an optional level left
#     at (none), ratings per track from forms/proposal-data.json, and the routed action that
#     gets the values at submit. The repeats (co-speakers, outline) come from an answers file.
cat > "$work/proposal-answers.json" <<'JSON'
{"coSpeakers": [{"name": "Charles Babbage", "email": "charles@example.org"}, {"name": "Mary Somerville", "email": "mary@example.org"}],
 "outline": [{"point": "Why engines"}, {"point": "A demo"}]}
JSON
printf '#!/bin/sh\ncat > "%s/proposed.json"\n' "$work" > "$work/propose.sh"
chmod +x "$work/propose.sh"
start_form "$here/forms/proposal.json" --data "$here/forms/proposal-data.json" --answers "$work/proposal-answers.json" \
  --action "onPropose=$work/propose.sh"
answer 'Name\*: e\.g\. Ada Lovelace$' "Ada Lovelace"
answer 'Email\*: *$' "ada@example.com"
answer 'Email again\*: *$' "ada@exmple.com"
check "the email typed again is checked at once" '^  is not the email above$'
answer 'Email\*: ada@example\.com$' ""
replace 'Email again\*: ada@exmple\.com$' "ada@example.com"
answer 'Years of speaking \(0–60\): *$' "ten"
check "a number that is none stays on its line" 'Years of speaking \(0–60\): ten$'
replace 'Years of speaking \(0–60\): ten$' "10"
answer 'Available from \(YYYY-MM-DD\): *$' "2026-02-30"
check "a day February does not have stays on its line" 'Available from \(YYYY-MM-DD\): 2026-02-30$'
send BSpace BSpace; send -l "28"; send Enter
answer 'Title\*: *$' "Analytical engines on Linux"
check "a required choice has no (none)" '> Talk \(30 min\)$'
send -l "work"; send Enter
check "the chosen format stays on screen" 'Format\*: Workshop$'
answer 'Workshop length in minutes\* \(60–240\): *$' "90"
answer 'Equipment attendees bring: e\.g\. a laptop with Swift 6$' ""
check "the optional level offers (none)" '> \(none\)$'
send Enter
check "the level is left empty" 'Level: \(none\)$'
wait_for 'end with an empty line' || fail "the notes prompt"
send -l "Needs a projector"; send Enter; send Enter
check "the summary shows the ratings from the data" 'Tooling: 3$'
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "the proposal is submitted"; else fail "the proposal is submitted"; fi
if grep -q '"format":"workshop","workshopLength":90' "$work/proposed.json" 2>/dev/null; then
  pass "the routed action gets the values"
else
  fail "the routed action gets the values"
fi
expect_row "the proposal stores both repeats, the corrected answers, the ratings and no level" \
  "select json_array_length(values_json, '\$.coSpeakers') || ',' || json_extract(values_json, '\$.outline[1].point') || ',' || json_extract(values_json, '\$.yearsSpeaking') || ',' || json_extract(values_json, '\$.availableFrom') || ',' || coalesce(json_extract(values_json, '\$.level'), 'null') || ',' || json_extract(values_json, '\$.tracks.Tooling.fit') from submissions order by id desc limit 1" \
  '2,A demo,10,2026-02-28,null,3'

# ---- term-flow: the order of questions and the summary ---------------------------------------

# 23. A talk proposal with two repeats (co-speakers, each a page of two fields; outline points)
#     that need 2 items each, ratings iterated over a dictionary, and a field a later switch
#     makes required. Each item is asked right after its "Add" answer; declining below the
#     minimum says how many are needed and asks the next item; [n/N] counts every field asked
#     and grows with the items.
cat > "$work/talk.json" <<'JSON'
{"title": "Talk proposal", "sections": [
  {"title": "Speaker", "elements": [{"type": "entry", "key": "name", "title": "Name", "required": true}]},
  {"title": "Co-speakers", "bind": "iterate:speakers", "addTitle": "Add a co-speaker", "minimumItems": 2,
   "elementTemplate": {"type": "root", "title": "Co-speaker", "sections": [{"elements": [
     {"type": "entry", "key": "name", "title": "Co-speaker name", "bind": "textValue:name", "required": true},
     {"type": "entry", "key": "email", "title": "Co-speaker email", "bind": "textValue:email"}]}]}},
  {"title": "Outline", "bind": "iterate:outline", "addTitle": "Add an outline point", "minimumItems": 2,
   "elementTemplate": {"type": "entry", "key": "point", "title": "Point", "bind": "textValue:point", "required": true}},
  {"title": "Ratings", "bind": "iterateproperties:topics",
   "elementTemplate": {"type": "decimal", "key": "score", "title": "@{key}", "bind": "numberValue:value",
                       "fractionDigits": 0, "minimumValue": 1, "maximumValue": 5}},
  {"elements": [{"type": "entry", "key": "why", "title": "Why record it", "required": "@{record}"},
                {"type": "boolean", "key": "record", "title": "Record the talk"}]}]}
JSON
printf '{"topics": {"Swift": 3, "Linux": 4}}' > "$work/talk-data.json"
start_form "$work/talk.json" --data "$work/talk-data.json"
check "[n/N] counts the iterated ratings before any item is added" '\[1/5\] Name\*: *$'
answer '\[1/5\] Name\*: *$' "Ada"
answer 'Add a co-speaker\? \[Y/n\]: *$' "y"
check "an item's fields come right after its Add answer, counted in [n/N]" '\[2/7\] Co-speaker name #1\*: *$'
if screen | grep -q 'Add another co-speaker'; then fail "the next Add waits for the item's fields"; else pass "the next Add waits for the item's fields"; fi
answer 'Co-speaker name #1\*: *$' "Bo"
answer '\[3/7\] Co-speaker email #1: *$' "bo@example.com"
answer 'Add another co-speaker\? \[Y/n\]: *$' "n"
check "declining below the minimum says how many are needed" 'Co-speakers needs at least 2 items: here is item 2$'
answer '\[4/9\] Co-speaker name #2\*: *$' "Cy"
answer 'Co-speaker email #2: *$' ""
answer 'Add another co-speaker\? \[y/N\]: *$' "n"
answer 'Add an outline point\? \[Y/n\]: *$' "y"
answer '\[6/10\] Point #1\*: *$' "Why"
answer 'Add another outline point\? \[Y/n\]: *$' "n"
check "the second repeat asks its next item too" 'Outline needs at least 2 items: here is item 2$'
answer 'Point #2\*: *$' "How"
answer 'Add another outline point\? \[y/N\]: *$' "n"
replace '\[8/11\] Swift \(1–5\): 3$' "5"
answer 'Linux \(1–5\): 4$' ""
answer '\[10/11\] Why record it: *$' ""
answer '\[11/11\] Record the talk \[y/N\]: *$' "y"
# The summary: a numbered heading for every section (the ratings no longer look like outline
# points), fields under them, and `a N` beside each repeat that can grow.
check "the summary numbers a heading per section" '^ +1\. Speaker$'
check "a repeat's heading carries its a N" '^ +3\. Co-speakers \(a 3 adds one\)$'
check "an item's page is listed with its item" '^ +5\.   Co-speaker email #1: bo@example\.com$'
check "the second repeat has its own heading" '^ +8\. Outline \(a 8 adds one\)$'
check "the iterated ratings have their heading" '^ +11\. Ratings$'
check "a rating is listed under it" '^ +12\.   Swift: 5$'
check "an untitled section's fields stand outside the heading before" '^ +14\. Why record it: \(empty\)$'
check "the help line names a N" 'a and a heading.s number to add an item under it'
answer 'to quit without saving: *$' "a8"
check "a N asks the new item's fields at once" 'Point #3\*: *$'
answer 'Point #3\*: *$' "Demo"
check "the new item is in the summary" '^ +11\.   Point #3: Demo$'
answer 'to quit without saving: *$' "s"
check "an error at submit names the field's summary number and title" '^ +15\. Why record it: is required$'
if screen | grep -q '^ *why: '; then fail "the error does not name the bare key"; else pass "the error does not name the bare key"; fi
answer 'to quit without saving: *$' "15"
answer 'Why record it\*: *$' "Hallway track"
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "the talk proposal is submitted"; else fail "the talk proposal is submitted"; fi
expect_row "each item holds its own answers, in order, and the ratings" \
  "select values_json from submissions order by id desc limit 1" \
  '*"speakers":\[{"name":"Bo","email":"bo@example.com"},{"name":"Cy"*"outline":\[{"point":"Why"},{"point":"How"},{"point":"Demo"}\]*'

# 24. --set numbers items from 1, as the screen does: speakers.1 is the first co-speaker, and
#     speakers.0 is refused saying where the items start.
start_form "$work/talk.json" --data "$work/talk-data.json" --set speakers.1.name=Bo --set name=Ada
answer 'Co-speaker email #1: *$' ""
if screen | grep -q 'Co-speaker name #1'; then fail "--set speakers.1 is the first item"; else pass "--set speakers.1 is the first item"; fi
wait_for 'Add another co-speaker\? \[Y/n\]: *$' || fail "the second co-speaker is offered"
send C-c
wait_for 'EXIT=130' || fail "Ctrl-C ends the --set fill"
expect_row "the first co-speaker is the one set" "select json_extract(values_json, '\$.speakers[0].name') from submissions order by id desc limit 1" 'Bo'
start_form "$work/talk.json" --data "$work/talk-data.json" --set speakers.0.name=Bo --no-input
check "--set speakers.0 is refused" '^speakers\.0: items are numbered from 1 \(speakers\.1 is the first\)$'

# ---- lead: the submitting button is not offered during the walk ------------------------------

# 25. A form whose one button names a routed action: submitting runs it, so the walk does not
#     offer to press it too (it ran then and again at submit, sending a proposal twice).
cat > "$work/send.json" <<'JSON'
{"title": "Send", "sections": [{"elements": [
  {"type": "entry", "key": "subject", "title": "Subject", "required": true},
  {"type": "button", "title": "Send it", "controllerAction": "onSend"}]}]}
JSON
printf '#!/bin/sh\necho ran >> "%s/sent.log"\n' "$work" > "$work/send.sh"
chmod +x "$work/send.sh"
rm -f "$work/sent.log"
start_form "$work/send.json" --action "onSend=$work/send.sh"
answer 'Subject\*: *$' "Hello"
answer 'to quit without saving: *$' "s"
if wait_for 'saved submission' && wait_for 'EXIT=0'; then pass "the form with a routed button is submitted"; else fail "the form with a routed button is submitted"; fi
if screen | grep -q 'Press "Send it"'; then fail "the submitting button is not offered during the walk"; else pass "the submitting button is not offered during the walk"; fi
if [ "$(wc -l < "$work/sent.log" 2>/dev/null)" = "1" ]; then pass "the routed action runs once, at submit"; else fail "the routed action runs once, at submit ($(cat "$work/sent.log" 2>/dev/null | wc -l) runs)"; fi

echo
echo "interactive: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
