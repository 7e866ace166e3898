"""The first game teaches itself: a one-line tip at each moment a newcomer needs one.

Four tips, in the order they usually come: ``pass`` while choosing the cards to pass (what
passing is for), ``dimmed`` the first time it is your turn with cards you may not play (the
first trick, as a rule: why they are dimmed), ``hearts_broken`` once hearts are broken, and
``moon_threat`` the first time another seat holds every point taken so far (「射月威胁」).

Each is shown once: it counts as seen the moment it comes up (so a reload does not bring it
back), and stays until the player dismisses it or its moment passes — the passing, the trick
it came in, or for the last two the trick after that too. One tip at a time; a tip whose
moment comes while another is up waits for it, if its moment lasts. The tips run while the
setting ``tips`` is on: on for a first visit, off once the game they ran in is over.

Everything here is a pure decision on a :class:`Scene`; :class:`hearts.table.Table` describes
the scene and keeps the settings, and the page only draws the tip.

>>> from hearts.table.settings import Settings
>>> tutor = Tutor()
>>> passing = Scene(phase="pass", dimmed=False, hearts_broken=False, moon_threat=False, tricks=0,
...                 game_over=False)
>>> settings = tutor.step(passing, Settings())
>>> tutor.tip, settings.tips_seen
('pass', ('pass',))
>>> tutor.dismiss()
>>> tutor.step(passing, settings) == settings, tutor.tip
(True, None)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.phase import HandPhase
from .settings import TIPS, Settings


@dataclass(frozen=True)
class Scene:
    """The table now, as far as the tips care."""

    phase: HandPhase
    #: Your turn, with cards the rules do not let you play.
    dimmed: bool
    hearts_broken: bool
    #: Another seat than yours holds every point taken so far this hand.
    moon_threat: bool
    #: Tricks completed in this hand.
    tricks: int
    game_over: bool


def is_moment(tip: str, scene: Scene) -> bool:
    """Whether ``scene`` is a moment for ``tip``."""
    if tip == "pass":
        return scene.phase == HandPhase.PASS
    if scene.phase != HandPhase.PLAY:
        return False
    if tip == "dimmed":
        return scene.dimmed
    if tip == "hearts_broken":
        return scene.hearts_broken
    return scene.moon_threat


def lasts(tip: str, scene: Scene, since: int) -> bool:
    """Whether ``tip``, up since ``since`` tricks were complete, is still timely in ``scene``.
    ``dimmed`` goes with the trick it came in; the news of broken hearts and of a moon threat
    matter for the next trick too (who may lead hearts, who should take a point)."""
    if tip == "pass":
        return scene.phase == HandPhase.PASS
    if scene.phase != HandPhase.PLAY or tip == "moon_threat" and not scene.moon_threat:
        return False
    return scene.tricks <= since + (0 if tip == "dimmed" else 1)


class Tutor:
    """The tip up now (``tip``, None if none), and when the tips are to stop."""

    def __init__(self, game_over: bool = False) -> None:
        self.tip: str | None = None
        #: Tricks complete when ``tip`` came up.
        self.since = 0
        #: Whether the game was over at the last step: its end is what turns the tips off, so
        #: turning them on again at the end-of-game panel keeps them on for the next game.
        self.game_over = game_over

    def step(self, scene: Scene, settings: Settings) -> Settings:
        """Move on to ``scene``. Returns ``settings`` with the tip that came up counted as seen,
        or with the tips switched off if this step saw the end of the game they ran in."""
        ended = scene.game_over and not self.game_over
        self.game_over = scene.game_over
        if settings.tips and ended:
            settings = settings.choose("tips", False)
        if not settings.tips:
            self.tip = None
            return settings
        if self.tip is not None and not lasts(self.tip, scene, self.since):
            self.tip = None
        if self.tip is None:
            due = next((tip for tip in TIPS if tip not in settings.tips_seen and is_moment(tip, scene)), None)
            if due is not None:
                self.tip, self.since = due, scene.tricks
                return settings.seen(due)
        return settings

    def dismiss(self) -> None:
        """「知道了」: the tip goes (it was counted as seen when it came up)."""
        self.tip = None
