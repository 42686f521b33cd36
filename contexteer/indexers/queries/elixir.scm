; Elixir: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)
; Definitions are macro calls (`defmodule`, `def`...); consecutive clauses of one function are one definition.

(call target: (identifier) @_k (arguments . (alias) @name) (#eq? @_k "defmodule")) @definition.module
(call target: (identifier) @_k (arguments . (alias) @name) (#eq? @_k "defprotocol")) @definition.interface
(call target: (identifier) @_k (arguments . (alias) @name) (#eq? @_k "defimpl")) @definition.impl
(call target: (identifier) @_k (arguments . [(call target: (identifier) @name) (identifier) @name (binary_operator left: [(call target: (identifier) @name) (identifier) @name] operator: "when")]) (#match? @_k "^(def|defp|defmacro|defmacrop|defguard|defguardp|defdelegate|defn|defnp)$")) @definition.function
(unary_operator operator: "@" operand: (call target: (identifier) @_k (arguments . (binary_operator left: [(call target: (identifier) @name) (identifier) @name] operator: "::"))) (#match? @_k "^(type|typep|opaque)$")) @definition.type
(unary_operator operator: "@" operand: (call target: (identifier) @_k (arguments . (binary_operator left: [(call target: (identifier) @name) (identifier) @name] operator: "::"))) (#match? @_k "^(callback|macrocallback)$")) @definition.function
(unary_operator operator: "@" operand: (call target: (identifier) @_k (arguments . (binary_operator left: (binary_operator left: [(call target: (identifier) @name) (identifier) @name] operator: "::") operator: "when"))) (#match? @_k "^(callback|macrocallback)$")) @definition.function

(call target: (identifier) @name (#not-match? @name "^(def|defp|defmodule|defmacro|defmacrop|defprotocol|defimpl|defstruct|defexception|defguard|defguardp|defdelegate|alias|import|require|use|doc|moduledoc|typedoc|type|typep|opaque|spec|impl|behaviour|callback|do|if|unless|case|cond|with|for|fn|quote|unquote|raise|receive|try)$")) @reference.call
(call target: (dot left: (alias) @name)) @reference.type
(call target: (dot right: (identifier) @name)) @reference.call
(struct (alias) @name) @reference.type

(call target: (identifier) @_k (arguments . (alias) @import.module) (#match? @_k "^(alias|import|require|use)$")) @import
(call target: (identifier) @_k (arguments . (dot left: (alias) @import.module right: (tuple (alias) @import.name))) (#eq? @_k "alias")) @import

; `@behaviour Mix.Task` and `use Mix.Task` name the module a module adopts (find_related implementations)
(unary_operator operator: "@" operand: (call target: (identifier) @_k (arguments . (alias) @name)) (#eq? @_k "behaviour")) @reference.type
(call target: (identifier) @_k (arguments . (alias) @name) (#eq? @_k "use")) @reference.type
; `deps |> show_not_ok!`: a function piped into without parentheses is called
(binary_operator operator: "|>" right: (identifier) @name) @reference.call
; a module attribute set to a value is the module's constant (`@hex_mirror "https://repo.hex.pm"`), and `@hex_mirror`
; in a body reads it; Elixir's own attributes (docs, specs, types, behaviour settings) are neither
(unary_operator operator: "@" operand: (call target: (identifier) @name (arguments . (_))) (#not-match? @name "^(doc|moduledoc|typedoc|spec|type|typep|opaque|callback|macrocallback|impl|behaviour|derive|enforce_keys|external_resource|on_load|compile|dialyzer|deprecated|since|before_compile|after_compile|after_verify|optional_callbacks|file|vsn|nifs|on_definition|fallback_to_any|protocol)$")) @definition.constant
(unary_operator operator: "@" operand: (identifier) @name) @reference.other
