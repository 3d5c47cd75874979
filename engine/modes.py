"""Modal spells (CR 700.2): the modes are chosen as the spell is cast (601.2b), only modes whose targets
can be chosen are allowed (700.2a), each at most once (700.2d) unless the spell says "You may choose the
same mode more than once" (700.2d: then treated as if that mode appeared that many times in sequence); the
chosen modes become one ability whose targets are the chosen modes' targets, followed in the order printed
(Command and Confluence rulings, 608.2c)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from frozendict import frozendict

from . import targets as tg
from .cards import Ability
from .context import Ctx, Decision
from .errors import IllegalAction
from .state import Obj


def _choosable(ctx: Ctx, player: int, src: Obj, mode: Mapping[str, Any]) -> bool:
    """CR 700.2a: a mode can't be chosen if its targets can't be chosen."""
    for spec in mode.get("targets", ()):
        if spec.get("up_to") or spec.get("any_number"):  # zero targets is a legal choice (CR 601.2c)
            continue
        if len(tg.candidates(ctx.game, spec["filter"], src, player)) < spec.get("count", 1):
            return False
    return True


def choose(ctx: Ctx, player: int, src: Obj, ability: Ability) -> Ability:
    """Ask which modes (answer: 0-based indexes); the ability made of them, in printed order."""
    modes: Sequence[Mapping[str, Any]] = ability["modes"]
    low, high = int(ability.get("choose", {}).get("min", 1)), int(ability.get("choose", {}).get("max", 1))
    repeat = bool(ability.get("choose", {}).get("repeat"))
    allowed = tuple(i for i, m in enumerate(modes) if _choosable(ctx, player, src, m))
    if (not allowed and low > 0) or (not repeat and len(allowed) < low):
        raise IllegalAction("700.2a", "not enough modes can be chosen: their targets can't be chosen")
    answer = ctx.choose(Decision("modes", player, src.id, allowed, low, high,
                                 frozendict({"forced": _forced_repeat(allowed, low, high) if repeat else None,
                                             "repeat": repeat})))
    try:
        chosen = [int(i) for i in answer]
    except (TypeError, ValueError) as exc:
        raise IllegalAction("700.2", "modes are a list of mode numbers") from exc
    if not repeat and len(set(chosen)) != len(chosen):
        raise IllegalAction("700.2d", "the same mode can't be chosen more than once")
    if not low <= len(chosen) <= high:
        raise IllegalAction("700.2", f"choose {low} to {high} modes, not {len(chosen)}")
    if any(i not in allowed for i in chosen):
        raise IllegalAction("700.2a", "a mode whose targets can't be chosen can't be chosen")
    return flatten(ability, sorted(chosen))


def _forced_repeat(allowed: tuple[int, ...], low: int, high: int) -> tuple[tuple[int, ...]] | None:
    """With modes that may repeat, the answer is forced only when one mode can be chosen a fixed number
    of times (that mode, ``high`` times); else it is a real choice whatever the number of options."""
    return ((allowed[0],) * high,) if len(allowed) == 1 and low == high else None


def flatten(ability: Ability, chosen: Sequence[int]) -> Ability:
    """One ability of the chosen modes: their targets in order, each mode's target numbers shifted."""
    targets: list[Any] = []
    effects: list[Any] = []
    for i in chosen:
        mode = ability["modes"][i]
        offset = len(targets)
        targets += [_shift(spec, offset) for spec in mode.get("targets", ())]
        effects += [_shift(e, offset) for e in mode.get("effects", ())]
    flat = {k: v for k, v in ability.items() if k not in ("modes", "choose")}
    flat["targets"] = targets
    flat["effects"] = effects + list(ability.get("effects", ()))
    flat["chosen_modes"] = list(chosen)
    return flat


def _shift(node: Any, offset: int) -> Any:
    """Renumber ``{"target": i}``, ``{"each_target": i}`` and ``distinct_from`` by ``offset``."""
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for k, v in node.items():
            if k in ("target", "each_target", "distinct_from") and isinstance(v, int):
                out[k] = v + offset
            elif k == "distinct_from" and isinstance(v, list):
                out[k] = [i + offset for i in v]
            else:
                out[k] = _shift(v, offset)
        return out
    if isinstance(node, list):
        return [_shift(v, offset) for v in node]
    return node
