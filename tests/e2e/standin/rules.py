"""Discord's rules for a bot's requests, checked the way Discord would check them.

:func:`check_request` is the one check the stand-in runs on every REST request: the route and method exist
and the parameters and body match the operation's schemas in Discord's OpenAPI description
(:mod:`tests.e2e.standin.openapi`), and the limits Discord documents hold, here, each once as a :class:`Limit`
with where it is written: a message's content and embeds, its components, autocomplete choices, the
application commands a sync declares, thread names, uploads. Each broken rule is a :class:`Violation` that
names the rule and its source.

A few rules are about the message a request leaves rather than the request (an edit keeps what it does
not mention): :func:`message_state_problems`, which the stand-in runs on the message it stores.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.standin import openapi

DOCS = "https://discord.com/developers/docs"
MESSAGE = f"{DOCS}/resources/message#create-message"
EMBED = f"{DOCS}/resources/message#embed-object-embed-limits"
COMPONENTS = f"{DOCS}/components/reference"
COMMANDS = f"{DOCS}/interactions/application-commands"
AUTOCOMPLETE_DOCS = f"{DOCS}/interactions/receiving-and-responding#interaction-response-object-autocomplete"
UPLOADS = f"{DOCS}/reference#uploading-files"

IS_COMPONENTS_V2 = 1 << 15  # message flag: components are layout components (no 5-row grid)
LOADING = 1 << 7  # message flag: a deferred answer, "the bot is thinking" (it may be empty)
BUTTON, STRING_SELECT = 2, 3
SELECTS = (3, 5, 6, 7, 8)
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
CHAT_INPUT = 1
MIB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Limit:
    """A documented bound on a count or a length: ``least`` to ``most`` ``unit`` of ``what``."""

    what: str
    most: int
    unit: str
    source: str
    least: int = 0

    def __str__(self) -> str:
        span = f"{self.least} to {self.most}" if self.least else f"at most {self.most}"
        return f"{self.what}: {span} {self.unit}"

    def allows(self, n: int) -> bool:
        return self.least <= n <= self.most


CONTENT = Limit("a message's content", 2000, "characters", MESSAGE)
EMBEDS = Limit("a message's embeds", 10, "embeds", MESSAGE)
EMBED_TEXT = Limit("the text of a message's embeds together", 6000, "characters", EMBED)
EMBED_TITLE = Limit("an embed's title", 256, "characters", EMBED)
EMBED_DESCRIPTION = Limit("an embed's description", 4096, "characters", EMBED)
EMBED_FIELDS = Limit("an embed's fields", 25, "fields", EMBED)
FIELD_NAME = Limit("an embed field's name", 256, "characters", EMBED, least=1)
FIELD_VALUE = Limit("an embed field's value", 1024, "characters", EMBED, least=1)
FOOTER = Limit("an embed footer's text", 2048, "characters", EMBED)
AUTHOR = Limit("an embed author's name", 256, "characters", EMBED)
ACTION_ROWS = Limit("a message's action rows", 5, "rows", f"{COMPONENTS}#legacy-message-component-behavior")
ROW_ITEMS = Limit("an action row's components", 5, "components", f"{COMPONENTS}#action-row", least=1)
BUTTON_LABEL = Limit("a button's label", 80, "characters", f"{COMPONENTS}#button")
CUSTOM_ID = Limit("a component's custom_id", 100, "characters", f"{COMPONENTS}#button", least=1)
SELECT_OPTIONS = Limit("a string select's options", 25, "options", f"{COMPONENTS}#string-select", least=1)
OPTION_TEXT = Limit(
    "a select option's label, value or description",
    100,
    "characters",
    f"{COMPONENTS}#string-select-select-option-structure",
)
PLACEHOLDER = Limit("a select's placeholder", 150, "characters", f"{COMPONENTS}#string-select")
CHOICES = Limit("an autocomplete answer's choices", 25, "choices", AUTOCOMPLETE_DOCS)
CHOICE_NAME = Limit(
    "a choice's name",
    100,
    "characters",
    f"{COMMANDS}#application-command-object-application-command-option-choice-structure",
    least=1,
)
CHOICE_VALUE = Limit(
    "a string choice's value",
    100,
    "characters",
    f"{COMMANDS}#application-command-object-application-command-option-choice-structure",
)
COMMAND_NAME = Limit(
    "a command's or option's name",
    32,
    "characters",
    f"{COMMANDS}#application-command-object-application-command-naming",
    least=1,
)
COMMAND_DESCRIPTION = Limit(
    "a slash command's or option's description",
    100,
    "characters",
    f"{COMMANDS}#application-command-object-application-command-structure",
    least=1,
)
COMMAND_OPTIONS = Limit(
    "a command's options",
    25,
    "options",
    f"{COMMANDS}#application-command-object-application-command-structure",
)
OPTION_CHOICES = Limit(
    "an option's choices",
    25,
    "choices",
    f"{COMMANDS}#application-command-object-application-command-option-structure",
)
COMMAND_TEXT = Limit(
    "a command's names, descriptions and choice values together",
    4000,
    "characters",
    f"{COMMANDS}#registering-a-command",
)
GLOBAL_COMMANDS = Limit("an app's slash commands", 100, "commands", f"{COMMANDS}#registering-a-command")
THREAD_NAME = Limit(
    "a thread's name", 100, "characters", f"{DOCS}/resources/channel#start-thread-from-message", least=1
)
FILES = Limit("a message's files", 10, "files", MESSAGE)
FILE_SIZE = Limit("an uploaded file", 10 * MIB, "bytes (the default upload limit, 10 MiB)", UPLOADS)

NAME_RULE = (
    "a name matches ^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$, in lowercase where a letter has one"
)


@dataclass(frozen=True, slots=True)
class Rule:
    """A documented rule that is not a count or a length."""

    text: str
    source: str

    def __str__(self) -> str:
        return self.text


ROW_SELECT = Rule("an action row holds up to 5 buttons or one select, not both", f"{COMPONENTS}#action-row")
UNIQUE_IDS = Rule("a message's custom_ids are unique", f"{COMPONENTS}#anatomy-of-a-component-custom-id")
UNIQUE_VALUES = Rule("a string select's option values are unique", f"{COMPONENTS}#string-select")
NAMES = Rule(NAME_RULE, f"{COMMANDS}#application-command-object-application-command-naming")
REQUIRED_FIRST = Rule(
    "required options come before optional ones",
    f"{COMMANDS}#application-command-object-application-command-option-structure",
)
FILENAME = Rule("every files[n] part has a filename", UPLOADS)
DESCRIBED = Rule("with an attachments list, it lists every files[n] by its id n", UPLOADS)
UPLOADED = Rule("an attachments entry describes an uploaded files[n] or a file the message keeps", UPLOADS)
ATTACHMENT_URL = Rule("an embed's attachment:// picture names a file of the message", UPLOADS)
NOT_EMPTY = Rule("a message has content, an embed, a file or components", MESSAGE)


@dataclass(frozen=True, slots=True)
class Violation:
    """A request that breaks one of Discord's rules: what, where in the request, and where it is written."""

    request: str  # "PUT /applications/1/commands"
    where: str  # "body $[0].options[3].max_value"
    problem: str  # what is wrong with it
    rule: str
    source: str  # a documentation URL, or "openapi.json: <operation id> <JSON pointer>"

    def __str__(self) -> str:
        return f"{self.request}: {self.where}: {self.problem} (rule: {self.rule}; {self.source})"


