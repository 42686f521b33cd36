# The native Python scanner (native/pyscan.c, built by setup.py when a C compiler is there).
LANGUAGE_VERSION: int

def scan(
    language: object, data: bytes, timeout: float, /
) -> (
    tuple[
        bool,
        list[tuple[int, bytes, int, int, int, int, int, int, int, int, int, bytes | None]],
        dict[bytes, list[int]],
        dict[bytes, list[int]],
        list[tuple[int, int, bool, bytes | None, bytes | None]],
    ]
    | None
): ...
