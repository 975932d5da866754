"""Check my lot's wording: the engine answers in codes and numbers, and these modules (with the
templates in templates/rules/) turn them into English.

``words.toml`` holds the words every family shares, each family's folder its own
(``law.engine.words``); ``filters.py`` registers every filter once (the ``rules_wording``
library of Django's templates, and the filters of the checker's Jinja2 environment).
"""