@dataclass(frozen=True, slots=True)
class Upload:
    """One ``files[n]`` part of a multipart request."""

    name: str  # "files[0]"
    filename: str | None
    size: int


@dataclass(frozen=True, slots=True)
class Request:
    """What the stand-in received: ``path`` is under ``/api/v10``; ``content_type`` None when there is no
    body; ``body`` is the JSON body, or a multipart request's ``payload_json``."""

    method: str
    path: str
    query: Mapping[str, str] = field(default_factory=dict)
    content_type: str | None = None
    body: Any = None
    uploads: tuple[Upload, ...] = ()

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


def route_of(method: str, path: str) -> str:
    """The route a request counts under: ``POST /channels/{channel_id}/messages`` (the path itself when
    Discord has no such route)."""
    op = openapi.operation(method, path)
    return f"{method} {op.template if op else path}"


def check_request(request: Request) -> list[Violation]:
    """Every rule ``request`` breaks: the route, the schemas, the documented limits."""
    label = str(request)
    op = openapi.operation(request.method, request.path)
    if op is None:
        methods = openapi.methods_of(request.path)
        problem = (
            f"Discord has {', '.join(methods)} here, not {request.method}" if methods else "no such route"
        )
        return [
            Violation(
                label, "route", problem, "the route and method exist in Discord's API", "openapi.json: paths"
            )
        ]
    found = [
        Violation(
            label,
            p.where,
            p.problem,
            f"{p.keyword} in the operation's schema",
            f"openapi.json: {op.id} {p.pointer}",
        )
        for p in (
            *openapi.parameter_problems(op, request.path, request.query),
            *openapi.body_problems(op, request.content_type, request.body),
        )
    ]
    try:
        documented = list(_documented(op.id, request))
    except (AttributeError, TypeError, ValueError):
        if not found:
            raise
        documented = []  # a body of the wrong shape: the schema's problems say so
    return found + [
        Violation(label, where, problem, str(rule), rule.source) for where, problem, rule in documented
    ]


