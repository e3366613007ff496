"""Fixed Korea positions for the AI tests, built from the Chinese Intervention scenario's pieces."""

from __future__ import annotations


def ci_position(comm: dict[str, str], allied: dict[str, str], turn: int, phase: str,
                allied_reduced: bool | None = None, control: dict[str, str] | None = None) -> dict:
    """The scenario with ``comm`` and ``allied`` (unit -> hex) on the map at full strength (the
    Allied ones reduced when ``allied_reduced``), every other PVA division of the China box and
    every other KPA or Allied unit on the map eliminated, starting at ``turn`` and ``phase``
    with the side the phase names to act."""
    from app import RESOURCES
    from app.engine.scenario import load_scenario
    _g, loaded = load_scenario(RESOURCES / "korea38" / "scenarios" / "chinese-intervention.toml")
    sc = dict(loaded.data)
    pieces = []
    for p in sc["piece"]:
        q = dict(p)
        u = q["id"]
        if u in comm:
            q.update(at=comm[u], reduced=False)
        elif u in allied:
            q["at"] = allied[u]
            if allied_reduced is not None:
                q["reduced"] = allied_reduced
        elif q["at"] == "china" or (u.startswith("kpa") and q["at"][:1].isdigit()):
            q["at"] = "eliminated-communist"
        elif q["at"][:1].isdigit():
            q["at"] = "eliminated-allied"
        pieces.append(q)
    sc["piece"] = pieces
    if control:
        sc["control"] = dict(sc.get("control", {}), **control)
    sc["start"] = dict(sc["start"], turn=turn, phase=phase, active=phase.split("-")[0])
    return sc


def china_box(sc_data: dict | None = None) -> list[str]:
    """The PVA divisions the scenario keeps in the China box, in file order."""
    from app import RESOURCES
    from app.engine.scenario import load_scenario
    if sc_data is None:
        _g, loaded = load_scenario(RESOURCES / "korea38" / "scenarios" / "chinese-intervention.toml")
        sc_data = loaded.data
    return [p["id"] for p in sc_data["piece"] if p["at"] == "china"]
