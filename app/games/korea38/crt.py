"""The Combat Results Table (9.0, 9.3): parsing result codes from crt.toml.

A result code names what happens to each side. Codes may be combined with ``/`` or ``+``
(``AL/DR``). Known parts:

``NE`` no effect; ``DR`` defender retreats two hexes; ``DRL`` (or ``DLR``) defender loses a
step and retreats; ``DL`` (or ``D1``) defender loses a step and stays; ``DE`` defender
eliminated; ``AL`` (or ``A1``) attacker loses a step; ``A2`` attacker loses two steps; ``EX``
exchange: both lose a step; ``AE`` every attacking unit eliminated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class CrtError(ValueError):
    pass


@dataclass(frozen=True)
class CrtResult:
    code: str
    attacker_steps: int = 0
    attacker_eliminated: bool = False
    defender_steps: int = 0
    defender_eliminated: bool = False
    retreat: bool = False

    @property
    def no_effect(self) -> bool:
        return not (self.attacker_steps or self.attacker_eliminated or self.defender_steps
                    or self.defender_eliminated or self.retreat)


_PARTS = {
    "NE": {},
    "DR": {"retreat": True},
    "DRL": {"retreat": True, "defender_steps": 1},
    "DLR": {"retreat": True, "defender_steps": 1},
    "DL": {"defender_steps": 1},
    "D1": {"defender_steps": 1},
    "D2": {"defender_steps": 2},
    "DE": {"defender_eliminated": True},
    "AL": {"attacker_steps": 1},
    "A1": {"attacker_steps": 1},
    "AL2": {"attacker_steps": 2},
    "A2": {"attacker_steps": 2},
    "AE": {"attacker_eliminated": True},
    "EX": {"attacker_steps": 1, "defender_steps": 1},
}


def parse_result(code: str) -> CrtResult:
    text = str(code).strip().upper()
    if not text:
        raise CrtError("empty result code")
    acc: dict[str, Any] = {"attacker_steps": 0, "defender_steps": 0, "retreat": False,
                           "attacker_eliminated": False, "defender_eliminated": False}
    for part in text.replace("+", "/").split("/"):
        part = part.strip()
        if part not in _PARTS:
            raise CrtError(f"unknown result {part!r} (known: {', '.join(_PARTS)})")
        for k, v in _PARTS[part].items():
            if isinstance(v, bool):
                acc[k] = acc[k] or v
            else:
                acc[k] += v
    return CrtResult(code=str(code).strip(), **acc)


def validate_crt(c: Any) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if not isinstance(c, dict):
        return [("", "CRT file must be a table")]
    res = c.get("results")
    if not isinstance(res, dict) or not res:
        return [("results", "needs a [results] table: one array of six results per odds column")]
    from app.games.korea38.data import _column_number
    cols = []
    for k, v in res.items():
        n = _column_number(k)
        if n is None:
            out.append((f"results.{k}", "column name must be an odds ratio such as \"3:1\" or \"3-1\""))
            continue
        cols.append(n)
        if not isinstance(v, list) or len(v) != 6:
            out.append((f"results.{k}", "must list exactly six results (die 1 to 6)"))
            continue
        for i, code in enumerate(v):
            try:
                parse_result(code)
            except CrtError as e:
                out.append((f"results.{k}[{i}]", str(e)))
    if cols and sorted(cols) != list(range(1, max(cols) + 1)):
        out.append(("results", f"odds columns must run 1:1 upward without gaps (found {sorted(cols)})"))
    return out
