"""Protocol 2's card store, both sides (``spec/protocol.md``, "Cards in protocol 2").

An adapter process keeps the card definitions it was sent, by name, for its whole life; each ``run``
message carries only ``new_cards`` (the definitions that process does not hold yet, or holds in
another version under the same name) and ``card_names`` (every card the case uses). The runner's
:class:`CardsSent` knows what one adapter process holds, so it can send exactly what is missing or
different; the adapter's :class:`CardStore` rebuilds each case's cards from the names.

Any difference in a definition is sent again, whatever caused it: a case's own ``cards`` redefining a
catalogue card, another suite's catalogue, a fuzzer's generated cards. So a case's cards are always
exactly those protocol 1 would have sent with it, whatever ran before it in the same process.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from conformance.documents import Card, JSONValue


class CardsSent:
    """The runner's record of the cards one adapter process holds: a private copy of each definition
    as it was sent, so that a definition changed afterwards (in place, even) is seen as different."""

    def __init__(self) -> None:
        self._held: dict[str, Card] = {}

    def new_cards(self, cards: Mapping[str, Card]) -> dict[str, Card]:
        """Those of ``cards`` the process does not hold as they are (compared as values: a dict equal
        to the one sent is not sent again, wherever it comes from)."""
        held = self._held
        return {name: card for name, card in cards.items() if held.get(name) != card}

    def sent(self, cards: Mapping[str, Card]) -> None:
        """``cards`` reached the process: it holds them now, each replacing its name's entry."""
        for name, card in cards.items():
            self._held[name] = json.loads(json.dumps(card))  # a copy: later changes to card are seen

    def __len__(self) -> int:
        return len(self._held)


class UnknownCard(ValueError):
    """A run message names a card the adapter process was never sent (a runner's mistake)."""


class CardStore:
    """The adapter's side: every card definition this process was sent, by name."""

    def __init__(self) -> None:
        self.cards: dict[str, Card] = {}

    def cards_for(self, new_cards: JSONValue, card_names: JSONValue) -> dict[str, Card]:
        """Store ``new_cards`` (each replacing the entry of its name), then the case's cards:
        ``card_names`` looked up in the store. :class:`UnknownCard` for a name never sent,
        ValueError for fields of the wrong shape."""
        if not isinstance(new_cards, dict) or not all(isinstance(c, dict) for c in new_cards.values()):
            raise ValueError("new_cards must be an object of card definitions by name")
        if not isinstance(card_names, list) or not all(isinstance(n, str) for n in card_names):
            raise ValueError("card_names must be an array of card names")
        self.cards.update(new_cards)  # type: ignore[arg-type]  # objects: checked just above
        missing = [name for name in card_names if name not in self.cards]
        if missing:
            raise UnknownCard(f"card(s) never sent to this adapter process: {', '.join(map(repr, missing))}")
        names: Sequence[str] = card_names  # type: ignore[assignment]  # strings: checked just above
        return {name: self.cards[name] for name in names}


__all__ = ["CardStore", "CardsSent", "UnknownCard"]
