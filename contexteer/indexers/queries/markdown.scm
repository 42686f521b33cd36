; Markdown: headings as an outline. A section spans its heading to the next heading of the same or a
; higher level; setext headings are captured on their own lines.

(section (atx_heading heading_content: (_) @name)) @definition.heading
(setext_heading heading_content: (_) @name) @definition.heading
