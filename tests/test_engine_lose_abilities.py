"""'Loses all abilities' (layer 6, CR 613.1f) and 'becomes a [color] [creature type] with base power and
toughness N/N' (layers 4, 5, 7b): Turn to Frog, applied in timestamp order (CR 613.7)."""

from __future__ import annotations

from engine_helpers import act, new_game, obj, target

from engine import IllegalAction, apply
from engine import characteristics as ch

FROG = "Turn to Frog"


def _frog(battlefield: list[dict], frog_target: str, mana: dict[str, int] | None = None) -> tuple:  # type: ignore[type-arg]
    g, refs = new_game(
        [
            {"alias": "a", "battlefield": battlefield},
            {"alias": "b", "mana_pool": mana or {"U": 1, "C": 1}, "hand": [{"alias": "frog", "card": FROG}]},
        ],
        active_player="b",
    )
    step = act(g, refs, {"action": "cast", "player": "b", "card": "frog"}, (target(g, refs, frog_target),))
    return act(step.game, refs, {"action": "resolve"}), refs


def test_a_frog_loses_its_keywords_color_and_creature_types_but_keeps_its_card_types() -> None:
    step, refs = _frog([{"alias": "m", "card": "Bastion Mastodon"}], "m")
    m = obj(step.game, refs, "m")
    assert ch.keywords(step.game, m) == []
    assert ch.colors(step.game, m) == ("U",)
    assert ch.subtypes(step.game, m) == ("Frog",)
    assert set(ch.types(step.game, m)) == {"Artifact", "Creature"}
    assert ch.power_toughness(step.game, m) == (1, 1)


def test_a_frog_lord_stops_applying_its_static_ability() -> None:
    step, refs = _frog(
        [{"alias": "arch", "card": "Elvish Archdruid"}, {"alias": "elf", "card": "Llanowar Elves"}], "arch"
    )
    assert ch.power_toughness(step.game, obj(step.game, refs, "elf")) == (1, 1)
    assert ch.activated(step.game, obj(step.game, refs, "arch")) == ()


def test_an_activation_of_a_lost_ability_is_refused_under_613_1f() -> None:
    step, refs = _frog(
        [{"alias": "mage", "card": "Alabaster Mage"}, {"alias": "x", "card": "Grizzly Bears"}], "mage"
    )
    game = step.game
    try:
        apply(
            game,
            {"action": "activate", "player": refs.player("a"), "source": refs.by_alias["mage"], "ability": 0},
        )
    except IllegalAction as exc:
        assert exc.rule == "613.1f"
    else:
        raise AssertionError("the activation was not refused")


def test_abilities_are_lost_until_the_cleanup_step() -> None:
    step, refs = _frog([{"alias": "m", "card": "Bastion Mastodon"}], "m")
    step = act(step.game, refs, {"action": "advance", "step": "upkeep"})
    m = obj(step.game, refs, "m")
    assert ch.lost_abilities_at(m) is None and ch.power_toughness(step.game, m) == (4, 5)  # printed again
    assert ch.colors(step.game, m) == ()


def test_each_continuous_effect_gets_a_later_timestamp() -> None:
    g, refs = new_game(
        [
            {
                "alias": "a",
                "mana_pool": {"G": 2},
                "hand": [{"alias": "n1", "card": "Silk Net"}, {"alias": "n2", "card": "Giant Growth"}],
                "battlefield": [{"alias": "x", "card": "Grizzly Bears"}],
            },
            {"alias": "b"},
        ]
    )
    step = act(g, refs, {"action": "cast", "player": "a", "card": "n1"}, (target(g, refs, "x"),))
    step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "n2"}, (target(g, refs, "x"),))
    step = act(step.game, refs, {"action": "resolve"})
    stamps = [m.timestamp for m in obj(step.game, refs, "x").mods]
    assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps)
