# Sourced by the scripts that start `formctl serve --port 0`: waits (60 s at most) until the
# server's stderr log names its port, and prints the port; prints nothing if the server exited
# or never said it. Usage: port=$(serve_port LOG PID)
serve_port() {
  local log=$1 pid=$2 port=
  for _ in $(seq 1 600); do
    port=$(sed -n 's#^formctl serve: listening on http://127\.0\.0\.1:\([0-9][0-9]*\)$#\1#p' "$log" | head -1)
    [ -n "$port" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  printf '%s' "$port"
}
