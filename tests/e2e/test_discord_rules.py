"""The check of every request the stand-in receives (:mod:`tests.e2e.standin.rules`): what Discord
refuses is refused, with the rule and where it is written; what Discord accepts passes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

from tests.e2e.standin import FakeDiscord, openapi
from tests.e2e.standin.rules import (
    ACTION_ROWS,
    AUTHOR,
    BUTTON_LABEL,
    CHOICE_NAME,
    CHOICE_VALUE,
    CHOICES,
    COMMAND_DESCRIPTION,
    COMMAND_NAME,
    COMMAND_OPTIONS,
    CONTENT,
    CUSTOM_ID,
    EMBED_DESCRIPTION,
    EMBED_FIELDS,
    EMBED_TEXT,
    EMBED_TITLE,
    EMBEDS,
    FIELD_NAME,
    FIELD_VALUE,
    FILE_SIZE,
    FOOTER,
    OPTION_CHOICES,
    OPTION_TEXT,
    ROW_ITEMS,
    SELECT_OPTIONS,
    THREAD_NAME,
    Limit,
    Request,
    Upload,
    check_request,
    route_of,
)

pytestmark = pytest.mark.e2e

MESSAGES = "/channels/1/messages"
SYNC = "/applications/1/commands"
GUILD_SYNC = "/applications/1/guilds/2/commands"
CALLBACK = "/interactions/3/itoken-3/callback"


def post(body: Any, path: str = MESSAGES, method: str = "POST") -> Request:
    return Request(method, path, {}, "application/json", body)


def problems(request: Request) -> list[str]:
    return [str(v) for v in check_request(request)]


def command(*options: dict, name: str = "minigam", description: str = "Play") -> dict:
    return {"name": name, "description": description, "type": 1, "options": list(options)}


def integer_option(name: str = "game", **bounds: int) -> dict:
    return {"type": 4, "name": name, "description": "A game's number", "required": False, **bounds}


def sub(*options: dict) -> dict:
    return {
        "type": 1,
        "name": "analyse",
        "description": "A finished game's analysis",
        "options": list(options),
    }


def button(n: int, label: str = "Go", custom_id: str | None = None) -> dict:
    return {"type": 2, "style": 1, "label": label, "custom_id": f"b{n}" if custom_id is None else custom_id}


def row(*items: dict) -> dict:
    return {"type": 1, "components": list(items)}


def select(options: int, label: str | None = None) -> dict:
    values = [{"label": label or f"option {i}", "value": f"{i}"} for i in range(options)]
    return {"type": 3, "custom_id": "pick", "options": values}


# ------------------------------------------------------------------------------------------ the sync


@pytest.mark.parametrize("path", [SYNC, GUILD_SYNC])
def test_a_sync_with_an_integer_option_past_2_to_the_53_minus_1_is_refused(path: str) -> None:
    body = [command(sub(integer_option(min_value=1, max_value=2**53)))]

    (found,) = problems(Request("PUT", path, {}, "application/json", body))

    assert "body $[0].options[0].options[0].max_value: 9007199254740992 is greater than the maximum" in found
    assert "openapi.json: bulk_set_" in found
    assert "/components/schemas/Int53Type/maximum" in found


@pytest.mark.parametrize("path", [SYNC, GUILD_SYNC])
def test_a_sync_with_discords_largest_integer_passes(path: str) -> None:
    body = [command(sub(integer_option(min_value=-(2**53 - 1), max_value=2**53 - 1)))]

    assert problems(Request("PUT", path, {}, "application/json", body)) == []


def test_command_names_are_lowercase_letters_digits_dashes_and_underscores() -> None:
    assert problems(post([command(name="vs-bot_2")], SYNC, "PUT")) == []
    assert problems(post([command(name="नमस्ते")], SYNC, "PUT")) == []  # Devanagari
    (upper,) = problems(post([command(name="Minigam")], SYNC, "PUT"))
    (spaced,) = problems(post([command(name="mini gam")], SYNC, "PUT"))

    assert "'Minigam'" in upper
    assert "application-command-naming" in upper
    assert "'mini gam'" in spaced


def test_required_options_come_first() -> None:
    optional, required = integer_option("a"), {**integer_option("b"), "required": True}

    assert problems(post([command(required, optional)], SYNC, "PUT")) == []
    (found,) = problems(post([command(optional, required)], SYNC, "PUT"))
    assert "required options come before optional ones" in found


# ------------------------------------------------------------------------------------------ messages


def test_a_board_with_a_picture_a_menu_and_buttons_passes() -> None:
    body = {
        "content": "alice to move",
        "embeds": [{"title": "Minigam", "image": {"url": "attachment://board.png"}, "color": 3447003}],
        "components": [row(select(25)), row(*(button(i) for i in range(5)))],
        "attachments": [{"id": 0, "filename": "board.png"}],
        "allowed_mentions": {"parse": [], "users": [1234567890123]},
        "message_reference": {"message_id": "1234567890123", "fail_if_not_exists": False},
    }
    upload = (Upload("files[0]", "board.png", 12_345),)

    assert problems(Request("POST", MESSAGES, {}, "multipart/form-data", body, upload)) == []


def embed_text(n: int) -> dict:
    """Embeds with ``n`` characters of text in all, each embed within its own limits."""
    return {"embeds": [{"description": "d" * min(n, 4096)}, {"description": "d" * (n - min(n, 4096))}]}


def fields(n: int) -> dict:
    return {"embeds": [{"fields": [{"name": "n", "value": "v"}] * n}]}


MESSAGE_LIMITS: list[tuple[Limit, Callable[[int], dict]]] = [
    (CONTENT, lambda n: {"content": "c" * n}),
    (EMBEDS, lambda n: {"embeds": [{"title": "t"}] * n}),
    (EMBED_TEXT, embed_text),
    (EMBED_TITLE, lambda n: {"embeds": [{"title": "t" * n}]}),
    (EMBED_DESCRIPTION, lambda n: {"embeds": [{"description": "d" * n}]}),
    (EMBED_FIELDS, fields),
    (FIELD_NAME, lambda n: {"embeds": [{"fields": [{"name": "n" * n, "value": "v"}]}]}),
    (FIELD_VALUE, lambda n: {"embeds": [{"fields": [{"name": "n", "value": "v" * n}]}]}),
    (FOOTER, lambda n: {"embeds": [{"footer": {"text": "f" * n}}]}),
    (AUTHOR, lambda n: {"embeds": [{"author": {"name": "a" * n}}]}),
    (ACTION_ROWS, lambda n: {"content": "c", "components": [row(button(i)) for i in range(n)]}),
    (ROW_ITEMS, lambda n: {"content": "c", "components": [row(*(button(i) for i in range(n)))]}),
    (BUTTON_LABEL, lambda n: {"content": "c", "components": [row(button(0, label="l" * n))]}),
    (CUSTOM_ID, lambda n: {"content": "c", "components": [row(button(0, custom_id="i" * n))]}),
    (SELECT_OPTIONS, lambda n: {"content": "c", "components": [row(select(n))]}),
    (OPTION_TEXT, lambda n: {"content": "c", "components": [row(select(1, label="l" * n))]}),
]


@pytest.mark.parametrize(("limit", "message"), MESSAGE_LIMITS, ids=[str(lim) for lim, _ in MESSAGE_LIMITS])
def test_a_message_at_a_documented_limit_passes_and_one_past_it_is_refused(
    limit: Limit, message: Callable[[int], dict]
) -> None:
    assert problems(post(message(limit.most))) == []
    refused = problems(post(message(limit.most + 1)))
    if limit.least:
        assert problems(post(message(limit.least))) == []
        refused += problems(post(message(limit.least - 1)))

    named = [p for p in refused if f"rule: {limit}; {limit.source}" in p]
    assert len(named) == (2 if limit.least else 1), refused


def test_the_limits_hold_for_edits_and_interaction_answers_alike() -> None:
    too_long = {"content": "c" * 2001}
    requests = [
        post(too_long, "/channels/1/messages/2", "PATCH"),
        post(too_long, "/webhooks/1/itoken-3", "POST"),
        post(too_long, "/webhooks/1/itoken-3/messages/@original", "PATCH"),
        post(too_long, "/webhooks/1/itoken-3/messages/4", "PATCH"),
        post({"type": 4, "data": too_long}, CALLBACK),
        post({"type": 7, "data": too_long}, CALLBACK),
    ]

    for request in requests:
        assert any(str(CONTENT) in p for p in problems(request)), request


def test_a_select_beside_a_button_is_refused() -> None:
    body = {"content": "c", "components": [row(select(2), button(0))]}

    assert any("an action row holds up to 5 buttons or one select" in p for p in problems(post(body)))


def test_repeated_custom_ids_are_refused() -> None:
    body = {"content": "c", "components": [row(button(0, custom_id="x"), button(1, custom_id="x"))]}

    assert any("custom_ids repeated: ['x']" in p for p in problems(post(body)))


# ------------------------------------------------------------------------------------------ other answers


def choices(n: int, name: str = "n", value: str = "v") -> dict:
    return {"type": 8, "data": {"choices": [{"name": name, "value": value}] * n}}


ANSWER_LIMITS: list[tuple[Limit, Callable[[int], Request]]] = [
    (CHOICES, lambda n: post(choices(n), CALLBACK)),
    (CHOICE_NAME, lambda n: post(choices(1, name="n" * n), CALLBACK)),
    (CHOICE_VALUE, lambda n: post(choices(1, value="v" * n), CALLBACK)),
    (COMMAND_NAME, lambda n: post([command(name="c" * n)], SYNC, "PUT")),
    (COMMAND_DESCRIPTION, lambda n: post([command(description="d" * n)], SYNC, "PUT")),
    (COMMAND_OPTIONS, lambda n: post([command(*(integer_option(f"o{i}") for i in range(n)))], SYNC, "PUT")),
    (
        OPTION_CHOICES,
        lambda n: post(
            [command({**integer_option(), "choices": [{"name": f"c{i}", "value": i} for i in range(n)]})],
            SYNC,
            "PUT",
        ),
    ),
    (THREAD_NAME, lambda n: post({"name": "t" * n}, "/channels/1/messages/2/threads")),
    (THREAD_NAME, lambda n: post({"name": "t" * n, "type": 11}, "/channels/1/threads")),
    (THREAD_NAME, lambda n: post({"name": "t" * n}, "/channels/1", "PATCH")),
    (
        FILE_SIZE,
        lambda n: Request(
            "POST",
            MESSAGES,
            {},
            "multipart/form-data",
            {"attachments": [{"id": 0, "filename": "b.png"}]},
            (Upload("files[0]", "b.png", n),),
        ),
    ),
]


@pytest.mark.parametrize(("limit", "request_for"), ANSWER_LIMITS, ids=[str(lim) for lim, _ in ANSWER_LIMITS])
def test_other_requests_at_a_documented_limit_pass_and_past_it_are_refused(
    limit: Limit, request_for: Callable[[int], Request]
) -> None:
    assert problems(request_for(limit.most)) == []
    refused = problems(request_for(limit.most + 1))
    if limit.least:
        assert problems(request_for(limit.least)) == []
        refused += problems(request_for(limit.least - 1))

    named = [p for p in refused if f"rule: {limit}; {limit.source}" in p]
    assert len(named) == (2 if limit.least else 1), refused


# ------------------------------------------------------------------------------------------ uploads


def upload(body: dict, *names: str, path: str = MESSAGES) -> Request:
    files = tuple(Upload(name, f"{name[6:-1]}.png", 100) for name in names)
    return Request("POST", path, {}, "multipart/form-data", body, files)


def test_an_uploads_payload_json_is_checked_like_a_json_body() -> None:
    answer = {"content": "c" * 2001, "attachments": [{"id": 0, "filename": "0.png"}]}

    found = problems(upload({"type": 4, "data": answer}, "files[0]", path=CALLBACK))

    assert any("body $.data.content: 2001 characters (maxLength 2000)" in p for p in found)  # the schema
    assert any(f"rule: {CONTENT}" in p for p in found)  # the documented limit


def test_every_upload_is_listed_in_attachments_by_its_index() -> None:
    listed = {"attachments": [{"id": 0, "filename": "0.png"}, {"id": 1, "filename": "1.png"}]}

    assert problems(upload(listed, "files[0]", "files[1]")) == []
    (unlisted,) = problems(upload({"attachments": [{"id": 0}]}, "files[0]", "files[1]"))
    (phantom,) = problems(upload(listed, "files[0]"))
    assert "files[1] is not listed" in unlisted
    assert "id 1 is no uploaded files[n]" in phantom


def test_an_edit_may_keep_attachments_by_their_ids() -> None:
    kept = {"attachments": [{"id": 1234567890123456789}]}

    assert problems(Request("PATCH", "/channels/1/messages/2", {}, "application/json", kept)) == []


def test_an_upload_without_a_filename_is_refused() -> None:
    request = Request(
        "POST", MESSAGES, {}, "multipart/form-data", {"content": "c"}, (Upload("files[0]", None, 10),)
    )

    assert any("every files[n] part has a filename" in p for p in problems(request))


# ------------------------------------------------------------------------------------------ routes


def test_a_route_discord_does_not_have_is_refused() -> None:
    (found,) = problems(Request("GET", "/channels/1/boards"))

    assert "no such route" in found
    assert "the route and method exist in Discord's API" in found


def test_a_method_a_route_does_not_take_is_refused() -> None:
    (found,) = problems(Request("DELETE", "/gateway/bot"))

    assert "Discord has GET here, not DELETE" in found


def test_path_and_query_values_are_checked_against_their_parameters() -> None:
    answer = {"type": 6}
    fine = Request("POST", CALLBACK, {"with_response": "1"}, "application/json", answer)
    broken = Request(
        "POST", "/interactions/x3/t/callback", {"with_response": "yes"}, "application/json", answer
    )
    unknown = Request("POST", CALLBACK, {"wait": "true"}, "application/json", answer)

    assert problems(fine) == []
    bad_id, bad_flag = problems(broken)
    assert "path interaction_id $: 'x3' does not match" in bad_id
    assert "query with_response $: 'yes' is not of type 'boolean'" in bad_flag
    assert "create_interaction_response takes no query parameter 'wait'" in problems(unknown)[0]


def test_a_body_of_the_wrong_shape_is_refused_by_the_schema() -> None:
    found = problems(post({"embeds": "a picture", "components": [7]}))

    assert any("body $.embeds: 'a picture' is not of type 'array', 'null'" in p for p in found)


def test_a_body_where_discord_takes_none_is_refused() -> None:
    (found,) = problems(post({"typing": True}, "/channels/1/typing"))

    assert "trigger_typing_indicator takes no body" in found


def test_requests_count_under_their_routes() -> None:
    assert route_of("POST", "/channels/12/messages") == "POST /channels/{channel_id}/messages"
    assert route_of("PATCH", "/webhooks/1/tok/messages/@original") == (
        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"
    )
    assert route_of("GET", "/nowhere") == "GET /nowhere"


# ------------------------------------------------------------------------------------------ exceptions


def test_attachment_and_mentioned_user_ids_may_be_integers_as_discord_documents() -> None:
    body = {
        "content": "<@1234567890123456789>",
        "attachments": [{"id": 0, "filename": "0.png"}],
        "allowed_mentions": {"users": [1234567890123456789, "1234567890123456780"]},
    }

    assert problems(upload(body, "files[0]")) == []


def test_the_exceptions_are_narrow() -> None:
    negative = {"content": "c", "allowed_mentions": {"users": [-1]}}
    not_digits = {"content": "c", "allowed_mentions": {"users": ["12a"]}}
    elsewhere = {"content": "c", "message_reference": {"message_id": 1234567890123456789}}

    assert problems(post(negative)) != []
    assert problems(post(not_digits)) != []
    assert any("SnowflakeType/type" in p for p in problems(post(elsewhere)))


@pytest.mark.parametrize("exception", openapi.EXCEPTIONS, ids=lambda e: e.pointer)
def test_every_exception_still_changes_the_description(exception: openapi.SpecException) -> None:
    """Once Discord's description agrees with its documentation, the exception goes."""
    assert exception.reason
    assert openapi.resolve(exception.pointer) != exception.schema


