"""Dates and numbers per language, where Django's own locale formats do not suit the site's
readers (FORMAT_MODULE_PATH): only what differs from Django's is set here."""
