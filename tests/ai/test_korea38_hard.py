"""ai:hard's look-ahead keeps the normal plan unless a variant is clearly better
(lookahead.pick): one sampled enemy turn swings the strength on the map by a division or two,
and choosing on that noise made the hard AI no better than the normal one (docs/ai.md)."""

from __future__ import annotations

from app.ai.korea38 import lookahead
from app.ai.korea38.player import KoreaAI


def test_a_variant_within_the_margin_does_not_replace_the_normal_plan():
    assert lookahead.pick([10.0, 12.5, 11.0], margin=3.0) == 0


def test_a_variant_clearly_better_replaces_it():
    assert lookahead.pick([10.0, 14.0, 13.5], margin=3.0) == 1
    assert lookahead.pick([-1000.0, 5.0], margin=3.0) == 1      # the normal plan loses the game


def test_ties_and_no_margin_keep_the_first_best():
    assert lookahead.pick([4.0, 4.0], margin=0.0) == 0
    assert lookahead.pick([4.0, 6.0, 6.0], margin=0.0) == 1
    assert lookahead.pick([], margin=3.0) == 0


def test_hard_samples_four_replies_of_four_plans_with_a_margin_and_normal_does_not_look_ahead():
    hard = KoreaAI(1, "allied", "hard").cfg
    assert hard["lookahead"] and hard["lookahead_margin"] > 0
    assert hard["lookahead_samples"] == 4 and hard["lookahead_plans"] == 4
    assert not KoreaAI(1, "allied", "normal").cfg.get("lookahead")
