"""Rule summaries: every game's rules in a sentence or three of our own words
(``resources/<game>/rules_summary.toml``), the text the window's Rules panel shows when a player
clicks a rule number in the log, a refusal or the combat panel.

A data file like the others, so it is checked like them: a JSON Schema for the shape (here, in
the engine, since every game's file has the same shape) and the shared cross-record check for
ids, so ``ridgeline validate`` and the panel both report a broken file as
``FILE:LINE: field.path: message`` instead of the panel quietly showing nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.engine.datacheck import Problems
from app.engine.files import FileError, FileProblem, Loaded, load
from app.engine.schemas import schema_problems

FORMAT = "ridgeline-rules-summary"

_TEXT = {"type": "string", "minLength": 1}
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Ridgeline rule summaries",
    "type": "object",
    "required": ["format", "version", "game", "rule"],
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": 1},
        "game": _TEXT,
        "rule": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["id", "summary"], "additionalProperties": False,
            "properties": {"id": _TEXT, "title": {"type": "string"}, "section": {"type": "string"},
                           "summary": _TEXT}}},
    },
}


@dataclass
class RuleSummary:
    id: str
    title: str
    section: str
    summary: str

    def aliases(self) -> list[str]:
        """The rule numbers this entry answers to ("12.0 / 12.1" -> 12.0 and 12.1)."""
        return [a.strip() for a in self.id.split("/") if a.strip()]


def check(data: Any) -> Problems:
    """Problems of a rule summary file: its schema, then every rule number answered once (an
    entry "12.0 / 12.1" answers to both, so no other entry may claim either)."""
    problems = schema_problems(data, SCHEMA)
    if problems:
        return problems
    seen: dict[str, int] = {}
    for i, r in enumerate(data["rule"]):
        for a in RuleSummary(r["id"], "", "", "").aliases():
            if a in seen:
                problems.append((f"rule.{i}.id", f"rule {a!r} already has an entry (rule.{seen[a]})"))
            else:
                seen[a] = i
    return problems


def problems_of(loaded: Loaded) -> list[FileProblem]:
    return [loaded.problem(f, m) for f, m in check(loaded.data)]


def read(path: str | Path) -> tuple[list[RuleSummary], list[FileProblem]]:
    """The summaries of one file, or none and the file's problems (a missing file is a problem
    too; the caller decides whether that matters)."""
    try:
        loaded = load(path)
    except FileError as e:
        return [], e.problems
    problems = problems_of(loaded)
    if problems:
        return [], problems
    return [RuleSummary(str(r["id"]), str(r.get("title") or ""), str(r.get("section") or ""),
                        str(r["summary"])) for r in loaded.data["rule"]], []
