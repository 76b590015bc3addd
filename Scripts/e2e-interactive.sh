#!/usr/bin/env bash
# Drives `formctl fill` through a real terminal (tmux): typing answers, a wrong email asked again,
# a password never on screen, editing from the summary, Ctrl-C leaving a draft with exit 130 and
# the terminal restored. Usage: Scripts/e2e-interactive.sh [path/to/formctl]
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
start_form() {
  local form=$1
  shift
  tmux -L "$socket" kill-server 2>/dev/null
  # A server that is still shutting down refuses new sessions: wait until it is gone.
  for _ in $(seq 1 50); do tmux -L "$socket" has-session 2>/dev/null || break; sleep 0.05; done
  sleep 0.2
  # After formctl exits, print its exit code and whether echo is on, then wait to be read.
  tmux -L "$socket" new-session -d -s e2e -x 120 -y 60 \
    "cd '$work' && '$formctl' fill '$form' --db '$work/e2e.sqlite' $*; echo EXIT=\$?; stty -a | tr ' ' '\n' | grep -x -- '-\{0,1\}echo'; sleep 60"
}
answer() { # answer PROMPT-REGEX TEXT
  if wait_for "$1"; then send -l -- "$2"; send Enter; else fail "prompt '$1' did not appear"; return 1; fi
}

# 1. A whole form: wrong email asked again, password hidden, edit from the summary, submit.
start
answer 'Name\* \(Ada Lovelace\):$' "Grace Hopper"
answer 'Email\* \(ada@example.com\):$' "not-an-email"
if wait_for 'must be an email address'; then pass "a wrong email is explained"; else fail "a wrong email is explained"; fi
if wait_for '\[2/7\] Email.*\n?.*' && [ "$(screen | grep -c '\[2/7\] Email')" -ge 2 ]; then pass "the email is asked again at once"; else fail "the email is asked again at once"; fi
answer 'must be an email address' "grace@navy.mil"
answer 'Birth date' "1906-12-09"
answer 'Password\* \(hidden input\):$' "cobol-rocks-1959"
answer 'Confirm password\* \(hidden input\):$' "cobol-rocks-1959"
answer 'choose a number \[1\]:$' "3"
answer 'Company' "US Navy"
answer 'Seats' "12"
answer 'newsletter \[y/N\]:$' "n"
answer 'Add a guest\? \[y/N\]:$' "y"
answer 'Guest email #1' "ada@example.com"
answer 'Add another guest\? \[y/N\]:$' "n"
if wait_for 'to quit without saving:'; then pass "the summary is shown"; else fail "the summary is shown"; fi
# Only meaningful once the password was typed and the summary is on screen.
if ! screen | grep -q 'to quit without saving:' || screen | grep -q 'cobol-rocks'; then
  fail "the password never appears on screen"
else
  pass "the password never appears on screen"
fi
if screen | grep -q 'Password: ••••••'; then pass "the summary masks the password"; else fail "the summary masks the password"; fi
send -l "1"; send Enter
answer '\[1/[0-9]+\] Name\* \[Grace Hopper\]:$' "Grace B. Hopper"
if wait_for '1\. Name: Grace B\. Hopper'; then pass "a field is edited from the summary"; else fail "a field is edited from the summary"; fi
send -l "s"; send Enter
if wait_for 'saved submission 1' && wait_for 'EXIT=0'; then pass "submitting stores and exits 0"; else fail "submitting stores and exits 0"; fi
row=$(sqlite3 "$work/e2e.sqlite" "select values_json from submissions where id = 1")
case "$row" in
  *'"name":"Grace B. Hopper"'*'"plan":"team"'*'"company":"US Navy"'*'"seats":12'*'"guests":[{"email":"ada@example.com"}]'*) pass "the stored values are the answers" ;;
  *) fail "the stored values are the answers (got: $row)" ;;
esac
if sqlite3 "$work/e2e.sqlite" "select count(*) from submissions where values_json like '%cobol%'" | grep -qx 0; then
  pass "the password is not stored"
else
  fail "the password is not stored"
fi

# 2. Ctrl-C in the middle of a secret: a draft is saved, exit 130, echo is back on.
start
answer 'Name\* \(Ada Lovelace\):$' "Alan Kay"
answer 'Email\* \(ada@example.com\):$' "alan@parc.com"
answer 'Birth date' ""
wait_for 'Password\* \(hidden input\):$' || fail "password prompt"
send -l "half-typed"
send C-c
if wait_for 'interrupted: saved draft 2' && wait_for 'EXIT=130'; then pass "Ctrl-C saves a draft and exits 130"; else fail "Ctrl-C saves a draft and exits 130"; fi
if screen | grep -qx 'echo'; then pass "the terminal echoes again after Ctrl-C"; else fail "the terminal echoes again after Ctrl-C"; fi
draft=$(sqlite3 "$work/e2e.sqlite" "select status || ' ' || values_json from submissions where id = 2")
case "$draft" in
  'draft '*'"name":"Alan Kay"'*'"email":"alan@parc.com"'*) pass "the draft holds what was entered" ;;
  *) fail "the draft holds what was entered (got: $draft)" ;;
esac

# 3. Resuming the draft: earlier answers are offered as current values.
start --resume 2
answer 'Name\* \[Alan Kay\]:$' ""
answer 'Email\* \[alan@parc.com\]:$' ""
if wait_for 'Birth date'; then pass "a resumed draft offers its values"; else fail "a resumed draft offers its values"; fi

# 4. The survey: a repeat over a dictionary, a number out of range, a multi-select section,
#    multiline text, and a field that appears when a switch is turned on.
start_form "$here/forms/survey.json" --data "$here/forms/survey-data.json"
answer 'Name\* \[Sam\]:$' ""
answer 'choose a number:$' "2"
answer 'Years on the team' "7"
answer 'Xcode #1 \(1–5\) \[3\]:$' ""
answer 'SwiftPM #2 \(1–5\) \[4\]:$' "9"
if wait_for 'must be at most 5'; then pass "a score out of range is asked again"; else fail "a score out of range is asked again"; fi
answer 'must be at most 5' "5"
answer 'Docker #3' ""
answer 'choose numbers separated by commas:$' "1, 3"
wait_for 'end with an empty line' || fail "multiline prompt"
send -l "First line"; send Enter; send -l "Second line"; send Enter; send Enter
answer 'May we follow up\? \[y/N\]:$' "y"
answer 'Email for follow-up\*:$' "sam@example.com"
if wait_for 'Topics for the next retro: Deploys, Code review' && wait_for 'Comments: First line ⏎ Second line'; then
  pass "the summary shows the chosen topics and the comment"
else
  fail "the summary shows the chosen topics and the comment"
fi
send -l "s"; send Enter
wait_for 'EXIT=0' || fail "the survey is submitted"
survey=$(sqlite3 "$work/e2e.sqlite" "select values_json from submissions s join forms f on f.id = s.form_id where f.name = 'survey'")
case "$survey" in
  *'"tools":{"Xcode":{"score":3},"SwiftPM":{"score":5},"Docker":{"score":2}}'*'"topics":["deploys","review"]'*'"comments":"First line\nSecond line"'*'"contact":"sam@example.com"'*)
    pass "the survey stores scores per tool, topics, the comment and the follow-up email" ;;
  *) fail "the survey stores scores per tool, topics, the comment and the follow-up email (got: $survey)" ;;
esac

echo
echo "interactive: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
