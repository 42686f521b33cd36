; Ruby: definitions, references, requires (capture convention: see contexteer/indexers/languages.py)

; `class Foo::Bar` is named Bar (what references name); qualify.py reads `Foo::` back from the header.
; `class << self` is no definition: its methods are the class's own (singleton) methods, Base.route, and
; qualify.py writes them Base.route where instance methods are Base#call.
(module name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.module
(class name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.class
(method name: (_) @name) @definition.function
(singleton_method name: (_) @name) @definition.function
(body_statement (assignment left: (constant) @name) @definition.constant)
(program (assignment left: (constant) @name) @definition.constant)
; `OPERATORS ||= { .. }`, `Operator ||= Struct.new(..)`: a constant set once (mustermann run 479 found it unindexed)
(body_statement (operator_assignment left: (constant) @name) @definition.constant)
(program (operator_assignment left: (constant) @name) @definition.constant)
(call method: (identifier) @_attr arguments: (argument_list (simple_symbol) @name) (#match? @_attr "^attr_(reader|writer|accessor)$")) @definition.field
; methods Forwardable writes (`def_delegators :regexp, :===, :match`: mustermann's RegexpBased#match overrides
; Pattern#match, and nothing listed it) and an alias (`alias_method :to_regexp, :regexp`, `alias to_s inspect`)
(call method: (identifier) @_del arguments: (argument_list . (_) (simple_symbol) @name) (#match? @_del "^def_(instance_)?delegators$")) @definition.method
(call method: (identifier) @_del arguments: (argument_list . (_) . (simple_symbol) @name .) (#match? @_del "^def_(instance_)?delegator$")) @definition.method
(call method: (identifier) @_del arguments: (argument_list . (_) . (_) . (simple_symbol) @name) (#match? @_del "^def_(instance_)?delegator$")) @definition.method
(call method: (identifier) @_al arguments: (argument_list . (simple_symbol) @name) (#eq? @_al "alias_method")) @definition.method
(alias name: [(identifier) (operator) (constant)] @name) @definition.method
; `instance_delegate parse: :parser`, `delegate %i[parser compiler] => 'self.class'` (Forwardable), Rails'
; `delegate :name, :email, to: :user`
(call method: (identifier) @_del arguments: (argument_list (pair key: (hash_key_symbol) @name)) (#match? @_del "^(instance_delegate|delegate)$") (#not-match? @name "^(to|prefix|allow_nil|private)$")) @definition.method
(call method: (identifier) @_del arguments: (argument_list (pair key: [(array (simple_symbol) @name) (symbol_array (bare_symbol) @name)])) (#match? @_del "^(instance_delegate|delegate)$")) @definition.method
; (not with `prefix:`: Rails then defines `profile_name`, review of stop 56)
(call method: (identifier) @_del arguments: (argument_list (simple_symbol) @name (pair)) (#eq? @_del "delegate") (#not-match? @definition.method "prefix:")) @definition.method

(call method: (identifier) @name) @reference.call
(call receiver: (constant) @name) @reference.type
(superclass (constant) @name) @reference.type
(superclass (scope_resolution name: (constant) @name)) @reference.type
(call method: (identifier) @_inc arguments: (argument_list (constant) @name) (#match? @_inc "^(include|extend|prepend)$")) @reference.type

(call method: (identifier) @_req arguments: (argument_list . (string (string_content) @import.module)) (#match? @_req "^(require|require_relative|load|autoload)$")) @import
; `autoload :Headers, 'rack/headers'`: the file it loads when the constant is first used
(call method: (identifier) @_req arguments: (argument_list . (simple_symbol) . (string (string_content) @import.module)) (#eq? @_req "autoload")) @import
; `autoload :Actions, File.expand_path("actions", __dir__)`, `require File.expand_path("x", __dir__)`: a file beside this
; one (Thor run 428: base.rb's three autoloads were no imports)
(call method: (identifier) @_req arguments: (argument_list (call receiver: (constant) @_file method: (identifier) @_exp arguments: (argument_list . (string (string_content) @import.module) . (identifier) @_dir))) (#match? @_req "^(require|load|autoload)$") (#eq? @_file "File") (#eq? @_exp "expand_path") (#eq? @_dir "__dir__")) @import
