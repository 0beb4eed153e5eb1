"""The bot's core, with no Discord in it: matches, challenges, the clock, records, and the runner that
owns the background duties. The Discord app (:mod:`bot.app`) and the console (:mod:`bot.console.console`) both
drive it."""

from bot.core.actions import Control
from bot.core.context import HouseRules
from bot.core.errors import ServiceError
from bot.core.notices import (
    AnalysisReport,
    ArchiveThread,
    Board,
    ChallengeClosed,
    ChallengePosted,
    ControlsChanged,
    EditedBoard,
    Info,
    LastBoard,
    LobbyBoard,
    Message,
    NewBoard,
    Notice,
    Picture,
    PlayerCard,
    Reply,
    Result,
    RetireBoard,
    Standings,
)
from bot.core.runner import Runner
from bot.core.service import Core
from bot.models import Action, Prompt

__all__ = [
    "Action",
    "AnalysisReport",
    "ArchiveThread",
    "Board",
    "ChallengeClosed",
    "ChallengePosted",
    "Control",
    "ControlsChanged",
    "Core",
    "EditedBoard",
    "HouseRules",
    "Info",
    "LastBoard",
    "LobbyBoard",
    "Message",
    "NewBoard",
    "Notice",
    "Picture",
    "PlayerCard",
    "Prompt",
    "Reply",
    "Result",
    "RetireBoard",
    "Runner",
    "ServiceError",
    "Standings",
]
