/* Topic pages: a part collapsed behind its heading (a rule, a question) opens when a link
   leads to it (the key points link to their rules; search results to a rule or a question),
   and every part opens for printing where the stylesheet cannot open it (a browser without
   ::details-content). Without JavaScript the link still lands on the part's heading. */
(function () {
  "use strict";

  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target) return;
    var details = target.matches("details") ? target : target.querySelector(":scope > details");
    for (var node = details || target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") node.open = true;
    }
  }

  var openedForPrint = [];
  window.addEventListener("beforeprint", function () {
    if (CSS.supports && CSS.supports("selector(::details-content)")) return;
    document.querySelectorAll("details:not([open])").forEach(function (details) {
      details.open = true;
      openedForPrint.push(details);
    });
  });
  window.addEventListener("afterprint", function () {
    openedForPrint.forEach(function (details) { details.open = false; });
    openedForPrint = [];
  });
  window.addEventListener("hashchange", openTarget);
  openTarget();
})();
