"""Helpers for tests that a decision depends only on the view: positions along a hand and
the same hand with the hidden cards dealt anew."""

from __future__ import annotations

from random import Random

from hearts import Hand, pass_target
from hearts.ai import bot
from hearts.ai.knowledge import knowledge_of
from hearts.ai.sampling import sample_hidden
from hearts.game.cards import cards_of, mask_of
from hearts.game.deal import deal_hands


def redealt(hand: Hand, seat: int, rng: Random) -> Hand:
    """The same hand as ``seat`` sees it, with the cards it cannot see placed anew among the
    other seats (consistently with what it knows), replayed to the same point.

    The other seats' passes are hidden from ``seat``, so they are chosen afresh to fit: each
    gives 3 cards that its receiver holds after the exchange.
    """
    view = hand.view(seat)
    after_exchange = sample_hidden(knowledge_of(view), rng)
    after_exchange[seat] = view.hand_mask
    for played_seat, card in view.plays:
        after_exchange[played_seat] |= 1 << card
    passes: list[tuple] = [()] * 4
    if hand.pass_direction != "none":
        mine = mask_of(view.passed)
        for giver in range(4):
            target = pass_target(giver, hand.pass_direction)
            if giver == seat:
                passes[giver] = view.passed
            elif target == seat:
                passes[giver] = view.received
            else:
                passes[giver] = cards_of(after_exchange[target] & ~mine)[:3]
    dealt = list(after_exchange)
    for giver, given in enumerate(passes):
        for card in given:
            dealt[giver] |= 1 << card
            dealt[pass_target(giver, hand.pass_direction)] &= ~(1 << card)
    other_hand = Hand([cards_of(mask) for mask in dealt], hand.pass_direction)
    if hand.pass_direction != "none":
        for giver in range(4):
            other_hand.pass_cards(giver, passes[giver])
    for _, card in view.plays:
        other_hand.play(card)
    return other_hand


def positions(number: int, direction: str) -> list[tuple[Hand, int]]:
    """Positions along one hand played by Normal bots: (hand so far, seat to move)."""
    hand = Hand(deal_hands(number), direction)
    players = [bot("normal", seed=seat) for seat in range(4)]
    if hand.phase == "pass":
        for seat in range(4):
            hand.pass_cards(seat, players[seat].choose_pass(hand.view(seat)))
    found = []
    while hand.phase == "play":
        if len(hand.plays) in (5, 17, 30):
            copy = Hand.from_dict(hand.to_dict())
            found.append((copy, copy.turn))
        hand.play(players[hand.turn].choose_play(hand.view(hand.turn)))
    return found