# ------------------------------------------------------------------------------------------ the limits

Problem = tuple[str, str, Limit | Rule]  # (where, what is wrong, the rule broken)


def _length(value: Any) -> int:
    return len(value) if isinstance(value, str | list) else 0


def _over(limit: Limit, where: str, n: int) -> Iterator[Problem]:
    if not limit.allows(n):
        yield where, f"{n} {limit.unit.split(' ')[0]}", limit


def _documented(operation_id: str, request: Request) -> Iterator[Problem]:
    """The documented limits that apply to ``request``, an operation ``operation_id``."""
    body = request.body
    creates = {"create_message", "execute_webhook"}
    edits = {"update_message", "update_webhook_message", "update_original_webhook_message"}
    if operation_id in creates | edits and isinstance(body, dict):
        yield from message_problems(body, "body $")
        yield from upload_problems(body, request.uploads, creating=operation_id in creates)
    elif operation_id == "create_interaction_response" and isinstance(body, dict):
        data = body.get("data") if isinstance(body.get("data"), dict) else {}
        kind = body.get("type")
        if kind in (4, 7):
            yield from message_problems(data, "body $.data")
            yield from upload_problems(data, request.uploads, creating=kind == 4, at="body $.data")
        elif kind == 8:
            yield from choice_problems(data.get("choices") or [], "body $.data.choices")
    elif operation_id in ("bulk_set_application_commands", "bulk_set_guild_application_commands"):
        commands = body if isinstance(body, list) else []
        yield from _over(
            GLOBAL_COMMANDS, "body $", sum(1 for c in commands if c.get("type", 1) == CHAT_INPUT)
        )
        for i, command in enumerate(commands):
            yield from command_problems(command, f"body $[{i}]")
    elif operation_id in ("create_application_command", "create_guild_application_command"):
        yield from command_problems(body if isinstance(body, dict) else {}, "body $")
    elif operation_id in ("create_thread", "create_thread_from_message") or (
        operation_id == "update_channel" and isinstance(body, dict) and "name" in body
    ):
        yield from _over(THREAD_NAME, "body $.name", _length((body or {}).get("name")))


