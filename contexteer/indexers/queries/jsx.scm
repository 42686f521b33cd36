; JSX elements (JavaScript and TSX): a capitalised element is a component reference
((jsx_opening_element name: (identifier) @name) @reference.call (#match? @name "^[A-Z]"))
((jsx_self_closing_element name: (identifier) @name) @reference.call (#match? @name "^[A-Z]"))
