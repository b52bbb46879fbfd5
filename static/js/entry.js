// entry: progressive enhancement; every page works without it.
// The score sheet (form[data-entry-form]): Enter saves from a list too (text fields do so
// on their own), and leaving the page with unsaved changes asks first.
(function () {
  "use strict";
  var form = document.querySelector("form[data-entry-form]");
  if (!form) {
    return;
  }
  var dirty = false;
  form.addEventListener("input", function () {
    dirty = true;
  });
  form.addEventListener("change", function () {
    dirty = true;
  });
  form.addEventListener("submit", function () {
    dirty = false;
  });
  form.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key === "Enter" && target && target.tagName === "SELECT" && !event.isComposing) {
      event.preventDefault();
      if (typeof form.requestSubmit === "function") {
        form.requestSubmit();
      } else {
        form.submit();
      }
    }
  });
  window.addEventListener("beforeunload", function (event) {
    if (dirty) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
})();
