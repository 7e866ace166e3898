"""How likely each other seat is to play Normal's way, from its plays so far.

Hard's readings (:mod:`hearts.ai.inference`) are exact against Normal and carry nothing against
other players: over 21,701 placements among three OpenSpiel ISMCTS seats its sampler placed the
true holder no more often than deals drawn from the voids and sizes alone, and with a much worse
log-likelihood (docs/log/ai-2026-12-07.md, session 52). Here each readable seat gets a posterior
chance of playing Normal's way: every past play of it with a choice is scored, over deals drawn
from the voids and sizes alone, by how often Normal's policy would have made it against the
chance the fitted model (:mod:`hearts.ai.fitted`) gives it; the ratios multiply (as independent)
onto even prior odds. Hard's search then treats the seat as Normal (its readings hold, its
playouts play Normal's card) in that share of its samples, and as the fitted model otherwise
(:mod:`hearts.ai.play_samples`). Against a control on the same random streams this gained 0.42
and lost 0.08 a hand by seed among three OpenSpiel ISMCTS seats; among Normal bots, whose shares
start from even odds and only climb as they play, it cost about 0.1, so a seat that kept its
readings through the game's earlier hands is not judged here at all (docs/ai.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp, log
from random import Random

from ..game.cards import FULL_DECK
from ..game.rules import legal_mask
from .consistency import PastPlay
from .fitted import card_scores
from .knowledge import Knowledge
from .policy import duck_card
from .sampling import sample_hidden

#: Deals drawn to score the plays.
WORLDS = 16
#: A Normal seat's chance of a play not its policy's, spread as the fitted model spreads its plays
#: (so the two likelihoods are smoothed alike, and one odd play costs a bounded log(TREMBLE)).
TREMBLE = 0.1
_LIMIT = 30.0  # log odds are clamped to this, so exp() never overflows


def normal_shares(history: Sequence[PastPlay], knowledge: Knowledge, rng: Random) -> list[float]:
    """Per seat, the chance it plays Normal's way given its past plays in ``history`` (1.0 for a
    seat with no play to judge)."""
    if not history:
        return [1.0] * 4
    worlds = [sample_hidden(knowledge, rng) for _ in range(WORLDS)]
    log_odds = [0.0] * 4  # even prior odds
    judged = [False] * 4
    for past in history:
        agree = 0
        fitted = 0.0
        counted = 0
        for hidden in worlds:
            holding = hidden[past.seat] | past.since
            legal = legal_mask(holding, past.led_suit, past.first_trick, past.hearts_broken)
            if legal & (legal - 1) == 0 or not legal >> past.card & 1:
                continue
            counted += 1
            unseen = FULL_DECK ^ holding ^ past.played_before
            before = list(past.before)
            if duck_card(past.seat, holding, legal, before, past.leader, unseen, past.void, past.threat) == past.card:
                agree += 1
            cards, scores = card_scores(past.seat, holding, legal, before, past.leader, unseen, past.void, past.threat)
            fitted += scores[cards.index(past.card)] / sum(scores)
        if counted:
            normal_chance = (1 - TREMBLE) * agree + TREMBLE * fitted
            log_odds[past.seat] += log(normal_chance / fitted)
            judged[past.seat] = True
    return [
        1.0 / (1.0 + exp(-max(-_LIMIT, min(_LIMIT, odds)))) if judged[seat] else 1.0
        for seat, odds in enumerate(log_odds)
    ]
