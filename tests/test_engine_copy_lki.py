"""A token copy of a target an earlier instruction moved uses the object as it last existed on the battlefield
(CR 608.2h, 707.2): Supplant Form returns the creature to its owner's hand, then copies it."""

from __future__ import annotations

from engine_helpers import act, new_game, obj, target


def test_supplant_form_copies_the_creature_it_returned_to_hand() -> None:
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"U": 2, "C": 4}, "hand": [{"alias": "sf", "card": "Supplant Form"}]},
        {"alias": "b",
         "battlefield": [{"alias": "bears", "card": "Grizzly Bears", "counters": {"+1/+1": 1}}]},
    ])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "sf"}, [target(g, refs, "bears")]).game
    g = act(g, refs, {"action": "resolve"}).game
    assert obj(g, refs, "bears").zone == "hand"
    tokens = [o for o in g.objects.values() if o.token and o.zone == "battlefield"]
    assert len(tokens) == 1 and tokens[0].card == "Grizzly Bears" and not tokens[0].counters
    assert tokens[0].controller == refs.player("a")


def test_riku_token_copies_the_creature_gone_before_the_trigger_resolves() -> None:
    """Riku's "create a token that's a copy of that creature" with the creature back in its owner's hand:
    the token copies it as it last existed on the battlefield (Riku of Two Reflections ruling, 2011-09-22)."""
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"G": 2, "U": 1, "C": 1},
         "hand": [{"alias": "bears", "card": "Grizzly Bears"}],
         "battlefield": [{"alias": "riku", "card": "Riku of Two Reflections"}]},
        {"alias": "b", "mana_pool": {"U": 1}, "hand": [{"alias": "un", "card": "Unsummon"}]},
    ])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "bears"}, {"G": 1, "C": 1}).game
    g = act(g, refs, {"action": "resolve"}).game
    g = act(g, refs, {"action": "pass", "player": "a"}).game
    g = act(g, refs, {"action": "cast", "player": "b", "card": "un"}, [target(g, refs, "bears")]).game
    g = act(g, refs, {"action": "resolve"}).game
    assert obj(g, refs, "bears").zone == "hand"
    g = act(g, refs, {"action": "resolve"}, True).game
    tokens = [o for o in g.objects.values() if o.token and o.zone == "battlefield"]
    assert len(tokens) == 1 and tokens[0].card == "Grizzly Bears"


def test_jace_minus_five_at_five_loyalty_copies_himself_as_he_last_existed() -> None:
    """Jace, Cunning Castaway's -5 paid with exactly 5 loyalty: he is put into the graveyard (CR 704.5i)
    before the ability resolves, and "copies of Jace" use him as he last existed (608.2h: "including the
    source of the ability itself"; 111.12 excepts what uses last known information): two tokens."""
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "jace", "card": "Jace, Cunning Castaway",
                                        "counters": {"loyalty": 5}}]},
        {"alias": "b"},
    ])
    g = act(g, refs, {"action": "activate", "player": "a", "source": "jace", "ability": 0}).game
    assert obj(g, refs, "jace").zone == "graveyard"
    g = act(g, refs, {"action": "resolve"}).game
    tokens = [o for o in g.objects.values() if o.token and o.zone == "battlefield"]
    assert [(t.card, t.counters.get("loyalty")) for t in tokens] == [("Jace, Cunning Castaway", 3)] * 2
