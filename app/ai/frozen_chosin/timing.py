"""How long the computer commander takes to decide (docs/ai.md, "Frozen Chosin").

``python -m app.ai.frozen_chosin.timing [--scenario PATH] [--seed N] [--level L]`` plays one
AI-against-AI game and prints the median, 95th percentile and longest time of one decision
(``choose`` only, wall clock and this process's CPU time, which a busy machine inflates less;
the rules' own ``legal_actions`` is timed apart) and of one command's whole
side-turn in the alternation (an activation or operation with everything it decides inside it).
A measuring script, never a test: wall-clock figures depend on the machine.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from app.ai.frozen_chosin import make_ai
from app.engine.match import Match
from app.engine.scenario import load_scenario

CAMPAIGN = Path(__file__).resolve().parents[3] / "resources" / "frozen-chosin" / "scenarios" / "campaign.toml"


def measure(scenario: str | Path = CAMPAIGN, seed: int = 1, level: str = "normal") -> dict[str, float]:
    game, loaded = load_scenario(scenario)
    match = Match.start(game, loaded.data, seed=seed, keep_snapshots=False)
    seats = {s: make_ai(seed=seed, side=s, level=level) for s in game.sides}
    decide: list[float] = []
    decide_cpu: list[float] = []
    legal_t: list[float] = []
    turns: list[float] = []
    turn_t, key = 0.0, None
    while match.outcome() is None:
        st = match.state
        now_key = (st.turn, st.day_phase, st.current, st.activation.key if st.activation else "")
        t0 = time.perf_counter()
        legal = match.legal_actions()
        t1, c1 = time.perf_counter(), time.process_time()
        action = seats[st.active].choose(match, legal)
        t2, c2 = time.perf_counter(), time.process_time()
        decide_cpu.append(c2 - c1)
        match.apply(action, checked=True)
        t3 = time.perf_counter()
        legal_t.append(t1 - t0)
        decide.append(t2 - t1)
        if st.activation is None and st.pending is None and now_key != key:
            if key is not None:
                turns.append(turn_t)
            turn_t, key = 0.0, now_key
        turn_t += t3 - t0
    turns.append(turn_t)

    def q(xs: list[float], p: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(p * len(xs)))]
    return {"decisions": len(decide), "decide_median_s": statistics.median(decide), "decide_p95_s": q(decide, 0.95),
            "decide_max_s": max(decide), "decide_cpu_median_s": statistics.median(decide_cpu),
            "decide_cpu_p95_s": q(decide_cpu, 0.95), "decide_cpu_max_s": max(decide_cpu),
            "legal_median_s": statistics.median(legal_t),
            "side_turns": len(turns), "side_turn_median_s": statistics.median(turns),
            "side_turn_p95_s": q(turns, 0.95), "side_turn_max_s": max(turns)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default=str(CAMPAIGN))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="normal")
    a = ap.parse_args()
    for k, v in measure(a.scenario, a.seed, a.level).items():
        print(f"{k:22s} {v:.4f}" if isinstance(v, float) else f"{k:22s} {v}")


if __name__ == "__main__":
    main()
