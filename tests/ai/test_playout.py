"""Hard's playouts model Normal opponents card for card when fed what Normal sees."""

from __future__ import annotations

from hearts import Hand, play_rest
from hearts.ai import bot
from hearts.ai.knowledge import knowledge_of
from hearts.ai.playout import EVERY_SEAT, NO_VOIDS, play_out, shown_voids
from hearts.game.cards import mask_of
from hearts.game.deal import deal_hands
from hearts.game.fastplay import PlayState
from hearts.game.view import View

_DIRECTIONS = ("left", "right", "across", "none")


def _mid_hand(number: int) -> tuple[PlayState, View, list[int]]:
    """Deal ``number`` played by four Normal bots: the state after 9 cards, the view of the
    seat to play and the hand's real final points."""
    hand = Hand(deal_hands(number), _DIRECTIONS[number % 4])
    bots = [bot("normal", seed) for seed in range(4)]
    if hand.phase == "pass":
        for seat in range(4):
            hand.pass_cards(seat, bots[seat].choose_pass(hand.view(seat)))
    for _ in range(9):
        hand.play(bots[hand.turn].choose_play(hand.view(hand.turn)))
    view = hand.view(hand.turn)
    trick = view.current_trick
    state = PlayState(
        [mask_of(cards) for cards in hand.hands],
        trick.leader,
        trick.cards,
        not view.tricks,
        view.hearts_broken,
        view.points,
        13 - len(view.tricks),
    )
    play_rest(hand, bots)
    return state, view, list(hand.points)


def _shown_voids(view: View) -> tuple[int, ...]:
    return shown_voids(view, knowledge_of(view))


def test_a_playout_with_the_shown_voids_and_no_shooters_plays_as_four_normal_bots_do() -> None:
    without_voids_differ = with_shooters_differ = 0
    for number in range(24):
        state, view, points = _mid_hand(number)
        assert play_out(state.copy(), view.seat, False, _shown_voids(view), shooters=0) == points
        without_voids_differ += play_out(state.copy(), view.seat, False, NO_VOIDS, 0) != points
        with_shooters_differ += play_out(state.copy(), view.seat, False, _shown_voids(view)) != points
    assert without_voids_differ  # the voids are what makes the leads match
    assert with_shooters_differ  # a seat that looks like shooting plays its moon line if allowed


def test_a_modelled_seat_plays_the_fitted_model_and_the_searching_seat_never_does() -> None:
    """With no seat modelled the draws are unused and every seat plays as Normal; modelled
    seats play other cards now and then; the searching seat stays on its own line."""
    draws = [0.999] * 52
    changed = 0
    for number in range(24):
        state, view, points = _mid_hand(number)
        others = EVERY_SEAT & ~(1 << view.seat)
        assert play_out(state.copy(), view.seat, False, _shown_voids(view), 0, 0, draws) == points
        assert play_out(state.copy(), view.seat, False, _shown_voids(view), 0, 1 << view.seat, draws) == points
        modelled = play_out(state.copy(), view.seat, False, _shown_voids(view), 0, others, draws)
        assert sum(modelled) in (26, 78)
        changed += modelled != points
    assert changed
