"""The core app's one model: site information staff keep current (``site_info``)."""

from cotati_site.core.site_info import SiteInfo  # noqa: F401  (registers the model)
