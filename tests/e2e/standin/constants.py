"""Discord's numbers as the stand-in uses them: flags, permission bits, the types of channels, messages,
interactions, callbacks and command options, and the limits of time and rate Discord keeps."""

from __future__ import annotations

DISCORD_EPOCH_MS = 1_420_070_400_000

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_THREAD = 1 << 5  # a thread was started from the message

# Time.
RESPONSE_DEADLINE = 3.0  # seconds Discord gives a bot to answer an interaction
TOKEN_LIFETIME = 15 * 60  # seconds an interaction's token works for its followups and their edits

GLOBAL_LIMIT = 50
"""Requests a second Discord allows a bot on all routes together, but for the interaction routes (an
interaction's response, its followups and their edits), which are exempt."""

ROUTES_FILE = "MINIGAM_DISCORD_ROUTES"
"""Environment variable: a JSON file to which every stand-in adds its requests per route when it closes."""

# Permission bits (discord.Permissions).
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_GUILD = 1 << 5
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_THREADS
"""What the invite link grants the bot (see the README), by default in every channel."""

# Channel and message types.
GUILD_TEXT, DM, PUBLIC_THREAD = 0, 1, 11
THREAD_CREATED, THREAD_STARTER = 18, 21

# Interaction types.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 1, 2, 3, 4

# Interaction callback types.
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

# Application command option types.
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10
