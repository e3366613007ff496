"""CPU per fuzz input of some kinds: ``python -m tests.fuzz.cost 40 "actions semper-fi,save guts"``.

Each kind first runs 5 inputs (imports and first loads), then the given count, timed with
``time.process_time``: the figure docs/reliability.md compares before and after a change.
"""

from __future__ import annotations

import sys
import time

from tests.fuzz import test_mutations as fz


def cost(label: str, n: int) -> float:
    """Milliseconds of CPU an input of ``label`` takes, warm."""
    run = fz.LONG_KINDS[label]
    with fz.shipped_scenarios_checked_once():
        fz.LONG = 5
        run()
        before = fz.COUNTS.get(label, 0)
        fz.LONG = n
        t0 = time.process_time()
        run()
        spent = time.process_time() - t0
    return 1000 * spent / max(1, fz.COUNTS.get(label, 0) - before)


if __name__ == "__main__":
    count = int(sys.argv[1])
    for kind in sys.argv[2].split(","):
        print(f"{kind:40s} {cost(kind.strip(), count):8.1f} ms an input", flush=True)
