"""Hot-seat hand-over: covering the screen between two people when the game hides information."""

from __future__ import annotations

from app.ui import side_names
from app.engine.state import canonical_json
from app.ui import seats as seating


class HandoverMixin:
    """Hot-seat hand-over: a part of :class:`~app.ui.window.MainWindow`."""

    # -- hotseat ----------------------------------------------------------------------------------
    def _hidden_info(self) -> bool:
        g, st = self.match.game, self.match.state
        try:
            full = canonical_json(g.view(st, None))
            return any(canonical_json(g.view(st, s)) != full for s in g.sides)
        except Exception:
            return True

    def _check_handover(self) -> None:
        if self.match is None or self.mode != "play" or seating.check_handover(self):
            return
        humans = [s for s in self.match.game.sides if self.players.get(s) == "human"]
        act = self.match.state.active
        if len(humans) < 2 or act not in humans or act == self.seat or self.match.state.finished:
            return
        if self._hidden_info():
            self.scene.select(None)
            self.handover.show_for(act)
        else:
            self.seat = act

    def accept_handover(self) -> None:
        self.seat = self.handover.side
        seating.accepted(self)
        self.handover.hide()
        self.refresh()
        who = getattr(self, "seat_person", "") or side_names.name(self.seat)
        self.status(f"{who} has the screen. {self.match.prompt() if self.match else ''}")
