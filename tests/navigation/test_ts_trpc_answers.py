"""What the tRPC A/B agent (run 62, contexteer only) stumbled on: callers importing a function through barrels
(`export * from`, `export { x } from`) read "name only"; `JSON.parse(body)` listed as a caller of a handler's
`parse`; type aliases built with `&` on an interface missing from its implementations while "complete", and a type
parameter's bound (`type H<R extends AnyRouter>`) taken for a base; a search hit's chain of enclosing callbacks
cut to "… 2 more"."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

TREE = {
    "package.json": '{"name": "trpc-like", "version": "1.0.0"}\n',
    "src/core/error/getErrorShape.ts": (
        "export function getErrorShape(opts: { code: number }): { code: number } {\n"
        "  return { code: opts.code };\n"
        "}\n"),
    "src/core/index.ts": "export * from './error/getErrorShape';\n",
    "src/server/index.ts": "export { getErrorShape } from '../core/index';\n",
    "src/adapters/node.ts": (
        "import { getErrorShape } from '../server/index';\n\n"
        "export function handle(code: number) {\n"
        "  return getErrorShape({ code });\n"
        "}\n"),
    "src/http/types.ts": (
        "export interface BaseHandlerOptions<TRouter> {\n  router: TRouter;\n}\n\n"
        "export interface HTTPBaseHandlerOptions<TRouter> extends BaseHandlerOptions<TRouter> {\n  meta?: string;\n}\n\n"
        "export type WSOptions<TRouter> = BaseHandlerOptions<TRouter> & {\n  wss: string;\n};\n\n"
        "export type NodeOptions<TRouter> = HTTPBaseHandlerOptions<TRouter> &\n  { port: number } & Extra;\n\n"
        "export type CreateOptions<TRouter> = NodeOptions<TRouter>;\n\n"
        "export type Either<TRouter> = BaseHandlerOptions<TRouter> | string;\n\n"
        "export type Extra = { x: number };\n\n"
        "export type ErrorHandler<TRouter extends BaseHandlerOptions<number>> = (opts: TRouter) => void;\n"),
    "src/http/contentType.ts": (
        "export const jsonHandler = {\n"
        "  parse(body: string): unknown {\n"
        "    return body;\n"
        "  },\n"
        "};\n\n"
        "export function read(body: string) {\n"
        "  return jsonHandler.parse(body);\n"
        "}\n\n"
        "export function raw(body: string) {\n"
        "  return JSON.parse(body);\n"
        "}\n"),
    "src/core/proc.ts": "export function callProc(): number {\n  return 1;\n}\n",
    "src/server/aliases.ts": "export {\n  getErrorShape,\n  callProc as callTRPCProc,\n} from '../core/index';\n",
    "src/adapters/ws2.ts": ("import { callTRPCProc } from '../server/aliases';\n\n"
                            "export function use(): number {\n  return callTRPCProc();\n}\n"),
    "src/adapters/plugin.ts": (
        "/// <reference types=\"@fastify/websocket\" />\n"
        "import type { BaseHandlerOptions } from '../http/types';\n"
        "import { handle, type Helper } from './node';\n\n"
        "export const plugin = (o: BaseHandlerOptions<number>): number => handle(o.router);\n"),
    "src/http/handlers.ts": (
        "export interface ContentTypeHandler {\n  parse(body: string): unknown;\n}\n\n"
        "export const jsonHandler2: ContentTypeHandler = {\n  parse(body: string): unknown {\n    return body;\n  },\n};\n\n"
        "function pick(): ContentTypeHandler {\n  return jsonHandler2;\n}\n\n"
        "export function info(body: string) {\n  const handler = pick();\n  const parse = (x: string) => x;\n"
        "  parse(body);\n  return handler.parse(body);\n}\n"),
    "src/ws.ts": (
        "export function getHandler(client: { on(e: string, f: () => void): void }) {\n"
        "  return () => {\n"
        "    client.on('message', () => {\n"
        "      run(() => {\n"
        "        throw new Error('Batch call exceeds maximum size');\n"
        "      });\n"
        "    });\n"
        "  };\n"
        "}\n\n"
        "function run(f: () => void) {\n  f();\n}\n"),
}


@pytest.fixture(scope="module")
def trpc(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("trpc") / "trpc", TREE)


def test_a_call_imported_through_two_barrels_is_by_import(trpc: Served):
    a = trpc.call("find_related", symbol="getErrorShape", relation="callers")
    assert not a.is_error, a.text
    assert [(i["path"], i["lines"], i["how"]) for i in a.data["items"]] == [("src/adapters/node.ts", [4], "import")], a.text


def test_a_builtin_globals_method_is_no_caller_of_a_namesake(trpc: Served):
    a = trpc.call("find_related", symbol="jsonHandler.parse", relation="callers")
    assert not a.is_error, a.text
    assert ("src/http/contentType.ts", [12]) not in [(i["path"], i["lines"]) for i in a.data["items"]], a.text
    assert any(i["path"] == "src/http/contentType.ts" and i["lines"] == [8] for i in a.data["items"]), a.text


def test_type_aliases_that_intersect_an_interface_are_its_implementations(trpc: Served):
    a = trpc.call("find_related", symbol="BaseHandlerOptions", relation="implementations")
    assert not a.is_error, a.text
    got = {i["qualname"]: i["how"] for i in a.data["items"]}
    assert got == {"HTTPBaseHandlerOptions": "extends", "WSOptions": "intersects", "NodeOptions": "intersects",
                   "CreateOptions": "alias"}, a.text  # not the union Either, not ErrorHandler's parameter bound
    assert "[complete: all levels listed]" in a.text


def test_a_search_hit_names_up_to_three_enclosing_callbacks(trpc: Served):
    a = trpc.call("search_text", pattern="Batch call exceeds maximum size")
    assert not a.is_error, a.text
    assert ("in arrow function passed to run 4-6, in arrow function passed to client.on 3-7, in arrow function 2-8, "
            "in getHandler 1-9") in a.text, a.text


def test_a_call_through_the_name_a_function_is_exported_as_is_its_caller(trpc: Served):
    a = trpc.call("find_related", symbol="callProc", relation="callers")
    assert not a.is_error, a.text
    assert [(i["path"], i["lines"], i["how"]) for i in a.data["items"]] == [("src/adapters/ws2.ts", [4], "alias")], a.text


def test_imports_say_which_bring_only_types_and_name_the_file_next_door(trpc: Served):
    a = trpc.call("list_dependencies", path="src/adapters/plugin.ts")
    assert not a.is_error, a.text
    assert "1: /// <reference types=\"@fastify/websocket\" />  [types of package @fastify/websocket]" in a.text, a.text
    assert "2: '../http/types' (types only): BaseHandlerOptions  -> src/http/types.ts" in a.text, a.text
    assert "3: './node': handle, type Helper  -> ./node.ts" in a.text, a.text


def test_an_objects_method_is_called_through_its_declared_interface_never_bare(trpc: Served):
    a = trpc.call("find_related", symbol="jsonHandler2.parse", relation="callers")
    assert not a.is_error, a.text
    assert [(i["path"], i["lines"], i["how"]) for i in a.data["items"]] == [("src/http/handlers.ts", [19], "base type")], a.text
    assert "handlers.ts:18" in a.text and "left out" in a.text, "parse(body) calls the local arrow function"


def test_a_callers_row_names_the_callbacks_a_call_sits_in(trpc: Served):
    a = trpc.call("find_related", symbol="run", path="src/ws.ts", relation="callers")
    assert not a.is_error, a.text
    # with the callback's lines (ESLint run 286: four reads of linter.js for the spans of addError's callbacks)
    # (and that getHandler only returns the arrow around it: pongo2 run 524)
    assert ("src/ws.ts:4 in getHandler (1-9): run(() => {  [in arrow function 3-7 passed to client.on, in an arrow "
            "function returned at 2: runs when the returned function is called]") in a.text, a.text


def test_calls_in_the_same_callback_name_it_once(tmp_path):
    # ESLint run 286: three calls in one `Object.keys(..).forEach` arrow each repeated its whole label
    from tests.navigation.conftest import served_tree

    src = ("export function report(x: number): void {}\n\nexport function check(rules: object): void {\n"
           "    Object.keys(rules).forEach(name => {\n        report(1);\n        report(2);\n    });\n"
           "    [1].map(n => report(n));\n}\n")
    a = served_tree(tmp_path, {"src/a.ts": src}).call("find_related", symbol="report", relation="callers")
    assert "5 in check (3-9): report(1);  [in arrow function 4-7 passed to Object.keys(rules).forEach]" in a.text, a.text
    assert "and 6: report(2);  [in the same arrow function]" in a.text, a.text
    assert a.text.rstrip().endswith("and 8: [1].map(n => report(n));"), a.text  # (a one-line arrow: the line shows it)


def test_an_imported_package_says_the_version_and_group_its_manifest_declares(tmp_path):
    # ESLint run 286: `[package debug]` sent the agent to package.json for the range and whether it was a dev dependency
    from tests.navigation.conftest import served_tree

    files = {
        "package.json": '{"name": "x", "dependencies": {"debug": "^4.3.2"}, "devDependencies": {"mocha": "^10.0.0"}}\n',
        "lib/cli.js": "const debug = require('debug')('x');\nconst mocha = require('mocha');\nconst left = require('leftpad');\n"
                      "debug(mocha, left);\n",
    }
    a = served_tree(tmp_path, files).call("list_dependencies", path="lib/cli.js")
    assert "1: 'debug': debug  [package debug ^4.3.2]" in a.text, a.text
    assert "2: 'mocha': mocha  [package mocha ^10.0.0 (dev)]" in a.text, a.text
    assert "3: 'leftpad': left  [package leftpad]" in a.text, a.text  # declared nowhere: as before


def test_a_package_version_comes_from_the_nearest_manifest_with_every_group(tmp_path):
    # review of 4bd54a8: a monorepo root's devDependency won over the package's own dependency; ESLint's jiti, a dev
    # dependency and an optional peer, was said dev only
    from tests.navigation.conftest import served_tree

    files = {
        "package.json": '{"name": "root", "devDependencies": {"debug": "^3.0.0"}}\n',
        "packages/a/package.json": '{"name": "a", "dependencies": {"debug": "^4.3.2"}, "devDependencies": {"jiti": "^2.6.1"},'
                                   ' "peerDependencies": {"jiti": "*"}}\n',
        "packages/a/src/index.js": "const debug = require('debug');\nconst jiti = require('jiti');\nmodule.exports = [debug, jiti];\n",
    }
    a = served_tree(tmp_path, files).call("list_dependencies", path="packages/a/src/index.js")
    assert "[package debug ^4.3.2]" in a.text and "[package jiti * (peer), ^2.6.1 (dev)]" in a.text, a.text


def test_the_uses_view_names_the_barrels_a_name_is_re_exported_through(tmp_path):
    # tRPC run 350: `AnyRouter (router.ts:214)` hid index.ts:98 and unstable-core-do-not-import.ts:33 between them
    from tests.navigation.conftest import served_tree as _served
    served = _served(tmp_path / "t", {
        "src/core/router.ts": "export type AnyRouter = { x: number };\nexport function make(): AnyRouter {\n  return { x: 1 };\n}\n",
        "src/core.ts": "export * from './core/router';\n",
        "src/server/index.ts": ("export {\n  type AnyRouter as AnyTRPCRouter,\n} from '../core';\n\nexport type {\n"
                                "  /** old */\n  AnyRouter,\n} from '../core';\n"),
        "src/adapter.ts": "import type { AnyRouter } from './server';\n\nexport function run(r: AnyRouter): number {\n"
                          "  return r.x;\n}\n",
    })
    a = served.call("list_dependencies", path="src/adapter.ts", view="uses")
    assert not a.is_error, a.text
    assert ("AnyRouter (src/core/router.ts:1, a type, re-exported at line 7 > src/core.ts:1) at 3"
            in a.text), a.text


def test_a_barrel_chain_skips_comment_mentions_and_takes_the_shortest_route_through_a_cycle(tmp_path):
    # review of stop 51: `tracked` pointed at a JSDoc `@deprecated use tracked(..)` line above `sse`; barrels that
    # re-export each other were walked round twice (`index.ts:1 > m2.ts:1 > m1.ts:3 > m2.ts:1 > m1.ts:4`)
    from tests.navigation.conftest import served_tree as _served
    served = _served(tmp_path / "t", {
        "src/stream.ts": "export function tracked(id: string): string {\n  return id;\n}\nexport const sse = 1;\n",
        "src/m1.ts": "export * from './m2';\nexport { tracked } from './stream';\n",
        "src/m2.ts": ("export * from './m1';\nexport {\n  /**\n   * @deprecated use `tracked(id, data)` instead\n   */\n"
                      "  sse,\n  tracked,\n} from './stream';\n"),
        "src/index.ts": "export * from './m2';\n",
        "src/main.ts": "import { tracked } from './index';\n\nexport const t = tracked('a');\n",
    })
    a = served.call("list_dependencies", path="src/main.ts", view="uses")
    assert not a.is_error, a.text
    assert "tracked (src/stream.ts:1, re-exported at line 1 > src/m2.ts:7) at 3" in a.text, a.text
