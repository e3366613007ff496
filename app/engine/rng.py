"""The one seeded random generator of a game.

Every die roll and card draw in Ridgeline comes from an :class:`Rng` stored inside the game
state, so a saved game replays to the same position. It is a PCG32 generator written out in
plain Python: its whole state is two integers, which keeps saves small and makes the stream
identical on every platform and Python version (``random.Random`` promises neither).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005

#: Faces of the "average die" (GUTS rules): 2, 3, 3, 4, 4, 5.
AVERAGE_DIE_FACES: tuple[int, ...] = (2, 3, 3, 4, 4, 5)


@dataclass
class Rng:
    """PCG32 (XSH-RR) with a counter of draws, serialisable with :meth:`to_json`."""

    seed: int
    state: int = 0
    inc: int = 0
    draws: int = 0
    #: Fixed rolls still to come (app.engine.dice): each die takes the first one instead of the
    #: stream, which is left untouched; once they are used up the seed takes over.
    fixed: list[int] = field(default_factory=list)

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        """Seed like the PCG reference: the stream is fixed by the seed alone."""
        seed = int(seed) & _MASK64
        rng = cls(seed=seed, state=0, inc=((seed * 2 + 0xDA3E39CB94B95BDB) | 1) & _MASK64)
        rng._next32()
        rng.state = (rng.state + (seed ^ 0x853C49E6748FEA9B)) & _MASK64
        rng._next32()
        rng.draws = 0
        return rng

    def _next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.draws += 1
        threshold = (1 << 32) % n
        while True:
            r = self._next32()
            if r >= threshold:
                return r % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``[lo, hi]``, both ends included."""
        return lo + self.below(hi - lo + 1)

    def die(self, sides: int = 6) -> int:
        if self.fixed:
            return self._take_fixed(tuple(range(1, sides + 1)), f"a {sides}-sided die")
        return self.randint(1, sides)

    def average_die(self) -> int:
        if self.fixed:
            return self._take_fixed(AVERAGE_DIE_FACES, "the average die (2-5)")
        return AVERAGE_DIE_FACES[self.below(6)]

    def _take_fixed(self, faces: Sequence[int], name: str) -> int:
        value = self.fixed[0]
        if value not in faces:
            from app.engine.dice import FixedDiceError
            raise FixedDiceError(f"the fixed roll {value} cannot come up on {name}")
        self.fixed.pop(0)
        return value

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seed": self.seed, "state": self.state, "inc": self.inc, "draws": self.draws}
        if self.fixed:  # only when set, so the digest of every other state is unchanged
            out["fixed"] = list(self.fixed)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Rng":
        return cls(seed=int(data["seed"]), state=int(data["state"]), inc=int(data["inc"]),
                   draws=int(data.get("draws", 0)), fixed=[int(v) for v in data.get("fixed", [])])

    def copy(self) -> "Rng":
        return Rng(self.seed, self.state, self.inc, self.draws, list(self.fixed))
