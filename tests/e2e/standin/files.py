"""Request bodies and the files they upload: JSON, or a multipart upload's ``payload_json`` and its
``files[n]`` parts, read once per request; and which attachments a message keeps when it is created or
edited (new uploads, and existing ones named by id)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

from tests.e2e.standin import rules
from tests.e2e.standin.base import State
from tests.e2e.standin.records import Attachment


@dataclass(slots=True)
class Body:
    """A request's body as read: the JSON (or ``payload_json``), the uploads, and what was wrong with it."""

    content_type: str | None
    payload: Any = None
    files: dict[int, Attachment] = field(default_factory=dict)
    uploads: tuple[rules.Upload, ...] = ()
    problems: list[str] = field(default_factory=list)


_BODY = web.RequestKey("standin.body", Body)  # where read_body keeps a request's body


class Files(State):
    """Reading what the bot sends, for the other areas' handlers."""

    async def _read_body(self, request: web.Request) -> Body:
        """The request's body, read once (kept on the request for its handler): JSON, or a multipart
        upload's ``payload_json`` and its ``files[n]`` parts (read part by part, in memory:
        ``request.post()`` would spool every file to a temporary file)."""
        if (kept := request.get(_BODY)) is not None:
            return kept
        ctype = request.content_type if request.body_exists else None
        body = Body(ctype)
        if ctype == "multipart/form-data":
            reader = await request.multipart()
            uploads = []
            while (part := await reader.next()) is not None:
                assert isinstance(part, BodyPartReader)
                data = await part.read()
                if part.name == "payload_json":
                    body.payload = _parse_json(request, bytes(data), body)
                elif m := re.fullmatch(r"files\[(\d+)\]", part.name or ""):
                    content_type = part.headers.get("Content-Type", "application/octet-stream")
                    body.files[int(m.group(1))] = Attachment(
                        self.snowflake(), part.filename or "", content_type, bytes(data)
                    )
                    uploads.append(rules.Upload(part.name or "", part.filename, len(data)))
                else:
                    body.problems.append(f"{request.method} {request.path}: a multipart part {part.name!r}")
            body.uploads = tuple(uploads)
        elif ctype is not None:
            body.payload = _parse_json(request, await request.read(), body)
        request[_BODY] = body
        return body

    async def _read_message_body(self, request: web.Request) -> tuple[dict, dict[int, Attachment]]:
        """The JSON payload and the uploaded files by their index ``n`` of ``files[n]``."""
        body = await self._read_body(request)
        return (body.payload if isinstance(body.payload, dict) else {}), body.files

    async def _json_body(self, request: web.Request) -> Any:
        return (await self._read_body(request)).payload


def _parse_json(request: web.Request, data: bytes, body: Body) -> Any:
    try:
        return json.loads(data or b"null")
    except ValueError as exc:
        body.problems.append(f"{request.method} {request.path}: the body is not JSON: {exc}")
        return None


def kept_attachments(
    payload: dict, files: dict[int, Attachment], existing: list[Attachment] | None
) -> list[Attachment] | None:
    """The attachments a create/edit leaves: new uploads and kept existing ones, or None: unchanged."""
    described = payload.get("attachments")
    if described is None:
        if files:
            return [files[i] for i in sorted(files)]
        return None
    out: list[Attachment] = []
    by_id = {a.id: a for a in existing or ()}
    for entry in described:
        key = int(entry["id"])
        if key in files and key not in by_id:
            att = files.pop(key)
            if entry.get("filename"):
                att.filename = entry["filename"]
            att.description = entry.get("description")
            out.append(att)
        elif key in by_id:
            out.append(by_id[key])
        else:
            rule = rules.UPLOADED
            raise ValueError(f"attachment {key} is neither uploaded nor kept: {rule} ({rule.source})")
    out.extend(files[i] for i in sorted(files))
    return out
