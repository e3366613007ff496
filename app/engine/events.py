"""Events: what happened, in words a player reads, with the rule that made it happen.

The game log shows events; saves do not store them (they are re-derived by replay). An event
that rolled a die, drew a card or revealed hidden information is a *barrier*: undo may not
cross it, so nobody can re-roll by undoing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Event kinds that reveal chance or hidden information; undo stops at them.
BARRIER_KINDS = frozenset({"roll", "draw", "reveal", "shuffle"})


@dataclass
class Event:
    kind: str
    text: str
    rule: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    side: str = ""

    @property
    def barrier(self) -> bool:
        return self.kind in BARRIER_KINDS

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.rule:
            out["rule"] = self.rule
        if self.side:
            out["side"] = self.side
        if self.data:
            out["data"] = self.data
        return out

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text
