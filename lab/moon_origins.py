"""Where the moons a bot suffers come from, over arena runs: whose pass fed them, and whether its
play could have stopped them.

    python -m lab.moon_origins HANDS.jsonl [HANDS.jsonl ...] [--bot NAME]

The files come from ``python -m lab.arena ... --hands FILE`` (each hand is read once, whichever
seat's record holds it, and replayed). Printed:

- **by giver**: for each bot that passes, how often the seat it passed to shot the moon, beside
  how often its other opponents did, each per hand with a pass, counting only receivers that are
  not the bot itself (a table of three xinxin beside Hard: a xinxin fed by Hard against a xinxin
  fed by another xinxin). A pass that feeds moons shows as a receiver's rate above the others';
- **what each giver passes**, per pass, by kind of card (clubs/diamonds/spades/hearts high (Q up),
  middle (9–J), low; Q♠), and how often its receiver shot after such a card;
- **the moons ``--bot`` suffered** (default: the first-named bot of each run): after which trick
  the threshold rule (:func:`hearts.ai.knowledge.moon_threat`) first flagged the shooter, and in
  how many the bot ever had a card it could have followed with to win a trick with points in it,
  the other cards of the trick as played (a block it missed, or one that was never there).
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hearts.ai.knowledge import moon_threat, queen_taken
from hearts.game.cards import QUEEN_OF_SPADES, SUITS
from hearts.game.hand import Hand, pass_target
from hearts.game.rules import complete_trick

from .where_points_go import log_records

#: A card's kind for the pass table: its suit and "hi" (Q up), "mid" (9–J) or "lo"; Q♠ alone.
_QUEEN_RANK, _NINE_RANK = 10, 7


def card_kind(card: int) -> str:
    """``card``'s kind in the pass table (see the module's docstring)."""
    if card == QUEEN_OF_SPADES:
        return "Q♠"
    rank = card % 13
    return SUITS[card // 13] + ("hi" if rank >= _QUEEN_RANK else "mid" if rank >= _NINE_RANK else "lo")


@dataclass
class Origins:
    """The counts the report prints, gathered over every hand read."""

    #: giver → (hands it passed to a receiver other than ``bot``, receiver shot, other opponents
    #: of it that are not ``bot``, of which shot).
    giving: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0, 0]))
    #: (giver, kind) → [cards given, receiver shot].
    kinds: dict[tuple[str, str], list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    passes: Counter[str] = field(default_factory=Counter)
    #: The trick after which the rule first flagged the shooter of a moon ``bot`` suffered (None: never).
    flagged: Counter[int | None] = field(default_factory=Counter)
    suffered: int = 0
    could_block: int = 0

    def add(self, hand: Hand, names: dict[int, str], bot: str) -> None:
        """Count one finished hand whose seats are ``names``."""
        shooter = hand.moon
        if hand.pass_direction != "none":
            self._add_passes(hand, names, shooter, bot)
        for seat, name in names.items():
            if name == bot and shooter is not None and shooter != seat:
                self.suffered += 1
                flagged, block = _defence(hand, seat, shooter)
                self.flagged[flagged] += 1
                self.could_block += block

    def _add_passes(self, hand: Hand, names: dict[int, str], shooter: int | None, bot: str) -> None:
        for giver, name in names.items():
            receiver = pass_target(giver, hand.pass_direction)
            assert receiver is not None and hand.passed[giver] is not None
            if names[receiver] == bot:
                continue
            self.passes[name] += 1
            counts = self.giving[name]
            counts[0] += 1
            counts[1] += shooter == receiver
            for other in range(4):
                if other not in (giver, receiver) and names[other] != bot:
                    counts[2] += 1
                    counts[3] += shooter == other
            for card in hand.passed[giver] or ():
                entry = self.kinds[(name, card_kind(card))]
                entry[0] += 1
                entry[1] += shooter == receiver


def _defence(hand: Hand, seat: int, shooter: int) -> tuple[int | None, bool]:
    """(the trick after which the rule first flagged ``shooter``, whether ``seat`` ever held a
    card that, followed instead of its own, would have won a trick with points in it)."""
    replay = Hand(hand.dealt, hand.pass_direction)
    for giver, passed in enumerate(hand.passed):
        if passed is not None:
            replay.pass_cards(giver, passed)
    flagged: int | None = None
    block = False
    plays = list(hand.plays)
    for index, card in enumerate(plays):
        trick = replay.current_trick
        if replay.turn == seat and trick.cards:
            position = len(trick.cards)
            whole = [int(c) for c in plays[index - position : index - position + 4]]
            legal = replay.legal_mask()
            for other in range(52):
                if legal >> other & 1 and other != card:
                    tried = whole[:position] + [other] + whole[position + 1 :]
                    winner, points = complete_trick(tried)
                    block = block or (winner == position and points > 0)
        if replay.play(card) is not None and flagged is None:
            view = replay.view(seat)
            if moon_threat(view.points, queen_taken(view)) == shooter:
                flagged = len(view.tricks)
    return flagged, block


def _fields(record: dict[str, Any]) -> tuple[tuple[int, int], int, str, bool, Hand]:
    """(deal and rotation, seat, bot, whether first-named, the hand) of a hands log's record."""
    hand = Hand.from_dict(record["hand"])
    return (record["deal"], record["rotation"]), record["seat"], record["name"], record["first"], hand


