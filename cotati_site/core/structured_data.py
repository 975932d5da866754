"""schema.org structured data, written as JSON-LD that cannot break out of its script element."""

import json

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from cotati_site.core.templatetags.rich_text import sanitize

# The same escapes Django's json_script uses, so text typed by staff can never close the element.
_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


def faq_page(faqs) -> SafeString:
    data = {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": [
            {
                "@type": "Question",
                "name": faq.question,
                "acceptedAnswer": {"@type": "Answer", "text": sanitize(faq.answer)},
            }
            for faq in faqs
        ],
    }
    payload = mark_safe(json.dumps(data, ensure_ascii=False).translate(_ESCAPES))
    return format_html('<script type="application/ld+json">{}</script>', payload)