# ------------------------------------------------------------------------------------------ the stand-in


async def test_the_stand_in_refuses_a_broken_request_and_records_the_rule() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        headers = {"Authorization": f"Bot {fake.token}"}
        url = f"{fake.api_base}/channels/{fake.general.id}/messages"
        async with http.post(url, json={"content": "c" * 2001}, headers=headers) as response:
            status = await response.json()
        async with http.get(f"{fake.api_base}/channels/{fake.general.id}/boards", headers=headers) as unknown:
            unknown_status = unknown.status

    assert status["code"] == 50035
    assert unknown_status == 404
    assert any(f"rule: {CONTENT}; {CONTENT.source}" in v for v in fake.violations)
    assert any("GET /channels/" in v and "no such route" in v for v in fake.violations)
    assert fake.channel_messages(fake.general) == []
    assert fake.route_counts["POST /channels/{channel_id}/messages"] == 1


async def test_the_stand_in_checks_an_uploads_payload_json() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        form = aiohttp.FormData()
        form.add_field("payload_json", '{"content": "hi", "attachments": [{"id": 0, "filename": "a.png"}]}')
        form.add_field("files[0]", b"png", filename="a.png", content_type="image/png")
        form.add_field("files[1]", b"png", filename="b.png", content_type="image/png")
        url = f"{fake.api_base}/channels/{fake.general.id}/messages"
        async with http.post(url, data=form, headers={"Authorization": f"Bot {fake.token}"}) as response:
            status = response.status

    assert status == 400
    assert any("files[1] is not listed" in v for v in fake.violations)
