"""Where a file named inside a scenario or save may be read from.

A scenario, a save (which carries its scenario's text to other machines) or a board names data
files by relative name. They are looked up only inside the game's own folder
(``resources/<game>/``) or the folder of the scenario file itself (a designer's own folder):
never by absolute path, never by ``..`` out of those folders (symbolic links included), never
from the current directory. A refusal says which folders were allowed.
"""

from __future__ import annotations

import contextlib
from contextvars import ContextVar
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Iterable, Iterator

#: The designer's folder of the scenario being checked or set up (None: only resources/<game>/).
_DESIGNER: ContextVar[Path | None] = ContextVar("designer_folder", default=None)


class OutsideFolder(ValueError):
    """A name that would be read from outside the allowed folders."""


def game_folder(game_id: str) -> Path:
    """``resources/<game>/``; the id must be a plain folder name (no separators, no dots)."""
    from app import RESOURCES
    if not is_plain_name(game_id):
        raise OutsideFolder(f"{game_id!r} is not a game id")
    return RESOURCES / game_id


def is_plain_name(name: str) -> bool:
    return bool(name) and name not in (".", "..") and not any(c in name for c in "/\\:\0")


def is_file_on_disk(path: str | Path) -> bool:
    """Whether ``path`` names a regular file; False, never an error, for a name the system
    cannot even look up (a part over 255 bytes, a NUL), as a save or journal may carry."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def designer_folder_of(scenario_file: str | Path) -> Path:
    """The designer's folder of a scenario file: its folder, or the folder above when the file
    sits in a ``scenarios/`` folder (the layout of ``resources/<game>/``)."""
    folder = Path(scenario_file).resolve().parent
    return folder.parent if folder.name == "scenarios" else folder


@contextlib.contextmanager
def designer_folder(folder: str | Path | None) -> Iterator[None]:
    """While checking or setting up a scenario, also allow files in ``folder`` (looked in
    first). ``None`` allows only the game's own folder."""
    token = _DESIGNER.set(Path(folder).resolve() if folder else None)
    try:
        yield
    finally:
        _DESIGNER.reset(token)


def current_designer_folder() -> Path | None:
    return _DESIGNER.get()


def allowed_folders(game_id: str) -> list[Path]:
    """The folders a scenario of ``game_id`` may name files in now: the designer's folder of the
    scenario being read (if any), then ``resources/<game>/``."""
    designer = _DESIGNER.get()
    return ([designer] if designer else []) + [game_folder(game_id)]


def _describe(folders: Iterable[Path]) -> str:
    from app import ROOT
    names = []
    for f in folders:
        try:
            names.append(str(f.resolve().relative_to(ROOT)) + "/")
        except ValueError:
            names.append(str(f) + "/")
    return " or ".join(names)


def resolve_inside(name: str, folders: list[Path]) -> Path:
    """The file ``name`` names inside the first of ``folders`` that holds it (the first folder
    when none does, so "no such file" names the expected place). Raises :class:`OutsideFolder`
    for absolute names, names that climb out with ``..`` and links that lead out."""
    if not isinstance(name, str) or not name.strip() or "\0" in name:
        raise OutsideFolder("expected a file name")
    if (PurePosixPath(name).is_absolute() or PureWindowsPath(name).is_absolute()
            or PureWindowsPath(name).drive or name.startswith(("~", "\\"))):
        raise OutsideFolder(f"{name!r} is an absolute path; name a file inside {_describe(folders)}")
    roots = [f.resolve() for f in folders]
    first: Path | None = None
    for root in roots:
        cand = (root / name).resolve()
        if not cand.is_relative_to(root):
            raise OutsideFolder(f"{name!r} leads outside the allowed folders; name a file inside "
                                f"{_describe(folders)}")
        if first is None:
            first = cand
        if cand.exists():
            return cand
    assert first is not None
    return first
