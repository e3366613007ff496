"""The GUTS test of Take The High Ground!: two dice against a GUTS value, the modifiers the
rule text gives, and the game's data (GUTS-TEST, GUTS-MOD).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from app.engine.game import Context
from app.games.guts.data import Bundle, bundle


SIDE = "platoon"

# Modifiers the rule text gives, added to the dice score (lower is better). GUTS-MOD etc.
MOD_PLATOON_LEADER = -2        # GUTS-MOD, GUTS-LEAVE
MOD_SQUAD_LEADER = -1          # GUTS-MOD, GUTS-LEAVE (the platoon sergeant counts as one: GUTS-D-SGT)
MOD_BAR_COVER = -2             # GUTS-MOD
MOD_OUTSIDE_CONE = -3          # GUTS-LEAVE
MOD_RALLY = -1                 # GUTS-RALLY
MOD_COVER_PL_DIRECTS = -1      # GUTS-COVER (BAR)
MOD_COVER_PER_BAR = -1         # GUTS-COVER (BAR)
MOD_COVER_BAR_CLOSE = -1       # GUTS-COVER (BAR)
MOD_COVER_RIFLE_LEADER = -1    # GUTS-COVER (rifles)
MOD_SIL_NOT_UNDER_FIRE = -1    # GUTS-SIL-BAR
MOD_SIL_CLOSE = -2             # GUTS-SIL-BAR
MOD_SIL_LEADER = -1            # GUTS-SIL-BAR
MOD_FOLLOW_UP = -2             # GUTS-SIL-GREN

CRIT_SUCCESS, SUCCESS, FAIL, CRIT_FAIL = "critical success", "success", "failure", "critical failure"
LEVEL_RANK = {CRIT_SUCCESS: 0, SUCCESS: 1, FAIL: 2, CRIT_FAIL: 3}


def D() -> Bundle:
    return bundle()


# =========================================================================== the GUTS test
@dataclass
class Roll:
    dice: list[int]
    raw: int
    mod: int
    score: int
    guts: int
    level: str

    @property
    def ok(self) -> bool:
        return self.level in (CRIT_SUCCESS, SUCCESS)

    @property
    def double(self) -> bool:
        return self.dice[0] == self.dice[1]


def judge(dice: list[int], mod: int, guts: int) -> str:
    """GUTS-TEST: a score (dice plus modifiers) at or under GUTS succeeds; a double makes it
    critical either way."""
    score = sum(dice) + mod
    double = dice[0] == dice[1]
    if score <= guts:
        return CRIT_SUCCESS if double else SUCCESS
    return CRIT_FAIL if double else FAIL


def gtest(ctx: Context, who: str, guts: int, average: bool, mods: list[tuple[int, str]],
          what: str, rule: str) -> Roll:
    dice = ctx.roll(f"{who}: {what}", rule, sides=6, count=2, average=average)
    mod = sum(v for v, _ in mods)
    level = judge(dice, mod, guts)
    raw = sum(dice)
    mtext = "".join(f" {v:+d} ({why})" for v, why in mods)
    ctx.log(f"{who}: {what}: {raw}{mtext} = {raw + mod} against GUTS {guts}: {level}", rule,
            kind="test", element=who, dice=dice, mod=mod, score=raw + mod, guts=guts, level=level)
    return Roll(dice, raw, mod, raw + mod, guts, level)


@lru_cache(maxsize=None)
def faces(average: bool) -> tuple[int, ...]:
    return (2, 3, 3, 4, 4, 5) if average else (1, 2, 3, 4, 5, 6)


@lru_cache(maxsize=None)
def level_probs(guts: int, average: bool, mod: int) -> dict[str, float]:
    """Exact chance of each result of a test (for the AI and the window)."""
    out = {CRIT_SUCCESS: 0.0, SUCCESS: 0.0, FAIL: 0.0, CRIT_FAIL: 0.0}
    f = faces(average)
    for a in f:
        for b in f:
            out[judge([a, b], mod, guts)] += 1 / 36
    return out


def worst(levels: Iterable[str]) -> str:
    return max(levels, key=lambda lv: LEVEL_RANK[lv])
