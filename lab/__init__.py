"""The AI lab: the tools that measure the bots and the engine, kept out of the wheel the page loads.

Run from a checkout (``pip install -r requirements-bench.txt`` adds OpenSpiel for the ``ismcts``
seats and the benchmark's baseline):

* ``python -m lab.arena``: duplicate-deal matches between bots (:mod:`lab.arena`);
* ``python -m lab.bench``: random full hands per second, ours against OpenSpiel's (:mod:`lab.bench`);
* ``python -m lab.compare_hands``, ``lab.first_difference``, ``lab.where_points_go``: reading
  the arena's per-hand logs.

The OpenSpiel seat (:mod:`lab.openspiel_seat`) asks :mod:`lab.ismcts_server` and keeps its
answers with :mod:`lab.answer_cache`.
"""
