; HTML: headings (h1-h6) and elements with an id or a name as an outline, scripts and stylesheets as imports
; (capture convention: see contexteer/indexers/languages.py). Script and style contents are not parsed.

((element (start_tag (tag_name) @_t)) @name @definition.heading (#match? @_t "^[hH][1-6]$"))
(element (start_tag (attribute (attribute_name) @_a (quoted_attribute_value (attribute_value) @name)) (#match? @_a "^(id|ID|Id)$"))) @definition.field
(element (start_tag (tag_name) @_t (attribute (attribute_name) @_a (quoted_attribute_value (attribute_value) @name)) (#match? @_t "^[aA]$") (#eq? @_a "name"))) @definition.field

(script_element (start_tag (attribute (attribute_name) @_a (quoted_attribute_value (attribute_value) @import.module)) (#eq? @_a "src"))) @import
(element (start_tag (tag_name) @_t (attribute (attribute_name) @_a (quoted_attribute_value (attribute_value) @import.module)) (#eq? @_t "link") (#eq? @_a "href"))) @import
