"""A layer on the map drawn from a game hook's answer about the place under a drag (the line of
sight, spotting): one path item, the last answer and the text the status bar shows. Each layer
asks only when what it would ask about has changed since the last time."""

from __future__ import annotations

from typing import Any

from app.ui.hooks import call_hook
from app.ui.scene import PathItem


class HookOverlay:
    def __init__(self, window: Any, z: float):
        self.w = window
        self.item = PathItem(z)
        window.scene.addItem(self.item)
        self.info: dict[str, Any] | None = None
        self.text = ""
        self._key: tuple[Any, ...] | None = None

    def changed(self, key: tuple[Any, ...]) -> bool:
        """Whether ``key`` (what the layer would ask about) differs from the last one; it is
        remembered either way."""
        if key == self._key:
            return False
        self._key = key
        return True

    def answer(self, game: Any, hook: str, *args: Any) -> dict[str, Any] | None:
        """The game's answer to ``hook(*args)`` kept as ``info``; the layer is cleared and None
        given back when the game has no such hook or gives no table."""
        info = call_hook(game, hook, *args, default=None)
        if not isinstance(info, dict):
            self.clear()
            return None
        self.info = info
        return info

    def clear(self) -> None:
        self._key = None
        self.info = None
        self.text = ""
        self.item.clear()
