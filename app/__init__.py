"""Ridgeline: a desktop tabletop simulator for Korean War wargames."""

import sys
from pathlib import Path

__version__ = "0.1.0"


def _root() -> Path:
    """The folder holding ``resources/``: the source tree, or the unpacked bundle of a frozen
    (PyInstaller) build, whose data files live under ``sys._MEIPASS``."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle).resolve()
    return Path(__file__).resolve().parent.parent


#: Project root (the folder holding ``resources/``); paths in ``ridgeline games`` are relative to it.
ROOT = _root()
RESOURCES = ROOT / "resources"
