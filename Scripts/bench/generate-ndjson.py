#!/usr/bin/env python3
"""Writes N answer lines for Scripts/bench/bench-form.json: every line valid, with commas,
quotes, newlines and non-ASCII text in the values so escaping is exercised."""
import json
import sys

count = int(sys.argv[1])
out = sys.stdout
for i in range(1, count + 1):
    out.write(json.dumps({
        "name": f"Person {i}",
        "email": f"Person.{i}@Example.com",
        "age": i % 90,
        "city": f'City, "{i % 100}"',
        "subscribe": i % 2 == 0,
        "notes": "line one\nline two ✓",
    }, ensure_ascii=False, separators=(",", ":")))
    out.write("\n")
