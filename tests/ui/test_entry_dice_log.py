"""Issue 16, fixed dice at a position's entry: the window's game log shows the set-up's rolls,
marked fixed, like any other roll."""

from __future__ import annotations

import pytest

from conftest import make_window
from tests.positions.test_entry_dice import KOREA

pytestmark = pytest.mark.gui


def test_the_window_logs_the_entry_rolls(qtbot, tmp_path):
    """Opened in the window, the set-up's fixed roll is in the game log, marked fixed."""
    p = tmp_path / "korea-entry.toml"
    p.write_text(KOREA.replace("DICE", "6"), encoding="utf-8")
    w = make_window(qtbot, start=False)
    assert w.open_path(p)
    texts = [w.log.model.item(r, 2).text() for r in range(w.log.model.rowCount())]
    assert any("rolled 6 on 1d6 (fixed)" in t for t in texts)
