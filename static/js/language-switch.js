/* The language switch follows the address. Search and Check my lot rewrite it as people type
   (htmx, hx-push-url and hx-replace-url), outside the part of the page they swap; the link
   to the other language is moved to the same path and query string, so switching keeps the
   answers. The languages differ by their path prefix alone (cotati_site/core/languages.py):
   data-language-prefix is the link's, data-current-prefix this page's ("" for English). */
(function () {
  "use strict";

  function follow() {
    var links = document.querySelectorAll("a[data-language-prefix]");
    for (var i = 0; i < links.length; i++) {
      var link = links[i];
      var current = link.getAttribute("data-current-prefix");
      var path = location.pathname;
      if (current && (path === current || path.indexOf(current + "/") === 0)) {
        path = path.slice(current.length) || "/";
      }
      // /es//evil.example/ (a 404 page) would otherwise link //evil.example/, another host:
      // the second slash is written %2F, as the server writes it (core/languages.py).
      path = path.replace(/^\/\//, "/%2F");
      link.setAttribute("href", link.getAttribute("data-language-prefix") + path + location.search);
    }
  }

  document.addEventListener("htmx:pushedIntoHistory", follow);
  document.addEventListener("htmx:replacedInHistory", follow);
  window.addEventListener("popstate", follow);
})();
