#!/usr/bin/env python3
"""Writes N answer lines for forms/signup.json, a real form: a repeat (guests), Company and Seats
shown and required only for the Team plan (expressions), a computed label, secure fields that
are validated and never stored. Plans rotate so that a third of the lines have hidden fields."""
import json
import sys

count = int(sys.argv[1])
plans = ["free", "pro", "team"]
out = sys.stdout
for i in range(1, count + 1):
    plan = plans[i % 3]
    answers = {
        "name": f"Person {i}", "email": f"person.{i}@example.com", "birthDate": "1990-05-17",
        "password": f"secret-{i:08d}", "passwordConfirmation": f"secret-{i:08d}", "plan": plan,
        "newsletter": i % 2 == 0, "guests": [{"email": f"guest{i}.{k}@example.com"} for k in range(i % 4)],
    }
    if plan == "team":
        answers.update({"company": f"Company \"{i}\", Ltd", "seats": 2 + i % 50})
    out.write(json.dumps(answers, ensure_ascii=False) + "\n")
