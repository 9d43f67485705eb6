// Runs in the page a tutorial video is recorded on (recorder.ts adds it before the page's own
// scripts, where the page's Content-Security-Policy does not reach): draws the intro's title
// banner, and a tour step's highlight, a ring around its control with the rest of the page
// dimmed and the step's title beside it. Styles are set through the DOM, which the policy allows.
(() => {
  const ID = "refrain-tutorial-overlay";
  const ACCENT = "#f59f00";

  const clear = () => document.getElementById(ID)?.remove();

  const div = (styles) => {
    const element = document.createElement("div");
    Object.assign(element.style, styles);
    return element;
  };

  const layer = () => {
    clear();
    const overlay = div({
      position: "fixed",
      inset: "0",
      zIndex: "2147483647",
      pointerEvents: "none",
    });
    overlay.id = ID;
    document.body.append(overlay);
    return overlay;
  };

  const tag = (text, styles) => {
    const element = div({
      position: "absolute",
      padding: "8px 16px",
      borderRadius: "8px",
      font: "600 20px/1.35 'DejaVu Sans', system-ui, sans-serif",
      boxShadow: "0 2px 10px rgba(0, 0, 0, 0.3)",
      ...styles,
    });
    element.textContent = text;
    return element;
  };

  window.refrainTour = {
    /** The first visible element matching `selector` ringed; false when there is none. */
    highlight(selector, title) {
      const target = [...document.querySelectorAll(selector)].find(
        (element) => element.getClientRects().length > 0,
      );
      if (!target) return false;
      // A control taller than the window is shown from its top, anything else in the middle.
      const tall = target.getBoundingClientRect().height > window.innerHeight * 0.7;
      target.scrollIntoView({ block: tall ? "start" : "center", behavior: "instant" });
      const rect = target.getBoundingClientRect();
      const pad = 8;
      const left = Math.max(4, rect.left - pad);
      const top = Math.max(4, rect.top - pad);
      const right = Math.min(window.innerWidth - 4, rect.right + pad);
      const bottom = Math.min(window.innerHeight - 4, rect.bottom + pad);
      const overlay = layer();
      const ring = div({
        position: "absolute",
        left: `${left}px`,
        top: `${top}px`,
        width: `${right - left}px`,
        height: `${bottom - top}px`,
        border: `4px solid ${ACCENT}`,
        borderRadius: "12px",
        boxSizing: "border-box",
        boxShadow: "0 0 0 100vmax rgba(15, 23, 42, 0.45)",
      });
      overlay.append(ring);
      // The title below the ring when there is room, otherwise above it, otherwise inside.
      const place =
        bottom + 60 < window.innerHeight
          ? { top: `${bottom + 10}px` }
          : top > 60
            ? { top: `${top - 54}px` }
            : { top: `${top + 12}px` };
      overlay.append(
        tag(title, {
          left: `${Math.min(left, window.innerWidth - 500)}px`,
          maxWidth: "480px",
          background: ACCENT,
          color: "#1a1b1e",
          ...place,
        }),
      );
      return true;
    },

    /** The tutorial's title across the top of the page. */
    banner(title) {
      layer().append(
        tag(title, {
          bottom: "32px",
          left: "50%",
          transform: "translateX(-50%)",
          padding: "14px 28px",
          font: "700 28px/1.3 'DejaVu Sans', system-ui, sans-serif",
          background: "rgba(26, 27, 30, 0.85)",
          color: "#ffffff",
          border: `3px solid ${ACCENT}`,
        }),
      );
    },

    clear,
  };
})();
