"""The fitted model of seats that do not play Normal's way (hearts.ai.fitted)."""

from __future__ import annotations

from collections import Counter
from math import exp
from random import Random

from hearts.ai.fitted import DISCARD, FACTS, FOLLOW, LEAD, WEIGHTS, card_facts, card_scores, fitted_card
from hearts.ai.policy import duck_card
from hearts.game.cards import FULL_DECK, mask_of, parse_card
from hearts.game.fastplay import PlayState

FACT = {name: index for index, name in enumerate(FACTS)}


def _card(code: str) -> int:
    return int(parse_card(code))


def test_every_kind_has_a_weight_for_every_fact() -> None:
    assert len(WEIGHTS) == 3 and all(len(weights) == len(FACTS) for weights in WEIGHTS)


def test_the_facts_of_a_follow_say_which_card_wins_and_which_is_normals() -> None:
    """Seat 1 follows ♦7 (seat 0's lead) holding ♦5 ♦9 ♦K ♠2: ♦5 is Normal's card (the highest
    that loses), ♦9 the lowest that wins, ♦K wins too and no unseen diamond outranks it but ♦A."""
    holding = mask_of(["5D", "9D", "KD", "2S"])
    legal = mask_of(["5D", "9D", "KD"])
    trick = [_card("7D")]
    unseen = FULL_DECK ^ holding ^ (1 << trick[0])
    kind, cards, facts = card_facts(1, holding, legal, trick, 0, unseen, (0, 0, 0, 0), None)
    assert kind == FOLLOW and cards == [_card("5D"), _card("9D"), _card("KD")]
    by_card = dict(zip(["5D", "9D", "KD"], facts))
    assert [by_card[code][FACT["Normal's card"]] for code in by_card] == [True, False, False]
    assert [by_card[code][FACT["wins the trick so far"]] for code in by_card] == [False, True, True]
    assert [by_card[code][FACT["lowest above the winner"]] for code in by_card] == [False, True, False]
    assert by_card["KD"][FACT["unseen higher / 13"]] == 1 / 13
    assert by_card["5D"][FACT["suit length / 13"]] == 3 / 13


def test_a_lead_and_a_discard_are_told_apart() -> None:
    holding = mask_of(["2C", "QS", "4H"])
    unseen = FULL_DECK ^ holding
    assert card_facts(0, holding, holding, [], 0, unseen, (0, 0, 0, 0), None)[0] == LEAD
    trick = [_card("5D")]
    assert card_facts(1, holding, holding, trick, 0, unseen ^ 1 << trick[0], (0, 0, 0, 0), None)[0] == DISCARD


def test_the_draw_picks_each_card_as_often_as_the_softmax_of_its_score_says() -> None:
    holding = mask_of(["3C", "JC", "QS", "KS", "2H", "TH", "AH"])
    trick = [_card("9D")]
    unseen = FULL_DECK ^ holding ^ (1 << trick[0])
    args = (2, holding, holding, trick, 1, unseen, (0, 0, 0, 0), None)
    kind, cards, facts = card_facts(*args)
    scores = [exp(sum(weight * fact for weight, fact in zip(WEIGHTS[kind], row))) for row in facts]
    steps = 20_000
    drawn = Counter(fitted_card(*args, (step + 0.5) / steps) for step in range(steps))
    assert set(drawn) <= set(cards)
    for card, score in zip(cards, scores):
        assert abs(drawn[card] / steps - score / sum(scores)) < 2 / steps
    # Q♠ on someone else's trick is the likeliest throw, as it is Normal's
    assert max(drawn, key=drawn.__getitem__) == _card("QS") == duck_card(*args)


def test_a_single_legal_card_is_played_whatever_the_draw() -> None:
    holding = mask_of(["3C", "QS"])
    trick = [_card("9C")]
    unseen = FULL_DECK ^ holding ^ (1 << trick[0])
    assert fitted_card(1, holding, mask_of(["3C"]), trick, 0, unseen, (0, 0, 0, 0), None, 0.99) == _card("3C")


def test_the_scores_are_the_weights_times_the_facts_to_the_last_bit_at_every_kind_of_decision() -> None:
    """card_scores skips the facts' rows (the playouts' hot path): over every decision of random
    hands, its scores must equal the exponential of the weights times :func:`card_facts`' rows
    exactly, so the playouts draw the cards the fitted model defines."""
    rng = Random(11)
    decisions = Counter[int]()
    for _ in range(60):
        cards = list(range(52))
        rng.shuffle(cards)
        holdings = [sum(1 << card for card in cards[seat * 13 : seat * 13 + 13]) for seat in range(4)]
        state = PlayState(
            holdings, next(seat for seat in range(4) if holdings[seat] & 1), (), True, False, (0, 0, 0, 0), 13
        )
        void = [0, 0, 0, 0]
        while state.tricks_left:
            seat, trick, legal = state.turn, state.trick, state.legal()
            holding = state.holdings[seat]
            unseen = (state.holdings[0] | state.holdings[1] | state.holdings[2] | state.holdings[3]) ^ holding
            args = (
                seat,
                holding,
                legal,
                list(trick),
                state.leader,
                unseen,
                tuple(void),
                rng.choice((None, None, (seat + 1) % 4)),
            )
            kind, cards_in_order, facts = card_facts(*args)
            expected = [exp(sum(weight * fact for weight, fact in zip(WEIGHTS[kind], row))) for row in facts]
            assert card_scores(*args) == (cards_in_order, expected)
            decisions[kind] += legal & (legal - 1) != 0
            card = fitted_card(*args, rng.random())
            if trick and card // 13 != trick[0] // 13:
                void[seat] |= 1 << trick[0] // 13
            state.play(card)
    assert min(decisions[kind] for kind in (LEAD, FOLLOW, DISCARD)) > 100
