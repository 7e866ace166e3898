"""The learned pass model's weights, version 1; do not edit: written by
``python -m lab.train_pass --hands 250 --samples 300 --seed 1``.

A ridge fit to Hard's pass playouts valuing all 286 passes of 250 seeded hands (seed 1,
300 samples each; even hands fitted, odd held out): :mod:`lab.train_pass`.
"""

#: The version of :data:`hearts.ai.pass_model.FACTS` these weights were fitted to.
VERSION = 1
#: One weight per :data:`hearts.ai.pass_model.FACTS`; a pass's score is their sum, higher is better.
WEIGHTS = (
    +5.4835,  # Q♠ passed, fewer than 4 low spades
    +2.5387,  # Q♠ passed, 4 or more low spades
    -0.4844,  # Q♠ passed left
    +1.0552,  # Q♠ passed right
    -0.4426,  # A♠/K♠ passed, Q♠ held
    +0.0564,  # A♠/K♠ passed, Q♠ not held, ≤ 2 low spades
    -0.3762,  # A♠/K♠ passed, Q♠ not held, ≥ 3 low spades
    -1.6119,  # spades below Q♠ passed
    -0.0320,  # hearts passed, J up
    -1.4874,  # hearts passed, 7 to 10
    -1.3253,  # hearts passed, 2 to 6
    -0.3681,  # minor cards passed, Q up
    -1.0247,  # minor cards passed, 7 to J
    -1.4103,  # minor cards passed, 2 to 6
    +0.9385,  # ♣2 passed
    +1.5520,  # rank of the passed cards / 12
    -1.8508,  # static danger of the pass / 100
    +2.4956,  # clubs emptied
    +2.9436,  # diamonds emptied
    +1.0919,  # spades emptied
    +1.9314,  # hearts emptied
    +1.3187,  # minor suits left with one card
    +5.2305,  # Q♠ kept, low spades kept / 4 (at most 1)
    +0.9624,  # Q♠ kept, fewer than 3 low spades kept
    -0.8158,  # A♠/K♠ kept, Q♠ not kept, ≤ 2 low spades kept
    +0.0320,  # hearts kept, J up
    +1.3253,  # hearts kept, 2 to 6
    +0.3681,  # minor cards kept, Q up
    +0.1402,  # cards kept, 2 to 5
    +0.2188,  # hearts kept / 13
    +0.6793,  # longest suit kept / 13
)
