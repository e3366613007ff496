"""Start-up with a crash journal that cannot be used: set it aside, tell the player once.

The window must always open. :func:`app.engine.saves.check_journal_at_start` does the work
(read, replay, rename a bad journal with a date); this module only words the notice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from app.engine.saves import StartCheck, check_journal_at_start


def notice_text(check: StartCheck) -> str:
    """The one message a player sees about a journal that was set aside."""
    where = (f"It was kept as {check.set_aside.name} in {check.set_aside.parent}."
             if check.set_aside else "It could not be kept and was removed.")
    return (f"The unfinished game from last time could not be restored: {check.reason}. "
            f"{where} Ridgeline has started without it.")


def journal_at_start(path: Path, tell: Callable[[str, str], Any]) -> dict[str, Any] | None:
    """The save data of a usable journal at ``path``, or None; a journal that cannot be used is
    set aside and ``tell(title, text)`` is called once about it."""
    check = check_journal_at_start(path)
    if check.data is None and check.reason:
        tell("Unfinished game set aside", notice_text(check))
    return check.data