def message_problems(message: Mapping[str, Any], at: str) -> Iterator[Problem]:
    """A message's content, embeds and components (those the create or edit sets)."""
    yield from _over(CONTENT, f"{at}.content", _length(message.get("content")))
    embeds = message.get("embeds") or []
    yield from _over(EMBEDS, f"{at}.embeds", len(embeds))
    total = 0
    for i, embed in enumerate(embeds):
        where = f"{at}.embeds[{i}]"
        title, text = embed.get("title") or "", embed.get("description") or ""
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        fields = embed.get("fields") or []
        yield from _over(EMBED_TITLE, f"{where}.title", len(title))
        yield from _over(EMBED_DESCRIPTION, f"{where}.description", len(text))
        yield from _over(FOOTER, f"{where}.footer.text", len(footer))
        yield from _over(AUTHOR, f"{where}.author.name", len(author))
        yield from _over(EMBED_FIELDS, f"{where}.fields", len(fields))
        for j, f in enumerate(fields):
            yield from _over(FIELD_NAME, f"{where}.fields[{j}].name", _length(f.get("name")))
            yield from _over(FIELD_VALUE, f"{where}.fields[{j}].value", _length(f.get("value")))
        total += len(title) + len(text) + len(footer) + len(author)
        total += sum(_length(f.get("name")) + _length(f.get("value")) for f in fields)
    yield from _over(EMBED_TEXT, f"{at}.embeds", total)
    if not int(message.get("flags") or 0) & IS_COMPONENTS_V2:
        yield from component_problems(message.get("components") or [], f"{at}.components")


def component_problems(rows: list[dict], at: str) -> Iterator[Problem]:
    """A message's (legacy) components: up to 5 action rows of up to 5 buttons or one select."""
    yield from _over(ACTION_ROWS, at, len(rows))
    ids: list[str] = []
    for i, row in enumerate(rows):
        items = row.get("components") or []
        kinds = [c.get("type") for c in items]
        yield from _over(ROW_ITEMS, f"{at}[{i}].components", len(items))
        if any(k in SELECTS for k in kinds) and len(items) > 1:
            yield f"{at}[{i}]", f"a select among {len(items)} components", ROW_SELECT
        for j, item in enumerate(items):
            where = f"{at}[{i}].components[{j}]"
            if "custom_id" in item:
                ids.append(str(item["custom_id"]))
                yield from _over(CUSTOM_ID, f"{where}.custom_id", _length(item["custom_id"]))
            if item.get("type") == BUTTON:
                yield from _over(BUTTON_LABEL, f"{where}.label", _length(item.get("label")))
            if item.get("type") in SELECTS:
                yield from _over(PLACEHOLDER, f"{where}.placeholder", _length(item.get("placeholder")))
            if item.get("type") == STRING_SELECT:
                options = item.get("options") or []
                yield from _over(SELECT_OPTIONS, f"{where}.options", len(options))
                for k, option in enumerate(options):
                    for key in ("label", "value", "description"):
                        yield from _over(OPTION_TEXT, f"{where}.options[{k}].{key}", _length(option.get(key)))
                values = [o.get("value") for o in options]
                if len(values) != len(set(values)):
                    yield f"{where}.options", f"values repeated: {values}", UNIQUE_VALUES
    if len(ids) != len(set(ids)):
        yield at, f"custom_ids repeated: {sorted({i for i in ids if ids.count(i) > 1})}", UNIQUE_IDS


def choice_problems(choices: list[dict], at: str) -> Iterator[Problem]:
    """An autocomplete answer: up to 25 choices, names 1 to 100 characters, string values up to 100."""
    yield from _over(CHOICES, at, len(choices))
    for i, choice in enumerate(choices):
        yield from _over(CHOICE_NAME, f"{at}[{i}].name", _length(choice.get("name")))
        if isinstance(choice.get("value"), str):
            yield from _over(CHOICE_VALUE, f"{at}[{i}].value", len(choice["value"]))


def _name_ok(name: str) -> bool:
    def allowed(ch: str) -> bool:
        return (
            ch in "-_'"
            or unicodedata.category(ch)[0] in "LN"
            or "\u0900" <= ch <= "\u097f"  # Devanagari
            or "\u0e00" <= ch <= "\u0e7f"  # Thai
        )

    return bool(name) and all(allowed(ch) and ch.lower() == ch for ch in name)


