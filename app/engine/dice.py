"""Fixed dice: the next rolls given in advance, for teaching positions and rule examples.

A scenario's ``[position] dice = [3, 3, 4]`` or the command line's ``--dice 3,3,4`` queue rolls
in the game's :class:`~app.engine.rng.Rng`. Each die rolled through the :class:`Context` takes
the first queued value instead of the stream (the log marks it ``(fixed)``); when the queue is
empty the seed takes over where it stood. The queue lives in the state, so undo, copies and
saves keep it. A value no die of the game can show is refused when the file is read; a value
that the die actually rolled cannot show (a 1 on the average die) stops play with
:class:`FixedDiceError`.
"""

from __future__ import annotations

from typing import Any

from app.engine.rng import AVERAGE_DIE_FACES


class FixedDiceError(ValueError):
    """A fixed roll that the die being rolled cannot show."""


def parse_dice_text(text: str) -> list[int]:
    """``"3,3,4"`` -> [3, 3, 4]; ValueError with a sentence for anything else."""
    out: list[int] = []
    for i, part in enumerate(str(text).replace(" ", "").split(","), start=1):
        if not part:
            continue
        try:
            out.append(int(part))
        except ValueError:
            raise ValueError(f"--dice: roll {i} ({part!r}) is not a whole number") from None
    return out


def dice_problems(values: Any, faces: tuple[int, ...], field: str = "position.dice") -> list[tuple[str, str]]:
    """(field, message) for every queued value that no die of the game can show. ``faces``: the
    faces of every die the game rolls (see :func:`game_faces`)."""
    if not isinstance(values, list):
        return [(field, "must be a list of die faces, e.g. [3, 3, 4]")]
    out = []
    top = max(faces) if faces else 6
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int):
            out.append((f"{field}[{i}]", f"must be a whole number (a die face), not {v!r}"))
        elif v not in faces:
            out.append((f"{field}[{i}]", f"{v} is not a face of this game's dice (1 to {top})"))
    return out


def game_faces(game: Any) -> tuple[int, ...]:
    """Every face a die of ``game`` can show: ``Game.dice_faces`` if the game states it, else a
    six-sided die (whose faces include the average die's)."""
    faces = getattr(game, "dice_faces", None)
    if faces:
        return tuple(sorted(set(int(f) for f in faces)))
    return tuple(range(1, 7))


def queue_dice(state: Any, values: list[int]) -> None:
    """Put ``values`` ahead of whatever fixed rolls the state's generator already holds."""
    state.rng.fixed = [int(v) for v in values] + list(state.rng.fixed)


__all__ = ["AVERAGE_DIE_FACES", "FixedDiceError", "dice_problems", "game_faces", "parse_dice_text",
           "queue_dice"]
