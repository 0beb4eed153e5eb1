"""Discord's HTTP API as its OpenAPI description has it: which routes exist, and what their requests may hold.

:func:`operation` finds the operation of a method and path (``POST /channels/1/messages`` is
``create_message`` of ``/channels/{channel_id}/messages``); :func:`schema_problems` checks a request's
path and query parameters and its JSON body (or a multipart upload's ``payload_json``) against the
operation's schemas with ``jsonschema`` (OpenAPI 3.1 is JSON Schema 2020-12). Each problem names the
operation and the JSON pointer of the broken keyword in ``openapi.json``.

The description is Discord's ``discord-api-spec`` (a preview): where it disagrees with Discord's
documentation the documentation wins, and each such disagreement is one entry of :data:`EXCEPTIONS`, which
loosens one keyword of one schema and says why. The file is read from ``$DISCORD_OPENAPI``, else from
``../shared/discord-api/openapi.json`` beside the repository.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, relevance
from referencing import Registry
from referencing.jsonschema import DRAFT202012

SPEC_URI = "https://discord.com/api/v10/openapi.json"
DEFAULT_SPEC = Path(__file__).resolve().parents[4] / "shared" / "discord-api" / "openapi.json"
METHODS = ("get", "put", "post", "patch", "delete")
BOOLEANS = {"true": True, "1": True, "false": False, "0": False}
"""A boolean in a query string (Discord's documentation, Reference, "Boolean Query Strings": True, true
and 1; False, false and 0)."""


@dataclass(frozen=True, slots=True)
class SpecException:
    """One place where the description is stricter than Discord's documentation: the schema at ``pointer``
    becomes ``schema``, for ``reason``."""

    pointer: str
    schema: Mapping[str, Any]
    reason: str


SNOWFLAKE = {"$ref": "#/components/schemas/SnowflakeType"}  # a string of digits
UNSIGNED = {"type": "integer", "minimum": 0}

EXCEPTIONS: tuple[SpecException, ...] = (
    SpecException(
        "/components/schemas/MessageAttachmentRequest/properties/id",
        {"anyOf": [SNOWFLAKE, UNSIGNED]},
        "An attachments entry names a new file by the index n of its files[n] part, and Discord's own "
        'example sends it as an integer (Reference, "Uploading Files": "attachments": [{"id": 0, ...}]); '
        "discord.py sends it so, and a kept attachment's id as an integer too. The description allows only "
        "a string of digits.",
    ),
    SpecException(
        "/components/schemas/MessageAllowedMentionsRequest/properties/users/items",
        {"oneOf": [{"type": "null"}, SNOWFLAKE, UNSIGNED]},
        'The documentation types allowed_mentions.users as an "array of snowflakes" (Message, "Allowed '
        'Mentions Object"), and a snowflake is a 64-bit number that Discord only returns as a string '
        '(Reference, "Snowflakes"); discord.py sends the users it may mention as integers. The description '
        "allows only strings of digits.",
    ),
)
"""The documentation's word against the description's: each replaces one schema, where discord.py needs it."""


def spec_path() -> Path:
    return Path(os.environ.get("DISCORD_OPENAPI") or DEFAULT_SPEC)


@functools.cache
def spec() -> dict:
    """``openapi.json`` as Discord publishes it (read once)."""
    path = spec_path()
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FileNotFoundError(
            f"Discord's OpenAPI description is not at {path}: set DISCORD_OPENAPI to its openapi.json "
            "(github.com/discord/discord-api-spec, specs/openapi.json)"
        ) from None


def resolve(pointer: str, document: Any | None = None) -> Any:
    """The node of ``document`` (default: the description) at a JSON pointer (``/components/...``)."""
    node = spec() if document is None else document
    for token in pointer.lstrip("#").split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node


def escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


@functools.cache
def _checked_spec() -> dict:
    """The description with :data:`EXCEPTIONS` applied (a copy; ``spec()`` stays as published)."""
    document = copy.deepcopy(spec())
    for exc in EXCEPTIONS:
        parent, _, key = exc.pointer.rpartition("/")
        resolve(parent, document)[key.replace("~1", "/").replace("~0", "~")] = dict(exc.schema)
    return document


@functools.cache
def _registry() -> Registry:
    return Registry().with_resource(SPEC_URI, DRAFT202012.create_resource(_checked_spec()))


def _kinds(branch: Any) -> frozenset[Any] | None:
    """The values of ``type`` an object variant of a union takes (its ``type`` property's ``enum`` or
    ``const``), or None when it does not say."""
    if isinstance(branch, dict) and "$ref" in branch and len(branch) == 1:
        branch = resolve(str(branch["$ref"]).removeprefix(SPEC_URI).lstrip("#"), _checked_spec())
    kind = branch.get("properties", {}).get("type") if isinstance(branch, dict) else None
    if not isinstance(kind, dict):
        return None
    if "const" in kind:
        return frozenset([kind["const"]])
    return frozenset(kind["enum"]) if "enum" in kind else None


@dataclass(frozen=True, slots=True)
class _Union:
    kinds: list[frozenset[Any] | None]  # per variant: the values of ``type`` it takes (None: any)
    consts: frozenset[Any] | None  # when every variant is a ``const`` (an enumeration): their values


_unions: dict[int, _Union] = {}


def _union(branches: list[Any]) -> _Union:
    found = _unions.get(id(branches))
    if found is None:
        consts = [b["const"] for b in branches if isinstance(b, dict) and "const" in b]
        plain = len(consts) == len(branches) and not any(isinstance(c, bool | dict | list) for c in consts)
        found = _unions[id(branches)] = _Union(
            [_kinds(b) for b in branches], frozenset(consts) if plain else None
        )
    return found


def _discriminated(
    keyword: Callable[..., Iterator[ValidationError]],
) -> Callable[..., Iterator[ValidationError]]:
    """``oneOf``/``anyOf`` that skip what cannot match: the variants whose ``type`` cannot be the instance's
    (a message's components are a union of seven, each row's of eight, an answer a union of seven) each
    become the ``false`` schema in their place, so validity, the indexes and the errors of the others stay
    as they were; and an enumeration written as a union of ``const`` (component types, button styles) is
    a look-up when the value is in it."""

    def check(validator: Any, branches: list[Any], instance: Any, schema: Any) -> Iterator[ValidationError]:
        union = _union(branches)
        if union.consts is not None and not isinstance(instance, bool):
            with contextlib.suppress(TypeError):  # an unhashable instance: no const
                if instance in union.consts:
                    return
        if isinstance(instance, dict) and "type" in instance:
            kind = instance["type"]
            with contextlib.suppress(TypeError):
                if any(k is not None and kind not in k for k in union.kinds):
                    branches = [
                        False if k is not None and kind not in k else b
                        for b, k in zip(branches, union.kinds, strict=True)
                    ]
        yield from keyword(validator, branches, instance, schema)

    return check


_Validator = validators.extend(
    Draft202012Validator,
    {
        "oneOf": _discriminated(Draft202012Validator.VALIDATORS["oneOf"]),
        "anyOf": _discriminated(Draft202012Validator.VALIDATORS["anyOf"]),
    },
)


@functools.cache
def _validator(pointer: str) -> Any:
    """A validator of the schema at ``pointer`` in the description, its ``$ref``s resolved in the whole."""
    return _Validator({"$ref": f"{SPEC_URI}#{pointer}"}, registry=_registry())


# ------------------------------------------------------------------------------------------ routes


@dataclass(frozen=True, slots=True)
class Operation:
    """One method of one path of the description."""

    method: str  # upper case
    template: str  # "/channels/{channel_id}/messages"
    id: str  # the operationId: "create_message"
    pointer: str  # where the operation is in openapi.json
    pattern: re.Pattern[str]
    parameters: tuple[
        tuple[str, dict], ...
    ]  # (pointer of its schema, parameter): the path's, the operation's
    bodies: Mapping[str, str]  # content type -> pointer of its schema
    body_required: bool

    def __str__(self) -> str:
        return f"{self.id} ({self.method} {self.template})"


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>[^/]+)" for i, p in enumerate(parts))
    return re.compile(regex + r"/?\Z")


@functools.cache
def operations() -> tuple[Operation, ...]:
    """Every operation, the most literal templates first (``.../messages/@original`` before
    ``.../messages/{message_id}``)."""
    found = []
    for template, item in spec()["paths"].items():
        path_pointer = f"/paths/{escape(template)}"
        shared = tuple(
            (f"{path_pointer}/parameters/{i}/schema", p) for i, p in enumerate(item.get("parameters", ()))
        )
        for method in METHODS:
            if method not in item:
                continue
            op = item[method]
            pointer = f"{path_pointer}/{method}"
            body = op.get("requestBody") or {}
            bodies = {
                ctype: f"{pointer}/requestBody/content/{escape(ctype)}/schema"
                for ctype in body.get("content", {})
            }
            found.append(
                Operation(
                    method.upper(),
                    template,
                    op["operationId"],
                    pointer,
                    _pattern(template),
                    shared
                    + tuple(
                        (f"{pointer}/parameters/{i}/schema", p)
                        for i, p in enumerate(op.get("parameters", ()))
                    ),
                    bodies,
                    bool(body.get("required")),
                )
            )
    found.sort(key=lambda o: -len(re.sub(r"\{\w+\}", "", o.template)))
    return tuple(found)


def operation(method: str, path: str) -> Operation | None:
    """The operation for ``method`` on ``path`` (under ``/api/v10``), or None: Discord has no such route."""
    for op in operations():
        if op.method == method.upper() and op.pattern.match(path):
            return op
    return None


def methods_of(path: str) -> list[str]:
    """The methods the description has for ``path`` (to say why a request found no operation)."""
    return sorted({op.method for op in operations() if op.pattern.match(path)})


# ------------------------------------------------------------------------------------------ checking


@dataclass(frozen=True, slots=True)
class SchemaProblem:
    """A request's part that breaks the operation's schema."""

    where: str  # "body $[0].options[16].max_value", "path channel_id", "query limit"
    problem: str  # what jsonschema says
    pointer: str  # the broken keyword in openapi.json
    keyword: str


def _json_path(error: ValidationError) -> str:
    out = "$"
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _schema_pointer(start: str, error: ValidationError) -> str:
    """The JSON pointer in openapi.json of the keyword ``error`` broke: its schema path walked from ``start``,
    into the target of a ``$ref`` wherever the path goes on past one (they are all local to the
    description; jsonschema leaves ``$ref`` itself out of the path)."""
    document = _checked_spec()
    pointer, node = start, resolve(start, document)
    for part in error.absolute_schema_path:
        while isinstance(node, dict) and "$ref" in node and part not in node:
            pointer = str(node["$ref"]).removeprefix(SPEC_URI).lstrip("#")
            node = resolve(pointer, document)
        if part == "$ref":
            continue
        pointer += f"/{escape(str(part))}"
        node = node[part]
    return pointer


def _deepest(error: ValidationError) -> ValidationError:
    """The error to show. Under a ``oneOf``/``anyOf``, the variants the instance did not choose are left out
    (their discriminator, a property's ``enum`` or ``const``, or the instance's own type did not match: an
    integer option is no string option, a value is not null); of those left, the one with the fewest
    errors under it (a string autocomplete choice, not an integer one) is taken, when it is the only one."""
    while error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for e in error.context:
            branches.setdefault(e.relative_schema_path[0] if e.relative_schema_path else None, []).append(e)
        left = {
            branch: errors
            for branch, errors in branches.items()
            if not any(
                (e.validator in ("enum", "const") and len(e.relative_path) == 1)
                or (e.validator == "type" and not e.relative_path)
                or e.validator is None  # a variant _discriminated left out: the false schema
                for e in errors
            )
        }
        weights = {branch: sum(_leaves(e) for e in errors) for branch, errors in left.items()}
        fewest = min(weights.values(), default=0)
        closest = [left[branch] for branch, weight in weights.items() if weight == fewest]
        if len(closest) != 1:
            break
        error = max(closest[0], key=relevance)
    return error


def _leaves(error: ValidationError) -> int:
    """How many errors ``error`` stands for, the errors of every variant under it counted."""
    return sum(_leaves(e) for e in error.context) if error.context else 1


def _describe(error: ValidationError) -> str:
    """jsonschema's message, without quoting a long instance whole."""
    if error.validator in ("maxLength", "minLength") and isinstance(error.instance, str):
        return f"{len(error.instance)} characters ({error.validator} {error.validator_value})"
    if error.validator in ("maxItems", "minItems") and isinstance(error.instance, list):
        return f"{len(error.instance)} items ({error.validator} {error.validator_value})"
    text = repr(error.instance)
    if len(text) > 80:
        return error.message.replace(text, text[:60] + "...")[:300]
    return error.message