def command_problems(command: Mapping[str, Any], at: str) -> Iterator[Problem]:
    """One application command as a sync declares it, its options and choices all the way down."""
    chat = command.get("type", CHAT_INPUT) in (CHAT_INPUT, None)
    total = 0

    def named(node: Mapping[str, Any], where: str, *, described: bool) -> Iterator[Problem]:
        nonlocal total
        name, description = str(node.get("name") or ""), node.get("description") or ""
        total += len(name) + len(description)
        yield from _over(COMMAND_NAME, f"{where}.name", len(name))
        if chat and not _name_ok(name):
            yield f"{where}.name", f"{name!r}", NAMES
        if described:
            yield from _over(COMMAND_DESCRIPTION, f"{where}.description", len(description))

    def options(node: Mapping[str, Any], where: str) -> Iterator[Problem]:
        nonlocal total
        opts = node.get("options") or []
        yield from _over(COMMAND_OPTIONS, f"{where}.options", len(opts))
        required = [
            bool(o.get("required")) for o in opts if o.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP)
        ]
        if required != sorted(required, reverse=True):
            yield f"{where}.options", f"required: {required}", REQUIRED_FIRST
        for i, opt in enumerate(opts):
            here = f"{where}.options[{i}]"
            yield from named(opt, here, described=True)
            choices = opt.get("choices") or []
            yield from _over(OPTION_CHOICES, f"{here}.choices", len(choices))
            for j, choice in enumerate(choices):
                yield from _over(CHOICE_NAME, f"{here}.choices[{j}].name", _length(choice.get("name")))
                value = choice.get("value")
                total += _length(choice.get("name")) + len(str(value))
                if isinstance(value, str):
                    yield from _over(CHOICE_VALUE, f"{here}.choices[{j}].value", len(value))
            yield from options(opt, here)

    yield from named(command, at, described=chat)
    yield from options(command, at)
    yield from _over(COMMAND_TEXT, at, total)


def upload_problems(
    payload: Mapping[str, Any], uploads: Iterable[Upload], *, creating: bool, at: str = "body $"
) -> Iterator[Problem]:
    """The ``files[n]`` parts of a request and its ``attachments`` list: at most 10 files of at most
    10 MiB, each with a filename and (when the list is given) listed by its id ``n``; a new message's list
    describes nothing but its uploads."""
    uploads = list(uploads)
    described = payload.get("attachments")
    yield from _over(FILES, at, len(uploads) if described is None else max(len(uploads), len(described)))
    indexes = set()
    for upload in uploads:
        yield from _over(FILE_SIZE, upload.name, upload.size)
        if not upload.filename:
            yield upload.name, "no filename", FILENAME
        if m := re.fullmatch(r"files\[(\d+)\]", upload.name):
            indexes.add(int(m.group(1)))
    if described is None:
        return
    ids = {int(a["id"]) for a in described if isinstance(a, dict) and str(a.get("id", "")).isdigit()}
    for n in sorted(indexes - ids):
        yield f"{at}.attachments", f"files[{n}] is not listed", DESCRIBED
    if creating:
        for n in sorted(ids - indexes):
            yield f"{at}.attachments", f"id {n} is no uploaded files[n]", UPLOADED


def message_state_problems(message: Mapping[str, Any], filenames: Iterable[str], at: str) -> list[Violation]:
    """The rules on the message a create or edit leaves (``message``: its content, embeds, components and
    flags; ``filenames``: its attachments): not empty; embeds' ``attachment://`` pictures name its files."""
    found: list[Violation] = []
    names = set(filenames)
    filled = message.get("content") or message.get("embeds") or names or message.get("components")
    if not filled and not int(message.get("flags") or 0) & LOADING:
        found.append(Violation(at, "the message", "nothing in it", str(NOT_EMPTY), NOT_EMPTY.source))
    for i, embed in enumerate(message.get("embeds") or ()):
        for key in ("image", "thumbnail"):
            url = str((embed.get(key) or {}).get("url", ""))
            if url.startswith("attachment://") and url.removeprefix("attachment://") not in names:
                found.append(
                    Violation(
                        at,
                        f"embeds[{i}].{key}.url",
                        f"{url} is no file of the message",
                        str(ATTACHMENT_URL),
                        ATTACHMENT_URL.source,
                    )
                )
    return found
