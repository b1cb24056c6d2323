"""The rulebook site's code: MkDocs hooks (docs/hooks/mkdocs_hooks.py loads `truco_rules.site.hooks`) that
write every generated page of one language from the spec's data, in the words of truco_rules.text."""