def _problems(pointer: str, instance: Any, where: str) -> Iterator[SchemaProblem]:
    validator = _validator(pointer)
    for error in validator.iter_errors(instance):
        shown = _deepest(error)
        yield SchemaProblem(
            f"{where} {_json_path(shown)}",
            _describe(shown),
            _schema_pointer(pointer, shown),
            str(shown.validator),
        )


def _parameter_value(raw: str, schema: dict) -> Any:
    """A path or query value (text) as the JSON value its schema expects."""
    target = schema
    if "$ref" in target:
        target = resolve(str(target["$ref"]), _checked_spec())
    types = target.get("type", "string")
    types = types if isinstance(types, list) else [types]
    if "integer" in types and re.fullmatch(r"-?\d+", raw) and "string" not in types:
        return int(raw)
    if "boolean" in types and raw.lower() in BOOLEANS:
        return BOOLEANS[raw.lower()]
    return raw


def parameter_problems(op: Operation, path: str, query: Mapping[str, str]) -> list[SchemaProblem]:
    """Path and query values against the operation's parameters; a query key it does not declare too."""
    match = op.pattern.match(path)
    assert match is not None
    given = {("path", k): v for k, v in match.groupdict().items()}
    given.update({("query", k): v for k, v in query.items()})
    out: list[SchemaProblem] = []
    declared = set()
    for pointer, param in op.parameters:
        key = (param["in"], param["name"])
        declared.add(key)
        if key in given:
            value = _parameter_value(given[key], param.get("schema", {}))
            out.extend(_problems(pointer, value, f"{param['in']} {param['name']}"))
    for kind, name in given:
        if (kind, name) not in declared:
            out.append(
                SchemaProblem(
                    f"query {name}", f"{op.id} takes no query parameter {name!r}", op.pointer, "parameters"
                )
            )
    return out


def body_problems(op: Operation, content_type: str | None, body: Any) -> list[SchemaProblem]:
    """The JSON body (``content_type`` ``application/json``) or ``payload_json`` (``multipart/form-data``)
    against the operation's schema for that content type; ``content_type`` None: no body was sent."""
    if content_type is None:
        if op.body_required:
            return [
                SchemaProblem("body", f"{op.id} requires a body", f"{op.pointer}/requestBody", "required")
            ]
        return []
    if not op.bodies:
        return [
            SchemaProblem("body", f"{op.id} takes no body, got {content_type}", op.pointer, "requestBody")
        ]
    if content_type not in op.bodies:
        accepted = ", ".join(op.bodies)
        return [
            SchemaProblem(
                "body",
                f"{op.id} takes {accepted}, not {content_type}",
                f"{op.pointer}/requestBody",
                "content",
            )
        ]
    return list(_problems(op.bodies[content_type], body, "body"))
