"""Downloading card data over HTTP(S) for ``mtgmana cards update``
(:mod:`mtgmana.cards.update`): Scryfall's bulk-data listing and the files it names,
or any URL given with ``--from``.

Requests send a ``User-Agent`` naming mtgmana and its version and an ``Accept``
header, as Scryfall's API asks, and accept gzip: a gzipped body is saved as it is
(the card loaders read gzip). A body shorter than its ``Content-Length`` is an
error (a connection cut short). Every failure — the network, an HTTP status, a
timeout, a full disk — raises :class:`~mtgmana.cards.store.CardDataError` saying
what happened and with which address or file.
"""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final

from ._progress import Progress
from .store import CardDataError

__all__ = ["ACCEPT", "Downloaded", "download", "fetch_json", "is_url", "user_agent"]

ACCEPT: Final = "application/json;q=0.9,*/*;q=0.8"
_CHUNK: Final = 1 << 16
_MAX_LISTING: Final = 10 << 20  # bytes: a bulk-data listing is a few kilobytes


def user_agent() -> str:
    """``mtgmana/VERSION``, as Scryfall asks of every client."""
    from .. import __version__

    return f"mtgmana/{__version__} (card data update; Python urllib)"


def is_url(text: str) -> bool:
    """Whether ``text`` is an ``http://`` or ``https://`` address."""
    return text.lower().startswith(("http://", "https://"))


@dataclass(frozen=True)
class Downloaded:
    """A downloaded file: where it is, its size, and the server's ``Last-Modified``."""

    path: Path
    size: int
    last_modified: str | None


def _open(url: str, timeout: float) -> http.client.HTTPResponse:
    if not is_url(url):
        raise CardDataError(f"not an http:// or https:// address: {url!r}")
    request = urllib.request.Request(
        url,
        headers={"User-Agent": user_agent(), "Accept": ACCEPT, "Accept-Encoding": "gzip"},
    )
    try:
        response = urllib.request.urlopen(request, timeout=timeout)  # http(s) only
    except urllib.error.HTTPError as error:
        error.close()
        raise CardDataError(f"{url}: HTTP error {error.code} {error.reason}") from None
    except urllib.error.URLError as error:
        raise CardDataError(f"can't reach {url}: {error.reason}") from None
    except (OSError, http.client.HTTPException) as error:  # timeouts, resets, bad replies
        raise CardDataError(f"can't reach {url}: {_reason(error)}") from None
    assert isinstance(response, http.client.HTTPResponse)
    return response


def _reason(error: BaseException) -> str:
    if isinstance(error, TimeoutError):
        return "timed out"
    return str(error) or type(error).__name__


def fetch_json(url: str, *, timeout: float = 60.0) -> Any:
    """The JSON value at ``url`` (a small document: at most 10 MB)."""
    import gzip
    import zlib

    with _open(url, timeout) as response:
        try:
            body = response.read(_MAX_LISTING + 1)
        except (OSError, http.client.HTTPException) as error:
            raise CardDataError(f"{url}: the connection broke: {_reason(error)}") from None
        encoding = response.headers.get("Content-Encoding", "")
    if len(body) > _MAX_LISTING:
        raise CardDataError(f"{url}: more than {_MAX_LISTING >> 20} MB: not a bulk-data listing")
    try:
        if encoding.lower() == "gzip" or body[:2] == b"\x1f\x8b":
            body = gzip.decompress(body)
        return json.loads(body)
    except (OSError, EOFError, zlib.error, ValueError) as error:
        raise CardDataError(f"{url}: not JSON ({error})") from None


def download(
    url: str, directory: Path, *, progress: bool | None = None, timeout: float = 60.0
) -> Downloaded:
    """Save the body of ``url`` in ``directory`` (under the address's file name),
    with a progress bar on standard error when ``progress`` (``None``: when it is a
    terminal)."""
    name = _file_name(url)
    path = directory / name
    with _open(url, timeout) as response:
        length = response.headers.get("Content-Length")
        expected = int(length) if length and length.isdigit() else None
        bar = Progress(f"downloading {name}", expected or 0, progress)
        try:
            with open(path, "wb") as handle:
                size = _copy(url, response, handle, bar)
        except OSError as error:  # the file's: the network's are CardDataError
            bar.close()
            raise CardDataError(f"can't write {path}: {error}") from None
        bar.close()
        last_modified = response.headers.get("Last-Modified")
    if expected is not None and size < expected:
        raise CardDataError(
            f"{url}: the download was cut short: {size:,} of {expected:,} bytes arrived"
        )
    return Downloaded(path, size, last_modified)


def _copy(url: str, response: http.client.HTTPResponse, handle: IO[bytes], bar: Progress) -> int:
    """Copy the body to ``handle``; the bytes copied."""
    size = 0
    while True:
        try:
            chunk = response.read(_CHUNK)
        except (OSError, http.client.HTTPException) as error:
            bar.close()
            raise CardDataError(
                f"{url}: the connection broke after {size:,} bytes: {_reason(error)}"
            ) from None
        if not chunk:
            return size
        handle.write(chunk)
        size += len(chunk)
        bar.update(size)


def _file_name(url: str) -> str:
    """A safe file name from the last part of an address's path."""
    import re
    import urllib.parse

    last = urllib.parse.urlsplit(url).path.rsplit("/", 1)[-1]
    name = re.sub(r"[^A-Za-z0-9._-]", "_", urllib.parse.unquote(last)).lstrip(".")
    return name[:100] or "download"
