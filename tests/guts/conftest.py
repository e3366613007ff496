import pytest

from tests.guts.helpers import bare_bundle

_BARE = None


@pytest.fixture
def bare(monkeypatch):
    """Play on an empty table (no sight blockers) so tests can measure freely."""
    global _BARE
    if _BARE is None:
        _BARE = bare_bundle()
    import app.games.guts.game as game_mod
    from app.games.guts import roll
    monkeypatch.setattr(roll, "D", lambda: _BARE)   # every rules module reads the data through it
    monkeypatch.setattr(game_mod, "bundle", lambda: _BARE)
    return _BARE
