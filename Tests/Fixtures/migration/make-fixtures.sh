#!/usr/bin/env bash
# Makes sqlite.sql and postgres.sql beside this script (and the -prefixed pair): databases that
# a formctl built from an older commit (f42e323 for the files committed here) filled the way
# people used it, dumped as text so a review can read them. The migration tests load them and
# open them with today's code.
#
#   Tests/Fixtures/migration/make-fixtures.sh OLD_FORMCTL
#
# OLD_FORMCTL is that commit's binary (git worktree add DIR f42e323; swift build --product
# formctl there). PostgreSQL's binaries are taken from /usr/lib/postgresql/<newest>/bin unless
# PG_BIN says otherwise; as root the throwaway cluster runs as the postgres user. Needs jq and
# the sqlite3 shell.
set -euo pipefail
formctl=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
pg_bin=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The postgres user must reach the cluster's directory inside.
chmod 755 "$work"

# The forms: forms/signup.json in three versions (v2 adds a phone field, v3 retitles v2) and the
# registration form with a repeat of workshops. A file's name is the form's name.
mkdir -p "$work/v1" "$work/v2" "$work/v3"
cp "$repo/forms/signup.json" "$work/v1/signup.json"
jq '.sections[0].elements += [{"type":"entry","key":"phone","title":"Phone","keyboardType":"PhonePad"}]' \
    "$repo/forms/signup.json" > "$work/v2/signup.json"
jq '.title = "Sign up for the beta"' "$work/v2/signup.json" > "$work/v3/signup.json"
cp "$repo/Scripts/bench/registration.json" "$work/v1/registration.json"

# fill DB FORM ARGS...: one fill with the old formctl that never prompts; it prints what it saved.
fill() { local db=$1 form=$2; shift 2; "$formctl" fill "$work/$form" --no-input --db "$db" "$@"; }

# Every kind of row the old formctl could write, with time between the steps so that drafts
# updated or finalized later have an updated_at after their created_at.
populate() {
    local db=$1
    # 1: final, a team plan with three guests, a secure password (never stored), quotes, a
    # backslash and markup in the company.
    fill "$db" v1/signup.json --answers - <<'JSON'
{"name":"  Zoë   Ünal-Ström ","email":" Zoe@Example.COM","birthDate":"1990-02-28","password":"correct horse","passwordConfirmation":"correct horse","plan":"team","company":"Ünal & Söhne \"GmbH\" \\ <株式会社>","seats":12,"newsletter":true,"guests":[{"email":"ann+tag@example.com"},{"email":" BO@example.org "},{"email":"cy@example.net"}]}
JSON
    # 2: final, CJK and emoji (a ZWJ sequence), no guests.
    fill "$db" v1/signup.json --answers - <<'JSON'
{"name":"山田 太郎 🎉👩‍💻","email":"taro@example.jp","password":"パスワード1234","passwordConfirmation":"パスワード1234","plan":"free","guests":[]}
JSON
    # 3: a draft that stays a draft (made on the command line: no resume token).
    fill "$db" v1/signup.json --draft --set "name=مريم العلي" --set email=maryam@example.com --set plan=pro
    # 4: a draft saved again later (updated in place).
    fill "$db" v1/signup.json --draft --set "name=José Ñúñez" --set plan=team
    sleep 1.1
    fill "$db" v1/signup.json --draft --resume 4 --set "company=Ñ & Co" --set seats=3 --set guests.0.email=lu@example.com
    # 5: a draft finalized later.
    fill "$db" v1/signup.json --draft --set "name=Åsa Öberg" --set email=asa@example.se
    sleep 1.1
    fill "$db" v1/signup.json --resume 5 --answers - <<'JSON'
{"password":"s3cret-enough","passwordConfirmation":"s3cret-enough","newsletter":true}
JSON
    # 6, 7: version 2 of signup (a phone field): a final with a guest, and a draft.
    fill "$db" v2/signup.json --answers - <<'JSON'
{"name":"Ørjan Ødegård","email":"orjan@example.no","phone":"+47 22 33 44 55","password":"hunter2hunter2","passwordConfirmation":"hunter2hunter2","plan":"pro","guests":[{"email":"kari@example.no"}]}
JSON
    fill "$db" v2/signup.json --draft --set "name=Chloé d'Arc" --set "phone=+33 1 23 45 67 89"
    # 8: version 3 (a new title).
    fill "$db" v3/signup.json --answers - <<'JSON'
{"name":"Ἀριστοτέλης","email":"aristotle@example.gr","phone":"","password":"lyceum-335bc","passwordConfirmation":"lyceum-335bc","plan":"free"}
JSON
    # 9: back to the first definition, which is version 1 again, not a fourth version.
    fill "$db" v1/signup.json --answers - <<'JSON'
{"name":"Back To One","email":"one@example.com","password":"version-one!","passwordConfirmation":"version-one!","plan":"free","guests":[{"email":"two@example.com"}]}
JSON
    # 10-13: the registration form, imported: repeats of several sizes, empty, and unicode.
    cat > "$work/registrations.ndjson" <<'NDJSON'
{"name":"Grace Hopper","email":"grace@example.com","emailConfirmation":"grace@example.com","ticket":"speaker","arrival":"2026-06-01","departure":"2026-06-04","workshops":[{"title":"COBOL today"},{"title":"Nanoseconds ⏱"}]}
{"name":"Lin Wei 林伟","email":"lin@example.cn","emailConfirmation":"LIN@example.cn","ticket":"student","university":"清华大学","arrival":"2026-06-02","departure":"2026-06-02","workshops":[]}
{"name":"Ada Lovelace","email":"ada@example.com","emailConfirmation":"ada@example.com","ticket":"standard","arrival":"2026-06-01","departure":"2026-06-03","workshops":[{"title":"Swift 🐦 concurrency"},{"title":"Ünicode & Ümlauts"},{"title":"日本語の入門"},{"title":"\"Quoted\" \\ titles"}]}
{"name":"Ngũgĩ wa Thiong'o","email":"ngugi@example.ke","emailConfirmation":"ngugi@example.ke","ticket":"speaker","arrival":"2026-05-31","departure":"2026-06-05","workshops":[{"title":"Gĩkũyũ orthography"}]}
NDJSON
    "$formctl" import "$work/v1/registration.json" "$work/registrations.ndjson" --db "$db"
    # Then one filled in, one deleted, and a registration draft deleted: their ids stay unused.
    fill "$db" v1/registration.json --answers - <<'JSON'
{"name":"Wangarĩ Maathai","email":"wangari@example.ke","emailConfirmation":"wangari@example.ke","ticket":"standard","arrival":"2026-06-01","departure":"2026-06-02","workshops":[{"title":"Trees 🌳"}]}
JSON
    local final draft
    final=$(fill "$db" v1/registration.json --answers - <<'JSON'
{"name":"Deleted Person","email":"gone@example.com","emailConfirmation":"gone@example.com","ticket":"standard","arrival":"2026-06-01","departure":"2026-06-01","workshops":[{"title":"Erased"}]}
JSON
)
    draft=$(fill "$db" v1/registration.json --draft --set "name=Deleted Draft")
    # One more before deleting, so that the deleted ids are a gap (SQLite reuses the highest id).
    fill "$db" v1/signup.json --answers - <<'JSON'
{"name":"After The Gap","email":"after@example.com","password":"after-the-gap","passwordConfirmation":"after-the-gap","plan":"pro","newsletter":false,"guests":[{"email":"x@example.com"},{"email":"y@example.com"}]}
JSON
    # "saved submission N", "saved draft N": the id is the last word.
    "$formctl" delete --db "$db" --yes "${final##* }" "${draft##* }"
}

