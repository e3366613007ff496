"""The rules of Take The High Ground! (GUTS): tests, fire, movement, silencing, morale.

Rule tags (``GUTS-...``) are our own short names for the paragraphs of the rule text; the
table in ``resources/guts/COVERAGE.md`` maps each to this code and its tests. ``GUTS-D-...``
tags are designer decisions (``resources/guts/DECISIONS.md``).

Everything here works on a :class:`~app.games.guts.state.GutsState` and a
:class:`~app.engine.game.Context` (for every die and every log line); nothing decides
legality except the ``*_problem`` functions, which :mod:`app.games.guts.game` uses both to
enumerate legal actions and to check a player's action.
"""

from __future__ import annotations

# The rules live in modules named after what they do; this module is their one public face
# (``from app.games.guts import rules as R``), so callers and tests need not know the split.
from app.games.guts.data import (  # noqa: F401 - re-exported for R.<name> callers
    RANKS,
    SUITS,
    slots_of,
)
from app.games.guts.geometry import (  # noqa: F401 - re-exported for R.<name> callers
    ConeShape,
    angle_diff,
    bearing,
    card_polygon,
    direction,
    first_within,
    polygon_distance,
    rect,
    rect_point_distance,
    rect_rect_distance,
)
from app.games.guts.state import (  # noqa: F401 - re-exported for R.<name> callers
    ANTI_TANK,
    BAR,
    GTG,
    HTD,
    LEADER,
    OK,
    PINNED,
    RIFLE,
    STATUS_ORDER,
    TEAM_KINDS,
    Card,
    Cover,
    Element,
    Fire,
    Gun,
    GutsState,
    LastMove,
    Pending,
)
from app.games.guts.roll import (  # noqa: F401
    CRIT_FAIL,
    CRIT_SUCCESS,
    FAIL,
    LEVEL_RANK,
    MOD_BAR_COVER,
    MOD_COVER_BAR_CLOSE,
    MOD_COVER_PER_BAR,
    MOD_COVER_PL_DIRECTS,
    MOD_COVER_RIFLE_LEADER,
    MOD_FOLLOW_UP,
    MOD_OUTSIDE_CONE,
    MOD_PLATOON_LEADER,
    MOD_RALLY,
    MOD_SIL_CLOSE,
    MOD_SIL_LEADER,
    MOD_SIL_NOT_UNDER_FIRE,
    MOD_SQUAD_LEADER,
    Roll,
    SIDE,
    SUCCESS,
    faces,
    gtest,
    judge,
    level_probs,
    worst,
)
from app.games.guts.fire import (  # noqa: F401
    _CONES,
    _span,
    active_guns,
    aim,
    band_mod,
    best_heading,
    centre,
    cone_of,
    dice_max,
    dist_to_gun,
    el,
    fighting,
    fighting_teams,
    fire_on,
    fire_on_box,
    is_with,
    leader_mod,
    path_fire,
    reach,
    visible,
)
from app.games.guts.losses import (  # noqa: F401
    casualties,
    check_element,
    gun_loses,
    gun_out,
    lose_guts,
    platoon_leader_lost,
    remove,
    silence,
)
from app.games.guts.cards import (  # noqa: F401
    Shape,
    _path_within,
    deal_cards,
    placement_ok,
    reopen_checks,
    reveal_along,
    reveal_near,
    turn_card,
)
from app.games.guts.eligibility import (  # noqa: F401
    advance_problem,
    assault_problem,
    can_act,
    cover_problem,
    firer_problem,
    grenade_problem,
    gun_target_problem,
    in_region,
    lead_problem,
    leaders_for,
    leave_problem,
    rally_problem,
    region,
    silence_problem,
)
from app.games.guts.turns import (  # noqa: F401
    check_break,
    end_turn,
    halted_tests,
    natural_leader_test,
    start_turn,
    withdraw_step,
)
from app.games.guts.moving import (  # noqa: F401
    MoveResult,
    arrive_and_assault,
    assault_point,
    begin_move,
    carry_out,
    displace,
    do_advance,
    halt,
    leave_cover,
    leave_tests,
    move_tests,
    press_on,
)
from app.games.guts.fighting import (  # noqa: F401
    assault,
    bar_silence,
    cover,
    follow_up,
    grenade,
    rally,
    rocket_silence,
)
from app.games.guts import roll as _roll
from app.games.guts.data import Bundle


def D() -> Bundle:
    """The game's data; tests replace :func:`app.games.guts.roll.D` to play on a bare table."""
    return _roll.D()
