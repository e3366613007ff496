"""The New Game dialog holds what it shows without squeezing it: Frozen Chosin's six commands
and a Semper Fi! scenario's variants each get their full height (Qt's first size stopped at two
thirds of the screen, and the rows were cut)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel


@pytest.fixture(autouse=True)
def _config(tmp_path, monkeypatch):
    monkeypatch.setenv("RIDGELINE_CONFIG_DIR", str(tmp_path / "config"))


@pytest.mark.parametrize("gid,scenario", [("frozen-chosin", None), ("semper-fi", "4-1-ambush"),
                                          ("semper-fi", "7-3-night-of-fire")])
def test_every_row_of_the_new_game_dialog_gets_its_full_height(qtbot, gid, scenario) -> None:
    from app.ui.dialogs import NewGameDialog
    dlg = NewGameDialog(None, gid)
    qtbot.addWidget(dlg)
    if scenario:
        dlg.scenario.setCurrentIndex(dlg.scenario.findData(scenario))
    dlg.show()
    qtbot.waitExposed(dlg)
    qtbot.wait(20)
    widgets = [w for kind in (QComboBox, QCheckBox) for w in dlg.findChildren(kind) if w.isVisible()]
    assert widgets
    squeezed = [(type(w).__name__, w.height(), w.sizeHint().height()) for w in widgets
                if w.height() < w.sizeHint().height()]
    assert not squeezed, squeezed
    labels = [lab for lab in dlg.findChildren(QLabel) if lab.isVisible() and lab.text() and not lab.wordWrap()]
    assert not [lab.text() for lab in labels if lab.height() < lab.sizeHint().height()]


def test_frozen_chosin_commands_are_listed_under_their_side(qtbot) -> None:
    from app.ui.dialogs import NewGameDialog
    dlg = NewGameDialog(None, "frozen-chosin")
    qtbot.addWidget(dlg)
    table = dlg.seat_table
    texts = [lab.text() for lab in table.findChildren(QLabel)]
    assert "United Nations" in texts and "Chinese" in texts
    assert "1st Marines & division base (Hagaru-Koto-ri)" in texts      # one line, no side in brackets
