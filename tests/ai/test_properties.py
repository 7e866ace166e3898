"""Property tests: every level, on many random hands, only ever returns legal cards and passes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Hand, play_hand
from hearts.ai import LEVELS, Limits, bot, hint_pass, hint_play
from hearts.game.deal import deal_hands

DEAL_NUMBERS = st.integers(min_value=0, max_value=(1 << 32) - 1)
DIRECTIONS = st.sampled_from(["left", "right", "across", "none"])
#: Hard with a tiny sample cap: the same code paths, cheap enough for many hands.
TINY = Limits(budget=5.0, pass_budget=5.0, max_samples=2)


def play_levels(levels: list[str], number: int, direction: str, seed: int) -> Hand:
    """A whole hand; :meth:`Hand.play` and :meth:`Hand.pass_cards` raise on anything illegal."""
    players = [bot(level, seed=seed + seat, limits=TINY) for seat, level in enumerate(levels)]
    return play_hand(deal_hands(number), direction, players)


@settings(max_examples=200, deadline=None)
@given(
    DEAL_NUMBERS,
    DIRECTIONS,
    st.integers(0, 1 << 30),
    st.lists(st.sampled_from(["easy", "normal"]), min_size=4, max_size=4),
)
def test_easy_and_normal_only_play_legal_cards(number: int, direction: str, seed: int, levels: list[str]) -> None:
    assert sum(play_levels(levels, number, direction, seed).points) == 26


@settings(max_examples=20, deadline=None)
@given(DEAL_NUMBERS, DIRECTIONS, st.integers(0, 1 << 30), st.permutations(list(LEVELS) + ["hard"]))
def test_hard_only_plays_legal_cards(number: int, direction: str, seed: int, levels: list[str]) -> None:
    assert sum(play_levels(levels, number, direction, seed).points) == 26


@settings(max_examples=15, deadline=None)
@given(DEAL_NUMBERS, DIRECTIONS)
def test_hints_are_legal_and_give_a_reason(number: int, direction: str) -> None:
    hand = Hand(deal_hands(number), direction)
    if hand.phase == "pass":
        cards, reason = hint_pass(hand.view(0), TINY)
        assert len(set(cards)) == 3 and set(cards) <= set(hand.hands[0])
        assert reason.startswith("传出") and any(card.symbol in reason for card in cards)
        for seat in range(4):
            hand.pass_cards(seat, cards if seat == 0 else bot("normal", 0).choose_pass(hand.view(seat)))
    while hand.phase == "play":
        view = hand.view(hand.turn)
        card, reason = hint_play(view, TINY)
        assert card in view.legal
        assert card.symbol in reason
        hand.play(card)
