"""Phasing (CR 702.26) in a case's setup, for phase: which permanents start phased out, and how."""

from __future__ import annotations

from conformance.adapters.common import SetupObject


def phased_out_setup(objs: list[SetupObject]) -> dict[str, str]:
    """The setup's phased-out permanents, alias -> phase's PhaseStatus cause: ``phased_out`` ones
    "Directly", what is attached to them (through any chain of attachments) "Indirectly" (CR 702.26g);
    one attached to a phased-out permanent that is itself marked phased_out is indirectly phased out,
    as phasing out both ways would make it (702.26h)."""
    host = {o.alias: o.spec.get("attached_to") for o in objs if o.zone == "battlefield"}
    out: dict[str, str] = {}
    for o in objs:
        if o.zone != "battlefield":
            continue
        seen, up = {o.alias}, host.get(o.alias)
        while isinstance(up, str) and up in host and up not in seen:
            if any(p.alias == up and p.spec.get("phased_out") for p in objs):
                out[o.alias] = "Indirectly"
                break
            seen.add(up)
            up = host.get(up)
        else:
            if o.spec.get("phased_out"):
                out[o.alias] = "Directly"
    return out
