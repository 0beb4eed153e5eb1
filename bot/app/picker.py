"""A click in the move picker (Step, Undo, Done), answered by editing the picker in place.

The picker is a private reply (:mod:`bot.core.picking`); each pick edits it into the next state, so there
is one picker per decision, never a trail of them. Once the play is made, the picker says so and loses
its controls, and the new board is posted as after any play. A refusal (an out-of-date picker) is a
private answer of its own and leaves the picker as it was.
"""

from __future__ import annotations

import discord

from bot import texts
from bot.app.commands import received
from bot.app.protocol import App
from bot.app.responder import HOLD, Responder
from bot.app.views import controls_view
from bot.core import Action, Reply
from bot.models import PlayerRef

PICKER_ACTIONS = frozenset({Action.STEP, Action.UNDO, Action.DONE})
"""The controls of the picker itself (the board's menu of first moves opens a new picker)."""


async def picker_click(
    app: App,
    interaction: discord.Interaction,
    match_id: int,
    version: int,
    user: PlayerRef,
    action: Action,
    value: str,
) -> None:
    """``user`` clicked ``action`` in a picker: the core picks, and the picker is edited into its answer."""
    responder = Responder(interaction, hold=HOLD, private=False)  # late: a deferred edit of the picker
    try:
        async with app.runner.busy():
            at = received(interaction)  # a match clock charges the play up to Discord's receipt of Done
            result = await app.core.matches.act(match_id, version, user, action, value, at=at)
            pickers = [n for n in result.notices if isinstance(n, Reply) and n.controls]
            if pickers and len(result.notices) == 1:
                (picker,) = pickers
                assert picker.match_id is not None
                assert picker.version is not None
                view = controls_view(picker.match_id, picker.version, picker.controls)
                await _edit(responder, picker.text, view)
                return
            await _edit(responder, texts.ack(action), None)  # the play is made: the board follows
            await app.deliver(result, responder)
    finally:
        await responder.stop()


async def _edit(responder: Responder, text: str, view: discord.ui.View | None) -> None:
    """The clicked picker edited into ``text`` and ``view``: as the click's answer, or after its deferral."""
    interaction = responder.interaction
    message = interaction.message
    if message is not None and await responder.update(message.id, content=text, view=view):
        return
    await responder.stop()  # a deferral under way has finished
    await interaction.edit_original_response(content=text, view=view)


__all__ = ["PICKER_ACTIONS", "picker_click"]