def read(paths: Iterable[Path], bot: str | None) -> Origins:
    """:class:`Origins` of the runs at ``paths``; ``bot`` None takes each run's first-named bot.
    ValueError names a line that is not an arena hand record with its hand."""
    origins = Origins()
    for path in paths:
        names: dict[tuple[int, int], dict[int, str]] = defaultdict(dict)
        hands: dict[tuple[int, int], Hand] = {}
        firsts: set[str] = set()
        lines = path.read_text().splitlines()
        for key, seat, name, is_first, hand in log_records(lines, _fields, "an arena hand record with its hand"):
            names[key][seat] = name
            hands[key] = hand
            if is_first:
                firsts.add(name)
        first = next(iter(firsts), "")
        for key, hand in hands.items():
            if len(names[key]) == 4 and hand.scores is not None:
                origins.add(hand, names[key], bot or first)
    return origins


def report(origins: Origins, bot: str | None) -> None:
    """Print what :class:`Origins` gathered."""
    print("by giver: hands with a pass | its receiver shot | each other opponent shot")
    for name, (hands, shot, others, others_shot) in sorted(origins.giving.items()):
        rate, others_rate = shot / hands, others_shot / max(1, others)
        print(f"  {name:8} {hands:6} | {rate:.3f} ({shot}) | {others_rate:.3f} ({others_shot})")
    print("what each giver passes, cards per pass (its receiver's moons after such a card)")
    kinds = sorted({kind for _, kind in origins.kinds})
    for name, passes in sorted(origins.passes.items()):
        cells = []
        for kind in kinds:
            given, shot = origins.kinds.get((name, kind), (0, 0))
            cells.append(f"{kind} {given / passes:.2f} ({shot / given:.3f})" if given else f"{kind} 0")
        print(f"  {name:8} " + "  ".join(cells))
    who = bot or "the first-named bot"
    print(f"moons {who} suffered: {origins.suffered}; it could have won a trick with points in {origins.could_block}")
    order = sorted(origins.flagged.items(), key=lambda item: (item[0] is None, item[0] or 0))
    cells = [f"{trick if trick is not None else 'never'}: {count}" for trick, count in order]
    print("  flagged by the rule after trick: " + ", ".join(cells))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.moon_origins", description=__doc__.split("\n")[0])
    parser.add_argument("hands", type=Path, nargs="+", help="arena hands logs (--hands)")
    parser.add_argument("--bot", help="whose suffered moons (default: each run's first-named bot)")
    args = parser.parse_args(argv)
    try:
        origins = read(args.hands, args.bot)
    except (OSError, ValueError) as error:
        parser.exit(2, f"moon_origins: {error}\n")
    report(origins, args.bot)


if __name__ == "__main__":
    main()
