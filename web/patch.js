// One redraw of the table, applied in one go: web/dom.py works out what changed (in Python)
// and its list of changes comes here (a web/page.js command), because every DOM call from
// Python crosses Pyodide's JavaScript bridge, and the forty-odd crossings of a played card were
// most of a tap's work on a slow phone (about 20 ms of the 30 at CPU x4).
//
// Each change is an array whose first item names it (the ops below). Focus follows the rule of
// web/dom.py: the keyboard's focus (:focus-visible) is given back after a region is redrawn;
// a tap's focus is not, since giving it back forces a style and layout pass.
"use strict";

(() => {
  const region = (root, name) => root.querySelector(`[data-region='${name}']`);

  // Whether the keyboard put the focus inside `element` (a tap's focus does not count).
  const keyboardFocusIn = (element, focused) =>
    focused !== null && element.contains(focused) && focused.matches(":focus-visible");

  // Copy each data-css="--name:value;..." inside `element` into its holder's style through the
  // CSSOM: the Content Security Policy refuses inline style attributes in markup. Each declaration
  // splits at its first colon. web/boot.js paints the saved table with this same function
  // (window.heartsCssVariables), so the two read data-css one way.
  const setCssVariables = element => {
    for (const holder of element.querySelectorAll("[data-css]")) {
      for (const declaration of holder.dataset.css.split(";")) {
        const colon = declaration.indexOf(":");
        if (colon < 0) continue;
        holder.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
      }
    }
  };

  // A region's new markup; the keyboard stays on the same card or action (a card played: on
  // the hand, at the same place).
  const put = (root, name, html) => {
    const element = region(root, name);
    const focused = document.activeElement;
    let keep = null, code = null, index = 0;
    if (keyboardFocusIn(element, focused)) {
      code = focused.getAttribute("data-code");
      const action = focused.getAttribute("data-action");
      keep = code !== null ? `[data-code="${code}"]` : action !== null ? `[data-action="${action}"]` : null;
      if (code !== null) index = [...element.querySelectorAll("[data-code]")].indexOf(focused);
    }
    element.innerHTML = html;
    setCssVariables(element);
    if (keep === null) return;
    let again = element.querySelector(keep);
    if (again === null && code !== null) {
      const cards = element.querySelectorAll("[data-code]");
      again = cards.length ? cards[Math.min(index, cards.length - 1)] : null;
    }
    if (again !== null) again.focus();
  };

  // Your hand in place (web/dom.py's Screen.update_hand works out the change): played cards'
  // buttons removed, the cards at the boundary of the two rows moved, changed attributes set.
  const hand = (root, change) => {
    const element = region(root, "hand");
    const buttons = [...element.querySelectorAll("[data-code]")];
    const drawn = new Map(buttons.map(button => [button.dataset.code, button]));
    const focused = document.activeElement;
    const focusedCode = keyboardFocusIn(element, focused) ? focused.dataset.code : null;
    const focusedAt = buttons.indexOf(focused);
    for (const code of change.remove) drawn.get(code).remove();
    const rows = element.querySelectorAll(".hand-row");
    for (const code of change.up) rows[0].appendChild(drawn.get(code));
    for (const code of [...change.down].reverse()) rows[1].insertBefore(drawn.get(code), rows[1].firstChild);
    for (const [code, name, value] of change.attributes) {
      if (value === null) drawn.get(code).removeAttribute(name);
      else drawn.get(code).setAttribute(name, value);
    }
    if (change.css !== null) {
      element.querySelector(".hand-inner").dataset.css = change.css;
      setCssVariables(element);
    }
    if (focusedCode === null) return;
    const kept = drawn.get(focusedCode);
    if (kept.isConnected) {
      if (document.activeElement !== kept) kept.focus(); // a moved button loses the focus
      return;
    }
    const left = element.querySelectorAll("[data-code]");
    if (left.length) left[Math.min(focusedAt, left.length - 1)].focus();
  };

  // The panel body's scroll position, kept across a redraw of 复盘's viewer (keep-scroll is the
  // first change of a redraw, so reading it forces no layout).
  let keptScroll = null;
  const panelBody = root => region(root, "panel").querySelector(".panel-body");

  const ops = {
    // The table's regions laid out anew, labelled in `language` (web/dom.py's Screen.build).
    build: (root, html, language, title) => {
      root.innerHTML = html;
      document.documentElement.lang = language;
      document.title = title;
    },
    put,
    hand,
    // Data attributes of <html> or of the table (style.css and the tests read them), set only
    // where they differ.
    data: (root, where, values) => {
      const data = (where === "document" ? document.documentElement : root).dataset;
      for (const [name, value] of Object.entries(values)) if (data[name] !== value) data[name] = value;
    },
    // The buttons beside your hand: [index, enabled or null, label or null] each.
    buttons: (root, changes) => {
      const elements = region(root, "actions").querySelectorAll("[data-action]");
      for (const [index, enabled, label] of changes) {
        if (enabled !== null) elements[index].setAttribute("aria-disabled", enabled ? "false" : "true");
        if (label !== null) elements[index].textContent = label;
      }
    },
    flag: (root, name, isTurn, moonThreat) => {
      const seat = region(root, name).closest(".seat");
      seat.classList.toggle("is-turn", isTurn);
      seat.classList.toggle("moon-threat", moonThreat);
    },
    // The trick moving to its winner's place (null: back to the middle).
    sweep: (root, place, places) => {
      const trick = region(root, "trick");
      trick.classList.remove("collect", ...places.map(to => `to-${to}`));
      if (place !== null) trick.classList.add("collect", `to-${place}`);
    },
    slot: (root, place, html) => { region(root, "trick").querySelector(`.slot-${place}`).innerHTML = html; },
    attribute: (root, name, attribute, value) => region(root, name).setAttribute(attribute, value),
    hidden: (root, name, hidden) => { region(root, name).hidden = hidden; },
    "keep-scroll": root => { keptScroll = panelBody(root)?.scrollTop ?? null; },
    "restore-scroll": root => {
      const body = panelBody(root);
      if (body && keptScroll !== null) body.scrollTop = keptScroll;
      keptScroll = null;
    },
    // A dialog that comes up takes the focus: its field, else the button marked data-autofocus
    // (hearts.table.markup; Enter presses it), else its first.
    "focus-panel": (root, field) => {
      const panel = region(root, "panel");
      const element = field ? panel.querySelector("input") :
        panel.querySelector("[data-autofocus]") || panel.querySelector("button");
      if (element !== null) element.focus();
    },
  };

  window.heartsCssVariables = setCssVariables;
  window.heartsPatch = (root, changes) => {
    for (const [op, ...args] of changes) ops[op](root, ...args);
  };
})();
