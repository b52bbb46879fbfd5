// settings: progressive enhancement; every page works without it.
// On the settings form (/d/new, /d/{slug}/settings): the P → s preview follows the band
// fields as they change (the server computes it: /…/preview returns the table as HTML),
// band rows are added and removed in place, the custom table shows only when "custom" is
// chosen, and presets that do not exist for the chosen deck count cannot be picked.
(function () {
  "use strict";

  function init(form) {
    var url = form.getAttribute("data-preview-url");
    var target = form.querySelector("#settings-preview");
    var decks = form.querySelector("#decks");
    var rules = form.querySelector("#rules");
    var bands = form.querySelector("[data-custom-bands]");
    var rows = form.querySelector("[data-band-rows] tbody");
    var previewButton = form.querySelector("[data-preview-button]");
    var timer = null;
    var latest = 0;

    function refresh() {
      if (!url || !target || !window.fetch) { return; }
      var params = new URLSearchParams();
      new FormData(form).forEach(function (value, key) {
        if (key === "decks" || key === "rules" || key === "takeover_at" || key === "step" ||
            key.indexOf("band-") === 0) {
          params.append(key, value);
        }
      });
      var ticket = ++latest;
      fetch(url + "?" + params.toString(), { headers: { "Accept": "text/html" } })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          // Only the answer to the latest change is shown.
          if (html !== null && ticket === latest) { target.innerHTML = html; }
        })
        .catch(function () { /* the Preview button still works */ });
    }

    function later() {
      window.clearTimeout(timer);
      timer = window.setTimeout(refresh, 250);
    }

    // The vp20 and wdl fields show only with their method.
    function showScoring() {
      var chosen = form.querySelector("input[name='match_scoring']:checked");
      form.querySelectorAll("[data-scoring]").forEach(function (part) {
        // A field with an error stays in sight whatever the method.
        part.hidden = chosen !== null && part.getAttribute("data-scoring") !== chosen.value &&
          !part.querySelector(".field-error");
      });
    }

    function showCustom() {
      if (bands && rules) { bands.hidden = rules.value !== "custom"; }
    }

    // On a change of decks a preset that does not exist for them gives way to "standard";
    // on arrival the director's choice stays, so that an error about it still makes sense.
    function limitPresets(changed) {
      if (!decks || !rules) { return; }
      var count = decks.value;
      Array.prototype.forEach.call(rules.options, function (option) {
        var allowed = (option.getAttribute("data-decks") || "").split(" ").indexOf(count) >= 0;
        option.disabled = !allowed && (changed || !option.selected);
      });
      if (changed && rules.selectedOptions.length && rules.selectedOptions[0].disabled) {
        rules.value = "standard";
      }
    }

    function nextIndex() {
      var highest = -1;
      form.querySelectorAll("input[name^='band-min-']").forEach(function (input) {
        var n = parseInt(input.name.slice("band-min-".length), 10);
        if (n > highest) { highest = n; }
      });
      return highest + 1;
    }

    function renumber() {
      if (!rows) { return; }
      Array.prototype.forEach.call(rows.rows, function (row, i) {
        var cell = row.querySelector("th");
        if (cell) { cell.textContent = String(i + 1); }
      });
    }

    function addRow() {
      if (!rows) { return false; }
      var template = rows.querySelector("[data-band-row]");
      if (!template) { return false; }
      var row = template.cloneNode(true);
      var n = nextIndex();
      row.querySelectorAll(".field-error").forEach(function (e) { e.remove(); });
      row.querySelectorAll(".invalid").forEach(function (e) { e.classList.remove("invalid"); });
      row.querySelectorAll("input").forEach(function (input) {
        var which = input.name.indexOf("band-min-") === 0 ? "min" : "s";
        input.name = input.id = "band-" + which + "-" + n;
        input.value = "";
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      });
      row.querySelectorAll("label").forEach(function (label) {
        var which = label.htmlFor.indexOf("band-min-") === 0 ? "min" : "s";
        label.htmlFor = "band-" + which + "-" + n;
      });
      var remove = row.querySelector("[data-remove-band]");
      if (remove) { remove.value = "remove-band-" + n; }
      rows.appendChild(row);
      renumber();
      row.querySelector("input").focus();
      return true;
    }

    form.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !form.contains(button)) { return; }
      if (button.hasAttribute("data-add-band")) {
        if (addRow()) { event.preventDefault(); }
      } else if (button.hasAttribute("data-remove-band")) {
        var row = button.closest("tr");
        // The last row goes by the server, which also says why a table needs one.
        if (row && rows && rows.rows.length > 1) {
          event.preventDefault();
          var next = row.nextElementSibling || row.previousElementSibling;
          row.remove();
          renumber();
          if (next) { next.querySelector("input").focus(); }
          later();
        }
      }
    });

    form.addEventListener("input", function (event) {
      if (event.target.matches("[data-preview-field]")) { later(); }
    });
    form.addEventListener("change", function (event) {
      if (event.target === decks) { limitPresets(true); }
      if (event.target === decks || event.target === rules) { showCustom(); }
      if (event.target.name === "match_scoring") { showScoring(); }
      if (event.target.matches("[data-preview-field]")) { later(); }
    });

    if (previewButton && window.fetch) { previewButton.hidden = true; }
    limitPresets(false);
    showCustom();
    showScoring();
  }

  function start() {
    document.querySelectorAll("form[data-settings-form]").forEach(init);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
