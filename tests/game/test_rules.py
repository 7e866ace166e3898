"""One test per rule of the spec (../shared/seeds/000), against hand-made positions."""

from __future__ import annotations

import pytest

from hearts import Hand, IllegalPlay
from hearts.game.cards import DECK, HEARTS_MASK, QUEEN_MASK, mask_of
from hearts.game.rules import NO_SUIT, game_is_over, hand_scores, legal_mask, ranks

from ..positions import MOON_DEAL, deal, moon_hand, no_pass_hand, play_all


def refusal(hand: Hand, card: str) -> IllegalPlay:
    before = hand.to_dict()
    with pytest.raises(IllegalPlay) as caught:
        hand.play(card)
    assert hand.to_dict() == before, "a refused play must not change the state"
    return caught.value


def test_every_refusal_code_has_its_sentence_and_there_are_no_others() -> None:
    for code in IllegalPlay.CODES:
        for suit in "CDSH" if code == "must_follow" else [None]:
            message = IllegalPlay(code, None, suit).message
            assert message.said_in("en") != message.key, code
    with pytest.raises(ValueError, match="no illegal play is called 'must_pay'"):
        IllegalPlay("must_pay")


def test_two_of_clubs_leads_the_first_trick() -> None:
    hand = Hand(MOON_DEAL, "none")
    assert hand.turn == 0
    assert [str(card) for card in hand.legal()] == ["2C"]
    refused = refusal(hand, "3C")
    assert refused.code == "must_lead_2c"
    assert refused.message == "首墩须先出梅花2"


def test_holder_of_two_of_clubs_leads_after_the_pass() -> None:
    hand = Hand(MOON_DEAL, "left")
    for seat in range(4):
        hand.pass_cards(seat, MOON_DEAL[seat][:3])  # seat 0 passes 2C to seat 1
    assert hand.turn == 1
    assert [str(card) for card in hand.legal()] == ["2C"]


@pytest.mark.parametrize(
    ("tricks", "led", "wrong", "message"),
    [
        (0, "2C", "6D", "须跟梅花"),
        (1, "AD", "2S", "须跟方块"),
        (2, "JS", "2H", "须跟黑桃"),
        (6, "8H", "3C", "须跟红心"),
    ],
)
def test_must_follow_suit_if_able(tricks: int, led: str, wrong: str, message: str) -> None:
    hand = moon_hand(tricks)
    hand.play(led)
    legal_suits = {card.suit for card in hand.legal()}
    assert legal_suits == {led[1]}
    refused = refusal(hand, wrong)
    assert refused.code == "must_follow"
    assert refused.message == message


def test_void_player_may_discard_any_suit() -> None:
    hand = moon_hand(7)  # seat 3 leads 9H; nobody else has hearts left
    hand.play("9H")
    assert len(hand.legal()) == len(hand.hands[0]) == 6


