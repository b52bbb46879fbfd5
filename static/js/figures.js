// figures: the desk's score sheet shows each board's P, result and s as soon as its fields
// are filled, and the match's running swing. The figures come from the server
// (form[data-figures-url], the same rules the save uses): the script only sends the grid's
// fields as they stand and writes back what it is told. Without it, figures show after Save.
(function () {
  "use strict";
  var form = document.querySelector("form[data-figures-url]");
  if (!form || !window.fetch || !window.URLSearchParams) {
    return;
  }
  var url = form.getAttribute("data-figures-url");
  var running = form.querySelector("[data-running-swing]");
  var timer = null;
  var asked = 0;

  function query() {
    var params = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (f) {
      if (f.name && f.name !== "csrf" && f.name !== "version" && f.value !== "") {
        params.append(f.name, f.value);
      }
    });
    return params.toString();
  }

  function show(figures) {
    Object.keys(figures.rows).forEach(function (key) {
      var row = form.querySelector("tr[data-row='" + key + "']");
      if (!row) {
        return;
      }
      var f = figures.rows[key];
      var set = function (attr, text) {
        var cell = row.querySelector("[" + attr + "]");
        if (cell) {
          cell.textContent = text;
        }
      };
      set("data-p", f.p);
      set("data-result", f.problem ? "" : f.result);
      set("data-s", f.s);
      row.classList.toggle("typed-problem", !!f.problem);
      var result = row.querySelector("[data-result]");
      if (result) {
        if (f.problem) {
          result.setAttribute("title", f.problem);
        } else {
          result.removeAttribute("title");
        }
      }
    });
    if (running) {
      running.hidden = figures.compared === 0;
      running.textContent = figures.running;
    }
    form.setAttribute("data-figures-shown", String(asked));
  }

  function ask() {
    asked += 1;
    var mine = asked;
    fetch(url + "?" + query(), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (figures) {
        // Only the answer to the latest question is shown.
        if (figures && mine === asked) {
          show(figures);
        }
      })
      .catch(function () {});
  }

  function soon() {
    if (timer) {
      clearTimeout(timer);
    }
    timer = setTimeout(ask, 120);
  }
  form.addEventListener("input", soon);
  form.addEventListener("change", soon);
})();

// The table page: each board's P, result and s as it is typed, from the server likewise
// (form[data-table-figures-url]); the figures of a saved board are the page's own.
(function () {
  "use strict";
  var form = document.querySelector("form[data-table-figures-url]");
  if (!form || !window.fetch || !window.URLSearchParams) {
    return;
  }
  var url = form.getAttribute("data-table-figures-url");
  var timer = null;
  var asked = 0;

  function query() {
    var params = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (f) {
      if (!f.name || f.value === "" || !/^\d+-/.test(f.name)) {
        return;
      }
      if ((f.type === "radio" || f.type === "checkbox") && !f.checked) {
        return;
      }
      params.append(f.name, f.value);
    });
    return params.toString();
  }

  function show(figures) {
    Object.keys(figures.boards).forEach(function (board) {
      var line = form.querySelector("[data-board-typed='" + board + "']");
      if (!line) {
        return;
      }
      var f = figures.boards[board];
      line.hidden = !f.p && !f.s;
      line.querySelector("[data-p]").textContent = f.p;
      line.querySelector("[data-result]").textContent = f.result;
      line.querySelector("[data-s]").textContent = f.s;
    });
    form.setAttribute("data-figures-shown", String(asked));
  }

  function ask() {
    asked += 1;
    var mine = asked;
    fetch(url + "?" + query(), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (figures) {
        if (figures && mine === asked) {
          show(figures);
        }
      })
      .catch(function () { /* offline: the figures come with the save */ });
  }

  function soon() {
    if (timer) {
      clearTimeout(timer);
    }
    timer = setTimeout(ask, 150);
  }
  form.addEventListener("input", soon);
  form.addEventListener("change", soon);
})();