# The same formctl in a service's database, under --table-prefix formctl_ beside the service's
# own table named forms: a final, a draft and a deleted final.
populate_prefixed() {
    local db=$1 sql=$2  # sql: a command that runs one SQL statement on the database
    $sql "CREATE TABLE forms (id integer PRIMARY KEY, title text)"
    $sql "INSERT INTO forms VALUES (1, 'the service''s own form')"
    fill "$db" v1/signup.json --table-prefix formctl_ --answers - <<'JSON'
{"name":"Prefixed Person","email":"prefixed@example.com","password":"prefix-pass","passwordConfirmation":"prefix-pass","plan":"free","guests":[{"email":"guest@example.com"}]}
JSON
    fill "$db" v1/signup.json --table-prefix formctl_ --draft --set "name=Prefixed Draft"
    local gone
    gone=$(fill "$db" v1/registration.json --table-prefix formctl_ --answers - <<'JSON'
{"name":"Gone Again","email":"gone@example.com","emailConfirmation":"gone@example.com","arrival":"2026-06-01","departure":"2026-06-01"}
JSON
)
    fill "$db" v1/registration.json --table-prefix formctl_ --answers - <<'JSON'
{"name":"Zhang Wěi","email":"wei@example.cn","emailConfirmation":"wei@example.cn","arrival":"2026-06-01","departure":"2026-06-02","workshops":[{"title":"汉字"}]}
JSON
    "$formctl" delete --db "$db" --table-prefix formctl_ --yes "${gone##* }"
}

echo "== SQLite"
populate "$work/old.sqlite"
sqlite3 "$work/old.sqlite" .dump > "$here/sqlite.sql"
sqlite_prefixed() { sqlite3 "$work/prefixed.sqlite" "$@"; }
populate_prefixed "$work/prefixed.sqlite" sqlite_prefixed
sqlite3 "$work/prefixed.sqlite" .dump > "$here/sqlite-prefixed.sql"

echo "== PostgreSQL"
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
mkdir "$work/pg"
if [ "$(id -u)" = 0 ]; then chown postgres: "$work/pg"; fi
as_postgres "$pg_bin/initdb" -D "$work/pg/data" -U formctl -A trust -E UTF8 --locale=C.UTF-8 --no-sync > /dev/null
as_postgres "$pg_bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/server.log" -w \
    -o "-k $work/pg -c listen_addresses= -p 5499" start > /dev/null
trap 'as_postgres "$pg_bin/pg_ctl" -D "$work/pg/data" -m immediate stop > /dev/null; rm -rf "$work"' EXIT
psql() { "$pg_bin/psql" -X -q -h "$work/pg" -p 5499 -U formctl "$@"; }
psql -d postgres -c "CREATE DATABASE fixture" -c "CREATE DATABASE prefixed"
populate "postgres://formctl@/fixture?host=$work/pg&port=5499"
psql_prefixed() { psql -d prefixed -c "$@"; }
populate_prefixed "postgres://formctl@/prefixed?host=$work/pg&port=5499" psql_prefixed
# psql's \restrict and \unrestrict lines (a random key per dump) are left out, so that any
# psql loads the file; nothing else is changed.
pg_dump_text() { "$pg_bin/pg_dump" --no-owner --no-privileges -h "$work/pg" -p 5499 -U formctl "$1" | grep -v '^\\\(un\)\?restrict '; }
pg_dump_text fixture > "$here/postgres.sql"
pg_dump_text prefixed > "$here/postgres-prefixed.sql"
echo "wrote the dumps in $here"
