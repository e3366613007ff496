"""Ridgeline: a desktop tabletop simulator for Korean War wargames."""

from pathlib import Path

__version__ = "0.1.0"

#: Project root (the folder holding ``resources/``); paths in ``ridgeline games`` are relative to it.
ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
