"""The lab's peeking seat: its play search samples the true deal, and only for its own searches."""

from __future__ import annotations

from typing import Any

import pytest

from hearts import Hand
from hearts.ai import Limits, bot, play_samples, search
from hearts.ai.knowledge import knowledge_of
from hearts.game.deal import deal_hands
from hearts.game.fastplay import PlayState
from hearts.game.levels import LEVELS
from lab.arena import play_deal
from lab.peek import Peek, dealt_truly

FAST = Limits(budget=5.0, pass_budget=5.0, max_samples=6)


def _hand_after(plays: int, deal: int = 21) -> tuple[Hand, int]:
    """A hand of Normal bots, passed and played ``plays`` cards in, and the seat to play."""
    hand = Hand(deal_hands(deal), "left")
    normal = bot("normal")
    for seat in range(4):
        hand.pass_cards(seat, normal.choose_pass(hand.view(seat)))
    for _ in range(plays):
        hand.play(normal.choose_play(hand.view(_turn(hand))))
    return hand, _turn(hand)


def _turn(hand: Hand) -> int:
    assert hand.turn is not None
    return hand.turn


def _samples_seen(monkeypatch: pytest.MonkeyPatch) -> list[list[int]]:
    """Record every placement of the hidden cards the play search draws."""
    seen: list[list[int]] = []
    explained = vars(play_samples)["best_explained"]

    def spy(*args: Any, **kwargs: Any) -> list[int]:
        holdings: list[int] = explained(*args, **kwargs)
        seen.append(list(holdings))
        return holdings

    monkeypatch.setattr(play_samples, "best_explained", spy)
    return seen


@pytest.mark.parametrize("plays", [4, 17, 33])
def test_every_sample_of_its_search_is_the_true_deal(monkeypatch: pytest.MonkeyPatch, plays: int) -> None:
    hand, seat = _hand_after(plays)
    seen = _samples_seen(monkeypatch)
    Peek(hand, 3, FAST).choose_play(hand.view(seat))
    truth = PlayState.from_hand(hand).holdings
    assert seen, "the search drew no sample"
    for holdings in seen:
        assert [holdings[other] for other in range(4) if other != seat] == [
            truth[other] for other in range(4) if other != seat
        ]


def test_hard_does_not_see_the_true_deal_and_peek_leaves_no_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    hand, seat = _hand_after(4)
    truth = PlayState.from_hand(hand).holdings
    Peek(hand, 3, FAST).choose_play(hand.view(seat))
    assert vars(search)["knowledge_of"] is knowledge_of
    seen = _samples_seen(monkeypatch)
    bot("hard", 3, FAST).choose_play(hand.view(seat))
    assert any(holdings[other] != truth[other] for holdings in seen for other in range(4) if other != seat)


def test_the_search_is_restored_when_it_fails() -> None:
    with pytest.raises(RuntimeError), dealt_truly(_hand_after(4)[0]):
        assert vars(search)["knowledge_of"] is not knowledge_of
        raise RuntimeError("a search that failed")
    assert vars(search)["knowledge_of"] is knowledge_of


def test_peek_is_a_lab_seat_not_a_level() -> None:
    assert "peek" not in LEVELS


def test_the_arena_seats_it_and_it_plays_whole_hands() -> None:
    records = play_deal((["peek", "normal", "normal", "normal"], 5, 0, FAST, ()))
    peek = [record for record in records if record["name"] == "peek"]
    assert len(peek) == 4 and all(record["first"] for record in peek)
    assert sum(record["score"] for record in records) in range(4 * 26, 4 * 78 + 1, 26)
