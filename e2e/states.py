"""Positions for the browser tests, built in CPython with the engine and saved as the page saves.

Bots here play the first legal card: these helpers only need legal positions quickly, and the
page's own bots take over from whatever position is loaded.
"""

from __future__ import annotations

from hearts import Match
from hearts.table import Table
from hearts.table.machine import DEFAULT_LEVEL
from hearts.table.settings import Settings


def pass_all(match: Match, human_keeps_low: bool = False, others_keep_low: bool = False) -> None:
    hand = match.hand
    if hand.phase != "pass":
        return
    for seat in range(4):
        cards = hand.hands[seat]
        keep_low = human_keeps_low if seat == 0 else others_keep_low
        hand.pass_cards(seat, cards[-3:] if keep_low else cards[:3])


def step(match: Match) -> None:
    match.hand.play(match.hand.legal()[0])


def play_out(match: Match) -> None:
    """The current hand passed and played to its end by the first-card bots (:func:`step`)."""
    pass_all(match)
    while match.hand.phase != "over":
        step(match)


def hand_over(seed: int = 11) -> str:
    """The end of hand 1, its panel up."""
    match = Match(seed=seed)
    play_out(match)
    return save(match)


def copy(match: Match) -> Match:
    return Match.from_json(match.to_json())


def save(match: Match, **settings) -> str:
    table = Table(copy(match))
    for name, value in settings.items():
        setattr(table, name, value)
    return table.save_document()


def fresh(seed: int, level: str = DEFAULT_LEVEL) -> str:
    return Table(seed=seed, level=level).save_document()


def illegal_positions() -> dict[str, tuple[str, str, str]]:
    """For each refusal code: (save document, a card refused for it, the message)."""
    found: dict[str, tuple[str, str, str]] = {}
    for seed in range(200):
        match = Match(seed=seed)
        pass_all(match, human_keeps_low=seed % 2 == 0, others_keep_low=True)
        hand = match.hand
        while hand.phase == "play" and len(found) < 4:
            if hand.turn == 0:
                for card in hand.hands[0]:
                    refusal = hand.why_illegal(card)
                    if refusal is not None and refusal.code not in found:
                        found[refusal.code] = (save(match), str(card), refusal.message)
            step(match)
        if len(found) == 4:
            return found
    raise AssertionError(f"positions found only for {sorted(found)}")


def human_to_move_mid_trick(seed: int = 5) -> str:
    """Hand 1 after the pass, your turn with cards already in the trick."""
    match = Match(seed=seed)
    pass_all(match)
    hand = match.hand
    while not (hand.turn == 0 and hand.current_trick.cards and len(hand.tricks) >= 2):
        step(match)
    return save(match)


def last_trick_of_hand(match: Match, tricks_left: int = 1) -> None:
    """Play on until ``tricks_left`` tricks of the current hand are left, with you to move."""
    if not 1 <= tricks_left <= 13:
        raise ValueError(f"a hand has 1 to 13 tricks left, not {tricks_left}")
    pass_all(match)
    hand = match.hand
    while not (len(hand.tricks) == 13 - tricks_left and hand.turn == 0):
        step(match)


def last_trick_of_first_hand(seed: int = 7, tricks_left: int = 1) -> str:
    match = Match(seed=seed)
    last_trick_of_hand(match, tricks_left)
    return save(match)


def start_of_hand(number: int, seed: int = 3) -> str:
    match = Match(seed=seed)
    while match.hand_number < number:
        play_out(match)
        match.next_hand()
    return save(match)


def last_trick_of_game(seed_from: int = 0) -> tuple[str, bool, list[int]]:
    """A game one trick from its end: (save, whether you win, final totals)."""
    for seed in range(seed_from, seed_from + 50):
        match = Match(seed=seed)
        while True:
            pass_all(match)
            before = copy(match)
            last_trick_of_hand(before)
            while match.hand.phase != "over":
                step(match)
            if match.over:
                return save(before), match.winner == 0, match.totals
            match.next_hand()
    raise AssertionError("no game ended")


def moon_threat(seed_from: int = 0) -> tuple[str, int]:
    """Your turn while one other seat holds every point taken so far: (save, that seat)."""
    for seed in range(seed_from, seed_from + 100):
        match = Match(seed=seed)
        pass_all(match)
        hand = match.hand
        while hand.phase == "play":
            points = hand.points
            holder = next((seat for seat in range(1, 4) if points[seat] == sum(points) > 0), None)
            if holder is not None and hand.turn == 0:
                return save(match), holder
            step(match)
    raise AssertionError("no moon threat found")


def settings(**chosen) -> str:
    """A settings document as the page saves it, e.g. ``settings(language="en")``. The newcomer's
    tips are off unless asked for (``tips=True``): a test of something else should not meet them."""
    return Settings(**{"tips": False, **chosen}).to_json()


# ----- statistics, last trick, score sheet, deal numbers, auto-finish (issue 6) -----------------


def decided_for_you(finished_hands: int = 0, seed_from: int = 0) -> str:
    """Your turn in a hand whose rest is decided (「自动完成」 is offered, 「上一墩」 too), after
    ``finished_hands`` finished hands (a score sheet that long behind the menu)."""
    from hearts.game.autofinish import decision

    for seed in range(seed_from, seed_from + 200):
        match = Match(seed=seed)
        while match.hand_number <= finished_hands and not match.over:
            play_out(match)
            if not match.over:
                match.next_hand()
        pass_all(match)
        hand = match.hand
        while hand.phase == "play":
            if hand.turn == 0 and decision(hand.view(0)) is not None:
                return save(match)
            step(match)
    raise AssertionError("no decided position found")


def bot_to_move(seed: int = 4) -> str:
    """The first trick with a bot to play (Easy bots)."""
    match = Match(seed=seed)
    pass_all(match)
    while match.hand.turn == 0:
        step(match)
    return save(match, level="easy", next_level="easy")
