"""What the command line and the site both show to people: words in four languages (gettext
catalogues under locale/), divergence witnesses in words, the glossary and the traceability matrix."""