def test_first_trick_no_points_when_holding_other_cards() -> None:
    hand = no_pass_hand("2C", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QS AH KH")
    hand.play("2C")
    legal = {str(card) for card in hand.legal()}
    assert legal == {"2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"}
    for card in ("AH", "QS"):
        refused = refusal(hand, card)
        assert refused.code == "points_on_first_trick"
        assert refused.message == "首墩不能出分"


def test_first_trick_all_points_hand_may_play_anything() -> None:
    hand = no_pass_hand("2C", "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    hand.play("2C")
    assert len(hand.legal()) == 13
    hand.play("QS")  # the queen is allowed too
    assert hand.queen_played and not hand.hearts_broken


def test_heart_on_first_trick_under_exception_breaks_hearts() -> None:
    hand = no_pass_hand("2C", "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "3C", "4C")
    hand.play("2C")
    hand.play("KH")
    assert hand.hearts_broken
    play_all(hand, "3C 4C")
    assert hand.turn == 3
    assert "AH" in {str(card) for card in hand.legal()}  # the next leader may now lead hearts


def test_hearts_cannot_be_led_until_broken() -> None:
    hand = moon_hand(1)  # seat 3 leads trick 2
    assert hand.turn == 3 and not hand.hearts_broken
    refused = refusal(hand, "AH")
    assert refused.code == "hearts_not_broken"
    assert refused.message == "尚未破心，不能首攻红心"
    assert not any(card.suit == "H" for card in hand.legal())


def test_hearts_may_be_led_when_leader_holds_only_hearts() -> None:
    # Seat 1 wins trick 1 with AC and then holds only hearts, none of them played yet.
    hand = no_pass_hand("2C", "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "3C", "4C")
    play_all(hand, "2C AC 3C 4C")
    assert hand.turn == 1 and not hand.hearts_broken
    assert len(hand.legal()) == 12
    hand.play("KH")
    assert hand.hearts_broken


def test_hearts_and_queen_only_must_lead_the_queen() -> None:
    hand = moon_hand(5)  # seat 3 holds Q♠ and seven hearts; hearts are not broken
    assert hand.turn == 3 and not hand.hearts_broken
    assert [str(card) for card in hand.legal()] == ["QS"]
    assert refusal(hand, "8H").code == "hearts_not_broken"
    holding = mask_of(["QS", "2H", "3H"])
    assert legal_mask(holding, NO_SUIT, False, False) == QUEEN_MASK


def test_queen_of_spades_does_not_break_hearts() -> None:
    hand = moon_hand(5)
    hand.play("QS")
    assert hand.queen_played and not hand.hearts_broken


def test_highest_card_of_led_suit_wins_and_leads_next() -> None:
    # Seat 1 has no clubs and discards A♦: an off-suit card never wins, however high.
    hand = no_pass_hand("2C", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "3C", "4C")
    trick = None
    for card in ("2C", "AD", "3C", "4C"):
        trick = hand.play(card)
    assert trick is not None and trick.winner == 3
    assert hand.turn == 3
    assert hand.tricks[0].leader == 0 and hand.tricks[0].seats == (0, 1, 2, 3)


def test_winner_collects_trick_points() -> None:
    hand = moon_hand(6)
    assert hand.points == [0, 0, 0, 16]  # Q♠ and three hearts


def test_a_hand_is_worth_26_points() -> None:
    assert sum(card.points for card in DECK) == 26
    assert (HEARTS_MASK | QUEEN_MASK).bit_count() == 14
    assert hand_scores([5, 18, 3, 0]) == [5, 18, 3, 0]


def test_moon_scores_zero_for_shooter_and_26_for_the_others() -> None:
    hand = moon_hand(13)
    assert hand.phase == "over"
    assert hand.points == [0, 0, 0, 26]
    assert hand.moon == 3
    assert hand.scores == [26, 26, 26, 0]


def test_no_moon_when_points_are_split() -> None:
    assert hand_scores([25, 1, 0, 0]) == [25, 1, 0, 0]


def test_game_continues_on_a_tie_for_lowest() -> None:
    assert not game_is_over([100, 40, 40, 90])


def test_game_ends_with_a_unique_lowest_after_someone_reaches_100() -> None:
    assert game_is_over([104, 60, 75, 88])
    assert ranks([104, 60, 75, 88]) == [4, 1, 2, 3]


def test_game_continues_below_100() -> None:
    assert not game_is_over([99, 10, 20, 30])


def test_game_ends_at_exactly_100() -> None:
    assert game_is_over([100, 10, 20, 30])


def test_ranks_share_on_ties() -> None:
    assert ranks([10, 20, 20, 30]) == [1, 2, 2, 4]


def test_pass_directions() -> None:
    from hearts import pass_target

    assert [pass_target(0, d) for d in ("left", "right", "across", "none")] == [1, 3, 2, None]
    assert pass_target(3, "left") == 0


def test_partial_deal_helper_fills_to_13() -> None:
    hands = deal("2C")
    assert [len(h) for h in hands] == [13, 13, 13, 13]
