#!/usr/bin/env python3
"""Writes N valid answer lines for one of the benchmark's real forms:

  generate-answers.py signup N        forms/signup.json: passwords, 0-3 guests, the Team plan
                                      (which shows company and seats) on every fifth line
  generate-answers.py registration N  Scripts/bench/registration.json: 0-4 workshops, the
                                      Student ticket (which shows university) on every third line
"""
import json
import sys


def signup(i):
    answers = {
        "name": f"  Person   {i} ",
        "email": f"Person.{i}@Example.com",
        "password": f"correct horse {i}",
        "passwordConfirmation": f"correct horse {i}",
        "birthDate": f"19{50 + i % 50}-0{1 + i % 9}-1{i % 10}",
        "plan": ["free", "pro", "team", "pro", "free"][i % 5],
        "newsletter": i % 2 == 0,
        "guests": [{"email": f"guest{g}.{i}@example.com"} for g in range(i % 4)],
    }
    if answers["plan"] == "team":
        answers["company"] = f"Company {i}, \"Ltd\""
        answers["seats"] = 2 + i % 100
    return answers


def registration(i):
    answers = {
        "name": f"Attendee {i} ✓",
        "email": f"a{i}@Example.org",
        "emailConfirmation": f"a{i}@example.org",
        "ticket": ["standard", "student", "speaker"][i % 3],
        "arrival": f"2026-06-0{1 + i % 5}",
        "departure": f"2026-06-0{5 + i % 5}",
        "workshops": [{"title": f" Workshop {w}, room \"{i % 7}\" "} for w in range(i % 5)],
    }
    if answers["ticket"] == "student":
        answers["university"] = f"University {i % 40}"
    return answers


kind, count = sys.argv[1], int(sys.argv[2])
make = {"signup": signup, "registration": registration}[kind]
out = sys.stdout
for i in range(1, count + 1):
    out.write(json.dumps(make(i), ensure_ascii=False, separators=(",", ":")))
    out.write("\n")
