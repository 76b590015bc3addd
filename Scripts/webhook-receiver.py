#!/usr/bin/env python3
"""A webhook receiver on 127.0.0.1 for formctl's end-to-end tests (and for trying webhooks by
hand): it writes one JSON line per request to --log as it arrives (the webhook-* headers and
the body in base64) and another once it is answered, waits --delay seconds before answering
(a slow receiver), and answers --status (204). Prints `listening on http://127.0.0.1:PORT`."""
import argparse
import base64
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, default=0)
parser.add_argument("--log", required=True)
parser.add_argument("--delay", type=float, default=0)
parser.add_argument("--status", type=int, default=204)
options = parser.parse_args()

log = open(options.log, "a", buffering=1)
lock = threading.Lock()


def record(entry):
    with lock:
        log.write(json.dumps(entry) + "\n")
        log.flush()


class Receiver(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        webhook_id = self.headers.get("webhook-id")
        record({"arrived": time.time(), "path": self.path, "id": webhook_id,
                "timestamp": self.headers.get("webhook-timestamp"), "signature": self.headers.get("webhook-signature"),
                "content_type": self.headers.get("content-type"), "user_agent": self.headers.get("user-agent"),
                "body": base64.b64encode(body).decode()})
        time.sleep(options.delay)
        self.send_response(options.status)
        self.send_header("content-length", "0")
        self.end_headers()
        record({"answered": time.time(), "id": webhook_id})

    def log_message(self, *arguments):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


server = Server(("127.0.0.1", options.port), Receiver)
print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
try:
    server.serve_forever()
except KeyboardInterrupt:
    sys.exit(0)
