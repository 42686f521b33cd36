# The native Python scanner (native/pyscan.c, built by setup.py when a C compiler is there).
LANGUAGE_VERSION: int

def scan(
    language: object, data: bytes, timeout: float, /
) -> (
    tuple[
        bool,
        list[tuple[str, str, str, int, int, str | None, str | None, bool, int]],
        list[tuple[int, tuple[int, int, int, int] | None]],
        list[tuple[str, str, str, int]],
        list[tuple[int, int, bool, bytes | None, bytes | None]],
    ]
    | None
): ...
def parse(language: object, data: bytes, /) -> bool: ...
